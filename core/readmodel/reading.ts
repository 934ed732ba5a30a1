/**
 * The answers of the two reading routes, `GET /api/brief` and `GET /api/feed`, composed from a
 * parsed query over a snapshot: one function per route, for both of the route's hosts (the app's
 * route in api/routes/ and Node's server in api/reading-host.ts), so the two cannot disagree.
 */
import type { FeedFilter } from '../domain/filter.ts';
import { briefAnswer, feedAnswer, shownItems, type Answer } from './answers.ts';
import { briefBytes, cardSlotsOf, cardsTagged } from './json.ts';
import { toFilter, type ReadingParams } from './params.ts';
import { briefGeneratedAt, briefSelection, distinctBriefLines, feedPageOf, recentSplit } from './queries.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * The brief of `q` at `now` (SPEC.md brief rules 1-5): the prefs and `exclude` apply, feed
 * narrowing (tag, topic, mood, source) does not. The bytes come from per-card JSON encoded once
 * (core/readmodel/json.ts), remembered per snapshot and recent window for requests that share
 * them, by query or by the articles chosen (core/readmodel/answers.ts).
 */
export function briefAnswerOf(s: Snapshot, q: ReadingParams, now: Date): Answer {
  // Inline closures (a named one costs a `__name` call per request under tsx's keepNames); the
  // filter is made only when the answer is not remembered.
  return briefAnswer(s, recentSplit(s, now), q.answerKey, () =>
    shownItems(briefSelection(s, { ...toFilter(q, now, null), tag: null, topic: null, mood: null, sourceId: null }, now), (chosen) =>
      briefBytes(distinctBriefLines(chosen), briefGeneratedAt(s)),
    ),
  );
}

/**
 * The feed page of `q`, narrowed to `following` when the caller asked for it (resolved by the
 * route). The clock is read only when the page is built (a pause in the prefs): a remembered page
 * costs no `Date`.
 */
export function feedAnswerOf(s: Snapshot, q: ReadingParams, clock: () => Date, following: FeedFilter['following']): Answer {
  return feedAnswer(s, q.answerKey, () => {
    const page = feedPageOf(s, toFilter(q, clock(), following), q.sort, q.offset, q.limit);
    return cardsTagged(page.cards, page.seqs, cardSlotsOf(s.all));
  });
}
