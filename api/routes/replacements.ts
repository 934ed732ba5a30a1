/**
 * `GET /api/replacement`: the next-best readable article the caller has not been shown (`exclude`
 * = the ids already on screen) under their `prefs`; with `gentle=true` (hero swaps) also gentle.
 * Answers `{"item": <card>}`, or `{"item": null}` when none remain (the client shows a notice).
 * `tag`, `topic`, `mood` and `source_id` optionally keep the replacement within the current feed.
 */
import { Hono } from 'hono';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { toFilter } from '../../core/readmodel/params.ts';
import { replacementFor } from '../../core/readmodel/queries.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { readingQuery } from '../reading-query.ts';

/** The replacement sub-app. */
export function replacementRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', readingQuery, async (c) => {
    const q = c.req.valid('query');
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    return c.json({ item: replacementFor(snapshot, toFilter(q, deps.now(), null), q.gentle) });
  });
  return app;
}
