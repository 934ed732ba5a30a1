/** The reader's saved articles (SPEC.md "Signed-in reader endpoints"): ids that no longer exist are skipped. */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isValidId } from '../../core/domain/ids.ts';
import { ValidationError } from '../../core/platform/errors.ts';
import { addSaved, articleExists, findArticleCards, listSaved, removeSaved } from '../../core/store/saved.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser } from '../session.ts';

/** The article id of a request: `?article_id=` or a JSON body `{"article_id"}` (422 when malformed). */
export async function articleIdOf(c: Context<AppEnv>): Promise<string> {
  let id: unknown = c.req.query('article_id') ?? c.req.query('id');
  if (id === undefined) {
    const body = (await c.req.json().catch(() => null)) as { article_id?: unknown; id?: unknown } | null;
    id = body?.article_id ?? body?.id;
  }
  if (!isValidId(id)) throw new ValidationError('article_id must be a valid article id.', 'invalid_article_id');
  return id;
}

/** Reject bodies over `bytes` with a 422 instead of reading them. */
export function limitBody(bytes: number) {
  return bodyLimit({ maxSize: bytes, onError: () => { throw new ValidationError('The request body is too large.', 'payload_too_large'); } });
}

/** `/api/saved`: list, ids, save, unsave. */
export function savedRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', limitBody(4 * 1024));

  app.get('/', async (c) => {
    const user = await requireUser(c);
    const entries = await listSaved(deps.db, user._id);
    const cards = await findArticleCards(deps.db, entries.map((e) => e.article_id));
    const items = entries.flatMap((e) => {
      const card = cards.get(e.article_id);
      return card ? [{ ...card, saved_at: e.saved_at.toISOString() }] : [];
    });
    return c.json({ items });
  });

  app.get('/ids', async (c) => {
    const user = await requireUser(c);
    const entries = await listSaved(deps.db, user._id);
    const cards = await findArticleCards(deps.db, entries.map((e) => e.article_id));
    return c.json({ ids: entries.map((e) => e.article_id).filter((id) => cards.has(id)) });
  });

  app.post('/', async (c) => {
    const user = await requireUser(c);
    const id = await articleIdOf(c);
    // An id with no article is skipped, not an error (it may have been removed since it was shown).
    if (!(await articleExists(deps.db, id))) return c.json({ article_id: id, saved: false, skipped: true });
    await addSaved(deps.db, user._id, id, deps.now());
    return c.json({ article_id: id, saved: true });
  });

  app.delete('/', async (c) => {
    const user = await requireUser(c);
    const id = await articleIdOf(c);
    await removeSaved(deps.db, user._id, id);
    return c.json({ article_id: id, saved: false });
  });

  return app;
}
