/**
 * `GET /api/since?ts=`: `{count, items}` for public articles discovered strictly after `ts` (ISO-8601
 * or epoch ms), under the caller's `prefs`; `items` are the newest `limit` (default 20, max 50).
 * An invalid or future `ts` is 200 `{count:0, items:[]}` (SPEC.md Errors).
 */
import { Hono } from 'hono';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { parseReadingQuery, parseSinceTs, toFilter } from '../../core/readmodel/params.ts';
import { sinceFor } from '../../core/readmodel/queries.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** The since sub-app. */
export function sinceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    const now = deps.now();
    const params = new URL(c.req.url).searchParams;
    const ts = parseSinceTs(params.get('ts'), now);
    if (ts === null) return c.json({ count: 0, items: [] });
    const q = parseReadingQuery(params, now);
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    return c.json(sinceFor(snapshot, toFilter(q, null), ts, q.limit));
  });
  return app;
}
