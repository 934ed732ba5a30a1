/**
 * `GET /api/brief` (SPEC.md brief rules 1–5): the stored brief under the caller's `prefs` and
 * `exclude`, refilled to 7 from the pool under the same filters, gentle lead, paywalled below
 * readable → `{items, generated_at}`; items carry their cached `summary` when there is one.
 * `generated_at` is null only before the first brief job (the items are then composed on the fly).
 */
import { Hono } from 'hono';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { briefAnswerOf } from '../../core/readmodel/reading.ts';
import { sendAnswer } from '../answers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { readingQuery } from '../reading-query.ts';

/** The brief sub-app. */
export function briefRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', readingQuery, async (c) => {
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    // The same composition as Node's server's (api/reading-host.ts): core/readmodel/reading.ts.
    return sendAnswer(c, briefAnswerOf(snapshot, c.req.valid('query'), deps.now()));
  });
  return app;
}
