/**
 * The reader's history (SPEC.md: only deliberate events, an article opened or replaced away; per
 * user; individually removable). Ids that no longer exist are skipped.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isValidId } from '../../core/domain/ids.ts';
import { HISTORY_EVENTS } from '../../core/domain/user.ts';
import { ValidationError } from '../../core/platform/errors.ts';
import { clearHistory, listHistory, recordHistory, removeHistory, trimHistory } from '../../core/store/history.ts';
import { articleExists } from '../../core/store/saved.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser, signedIn } from '../session.ts';
import { jsonBody } from '../validate.ts';
import { ArticleId, entryCards } from './saved.ts';

const Entry = z.object({
  article_id: ArticleId,
  // Only deliberate events; passive ones (impressions, scrolls) are refused.
  event: z.enum(HISTORY_EVENTS).default('opened'),
});

/** `/api/history`: list, add, clear, remove one. */
export function historyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireUser(c);
    const entries = await listHistory(deps.db, user._id);
    return c.json({ items: await entryCards(deps.db, entries, (e) => ({ event: e.event, at: e.at.toISOString() })) });
  });

  app.post('/', signedIn, jsonBody(Entry, { maxBytes: 4 * 1024, code: 'invalid_history_entry' }), async (c) => {
    const user = await requireUser(c);
    const { article_id, event } = c.req.valid('json');
    if (!(await articleExists(deps.db, article_id))) return c.json({ article_id, recorded: false, skipped: true });
    await recordHistory(deps.db, user._id, article_id, event, deps.now());
    await trimHistory(deps.db, user._id);
    return c.json({ article_id, event, recorded: true });
  });

  app.delete('/', async (c) => {
    const user = await requireUser(c);
    const removed = await clearHistory(deps.db, user._id);
    return c.json({ removed });
  });

  app.delete('/:id', async (c) => {
    const user = await requireUser(c);
    const id = c.req.param('id');
    if (!isValidId(id)) throw new ValidationError('Not a valid article id.', 'invalid_article_id');
    // An entry that is already gone is not an error: the end state is what the client asked for.
    return c.json({ article_id: id, removed: await removeHistory(deps.db, user._id, id) });
  });

  return app;
}
