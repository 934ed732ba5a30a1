/**
 * `GET /api/feed` (SPEC.md "Public reading", CONTRACT.md paging): an array of cards, `ranked`
 * (best-first, paywalled below readable) or `latest` (pure recency), narrowed by `tag`, `topic`,
 * `mood`, `source_id`, `exclude`, `following` and the caller's `prefs`; paged by `offset` / `limit`.
 * Served from the read model: no database round trip (except a signed-in caller's follows).
 */
import { Hono } from 'hono';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { feedAnswerOf } from '../../core/readmodel/reading.ts';
import { followsOf } from '../../core/store/pool.ts';
import { sendAnswer } from '../answers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { readingQuery } from '../reading-query.ts';
import { currentUser } from '../session.ts';

/** The feed sub-app. */
export function feedRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', readingQuery, async (c) => {
    const q = c.req.valid('query');
    let following = null;
    if (q.following) {
      // SPEC.md Errors: an anonymous `following=true` is an empty list, not an error.
      const user = await currentUser(c);
      if (!user) return c.json([]);
      following = await followsOf(deps.db, user._id);
      if (following.sources.size === 0 && following.tags.size === 0) return c.json([]);
    }
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    // The same composition as Node's server's (api/reading-host.ts): core/readmodel/reading.ts.
    return sendAnswer(c, feedAnswerOf(snapshot, q, deps.now, following));
  });
  return app;
}
