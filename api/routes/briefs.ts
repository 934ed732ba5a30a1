/**
 * `GET /api/brief` (SPEC.md brief rules 1–5): the stored brief under the caller's `prefs` and
 * `exclude`, refilled to 7 from the pool under the same filters, gentle lead, paywalled below
 * readable → `{items, generated_at}`; items carry their cached `summary` when there is one.
 * `generated_at` is null only before the first brief job (the items are then composed on the fly).
 */
import { Hono } from 'hono';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { toFilter } from '../../core/readmodel/params.ts';
import { briefBytes } from '../../core/readmodel/json.ts';
import { briefGeneratedAt, briefSelection, distinctBriefLines, recentSplit } from '../../core/readmodel/queries.ts';
import { briefAnswer, shownItems } from '../../core/readmodel/answers.ts';
import { sendAnswer } from '../answers.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { readingQuery } from '../reading-query.ts';

/** The brief sub-app. */
export function briefRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', readingQuery, async (c) => {
    const now = deps.now();
    const q = c.req.valid('query');
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    // The brief honours prefs and exclude only; feed narrowing (tag, topic, ...) does not apply.
    const filter = { ...toFilter(q, now, null), tag: null, topic: null, mood: null, sourceId: null };
    // The bytes of `c.json(briefFor(...))`, from per-card JSON encoded once (core/readmodel/json.ts),
    // remembered per snapshot and recent window for requests that share them, by query or by the
    // articles chosen (core/readmodel/answers.ts).
    const choose = () => shownItems(briefSelection(snapshot, filter, now), (chosen) => briefBytes(distinctBriefLines(chosen), briefGeneratedAt(snapshot)));
    const answer = briefAnswer(snapshot, recentSplit(snapshot, now), q.answerKey, choose);
    return sendAnswer(c, answer);
  });
  return app;
}
