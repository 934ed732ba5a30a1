/**
 * Encoded answers of the anonymous reading routes (`/api/feed`, `/api/brief`), remembered per
 * snapshot: readers with the same query (no prefs, or the same prefs blob, the same page) get the
 * same bytes until the pool changes, so the answer is built and UTF-8 encoded once per snapshot
 * instead of once per request. What an answer depends on decides where it is kept:
 * - the snapshot object (a new load, or a copy with a new stored brief, starts empty; summaries
 *   patched into it in place clear it, see `patchSummaries`);
 * - for the brief, also the recent-window split of `now` (a new split starts empty);
 * - the request, through `answerKey` (core/readmodel/params.ts): null, so never remembered, when
 *   the answer depends on the clock (prefs with a pause) or on the caller (`following`).
 * Bounded: at most MAX_ANSWERS per snapshot and kind; when full, the oldest half is forgotten.
 */
import type { RecentSplit } from '../domain/brief.ts';
import type { PoolArticle } from '../domain/card.ts';
import type { Snapshot } from './snapshot.ts';

/** At most this many answers are kept per snapshot and route (a feed page is ~11 KB). */
export const MAX_ANSWERS = 512;

interface BriefAnswers {
  split: RecentSplit<PoolArticle>;
  answers: Map<string, Uint8Array<ArrayBuffer>>;
}

const utf8 = new TextEncoder();
const feedAnswers = new WeakMap<Snapshot, Map<string, Uint8Array<ArrayBuffer>>>();
const briefAnswers = new WeakMap<Snapshot, BriefAnswers>();

function remember(answers: Map<string, Uint8Array<ArrayBuffer>>, key: string | null, build: () => string): Uint8Array<ArrayBuffer> {
  if (key === null) return utf8.encode(build());
  let body = answers.get(key);
  if (body === undefined) {
    body = utf8.encode(build());
    if (answers.size >= MAX_ANSWERS) {
      // Maps iterate in insertion order: drop the older half.
      let drop = answers.size >> 1;
      for (const old of answers.keys()) {
        if (drop-- <= 0) break;
        answers.delete(old);
      }
    }
    answers.set(key, body);
  }
  return body;
}

/** The encoded feed answer for `key` in `s`, built by `build` when not remembered (or `key` is null). */
export function feedAnswer(s: Snapshot, key: string | null, build: () => string): Uint8Array<ArrayBuffer> {
  let answers = feedAnswers.get(s);
  if (!answers) feedAnswers.set(s, (answers = new Map()));
  return remember(answers, key, build);
}

/** The encoded brief answer for `key` in `s` under the recent-window `split` of the request's `now`. */
export function briefAnswer(s: Snapshot, split: RecentSplit<PoolArticle>, key: string | null, build: () => string): Uint8Array<ArrayBuffer> {
  let held = briefAnswers.get(s);
  if (!held || held.split !== split) briefAnswers.set(s, (held = { split, answers: new Map() }));
  return remember(held.answers, key, build);
}

/** Forget every answer of `s` (its articles changed in place). */
export function forgetAnswers(s: Snapshot): void {
  feedAnswers.delete(s);
  briefAnswers.delete(s);
}
