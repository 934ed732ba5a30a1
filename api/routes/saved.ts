/** The reader's saved articles (SPEC.md "Signed-in reader endpoints"): ids that no longer exist are skipped. */
import { Hono } from 'hono';
import { z } from 'zod';
import { isValidId } from '../../core/domain/ids.ts';
import { addSaved, articleExists, findArticleCards, listSaved, removeSaved } from '../../core/store/saved.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser, signedIn } from '../session.ts';
import { queryOrJsonBody } from '../validate.ts';

/** An article id as a reader's request names it. */
export const ArticleId = z.string().refine(isValidId, 'not a valid article id (1 to 64 letters, digits, "_" or "-")');

/** The article of a request: `?article_id=` (or `?id=`), or the same in a JSON body. */
const ArticleRef = z
  .object({ article_id: ArticleId.optional(), id: ArticleId.optional() })
  .refine((ref) => (ref.article_id ?? ref.id) !== undefined, { message: 'missing', path: ['article_id'] })
  .transform((ref) => ({ article_id: ref.article_id ?? ref.id ?? '' }));

const articleRef = queryOrJsonBody(ArticleRef, ['article_id', 'id'], { maxBytes: 4 * 1024, code: 'invalid_article_id' });

/** The cards of `entries`' articles that still exist, in order, each with what `extra` adds (saved, history). */
export async function entryCards<E extends { article_id: string }, X extends object>(db: AppDeps['db'], entries: E[], extra: (entry: E) => X) {
  const cards = await findArticleCards(db, entries.map((e) => e.article_id));
  return entries.flatMap((e) => {
    const card = cards.get(e.article_id);
    return card ? [{ ...card, ...extra(e) }] : [];
  });
}

/** `/api/saved`: list, ids, save, unsave. */
export function savedRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireUser(c);
    const entries = await listSaved(deps.db, user._id);
    return c.json({ items: await entryCards(deps.db, entries, (e) => ({ saved_at: e.saved_at.toISOString() })) });
  });

  app.get('/ids', async (c) => {
    const user = await requireUser(c);
    const entries = await listSaved(deps.db, user._id);
    const cards = await findArticleCards(deps.db, entries.map((e) => e.article_id));
    return c.json({ ids: entries.map((e) => e.article_id).filter((id) => cards.has(id)) });
  });

  app.post('/', signedIn, articleRef, async (c) => {
    const user = await requireUser(c);
    const id = c.req.valid('json').article_id;
    // An id with no article is skipped, not an error (it may have been removed since it was shown).
    if (!(await articleExists(deps.db, id))) return c.json({ article_id: id, saved: false, skipped: true });
    await addSaved(deps.db, user._id, id, deps.now());
    return c.json({ article_id: id, saved: true });
  });

  app.delete('/', signedIn, articleRef, async (c) => {
    const user = await requireUser(c);
    const id = c.req.valid('json').article_id;
    await removeSaved(deps.db, user._id, id);
    return c.json({ article_id: id, saved: false });
  });

  return app;
}
