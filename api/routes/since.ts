/**
 * `GET /api/since?ts=`: `{count, items}` for public articles discovered strictly after `ts` (ISO-8601
 * or epoch ms), under the caller's `prefs`; `items` are the newest `limit` (default 20, max 50).
 * An invalid or future `ts` is 200 `{count:0, items:[]}` (SPEC.md Errors), whatever the other
 * parameters say: a query that fails its schema with such a `ts` is that empty answer, not a 422.
 */
import { Hono, type Context } from 'hono';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { parseSinceTs, SINCE_QUERY, toFilter } from '../../core/readmodel/params.ts';
import { sinceFor } from '../../core/readmodel/queries.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { query } from '../validate.ts';

const NOTHING_SINCE = { count: 0, items: [] };

/** The empty answer when the raw `ts` of a query that failed its schema is unusable. */
function unusableTs(deps: AppDeps) {
  return (raw: Record<string, string | string[]>, c: Context): Response | undefined => {
    const ts = Array.isArray(raw.ts) ? raw.ts[0] : raw.ts;
    return parseSinceTs(ts, deps.now()) === null ? c.json(NOTHING_SINCE) : undefined;
  };
}

/** The since sub-app. */
export function sinceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', query(SINCE_QUERY, 'invalid_input', unusableTs(deps)), async (c) => {
    const now = deps.now();
    const { ts: raw, reading: q } = c.req.valid('query');
    const ts = parseSinceTs(raw, now);
    if (ts === null) return c.json(NOTHING_SINCE);
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    return c.json(sinceFor(snapshot, toFilter(q, now, null), ts, q.limit));
  });
  return app;
}
