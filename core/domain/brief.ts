/**
 * The daily brief (SPEC.md "Brief", brief rules 1–5): its stored shape, and the pure composition
 * used both by the brief job (from the recent pool) and per request (the stored brief under the
 * caller's `prefs` and `exclude`, refilled from the pool under the same filters).
 */
import type { PoolArticle } from './card.ts';

/** Brief size (SPEC.md "Limits"). */
export const BRIEF_SIZE = 7;

/** The brief as stored in the `briefs` collection under `_id: 'current'`. */
export interface BriefDoc {
  _id: string;
  /** Ordered article ids; the first is the gentle lead. */
  item_ids: string[];
  /** Advances only when the composed selection changes. */
  generated_at: Date;
  /** When the brief job last ran (whether or not the selection changed). */
  checked_at: Date;
}

/** What composition reads from an article. */
export type BriefCandidate = Pick<PoolArticle, 'id' | 'source_id' | 'topic' | 'paywalled' | 'hasImage' | 'gentle' | 'time'>;

/** The job composes from stories published in this window first (older ones only to reach 7). */
export const BRIEF_RECENT_MS = 48 * 3_600_000;
/** How many filtered candidates one composition looks at (bounds the per-request work). */
export const BRIEF_CANDIDATE_CAP = 300;

/** Lead preference tier: 0 gentle + image + readable, 1 gentle + readable, 2 gentle, 3 not gentle. */
export function leadTier(a: BriefCandidate): number {
  if (!a.gentle) return 3;
  if (a.paywalled) return 2;
  return a.hasImage ? 0 : 1;
}

/** The best-tier item of `at(0)`, `at(1)`, ... (until undefined), the first of its tier; null when none is gentle. */
function bestByTier<T extends BriefCandidate>(at: (i: number) => T | undefined): T | null {
  let best: T | null = null;
  let bestTier = 3;
  for (let i = 0; ; i += 1) {
    const a = at(i);
    if (a === undefined) return best;
    const tier = leadTier(a);
    if (tier < bestTier) {
      best = a;
      bestTier = tier;
    }
    // Nothing beats tier 0 and ties keep the first: stop reading (candidates are lazy).
    if (bestTier === 0) return best;
  }
}

/**
 * The lead (rule 4): the best-tier gentle item among those kept; only when none of them is gentle,
 * the best-tier gentle candidate from the pool (so a stored brief's lead is not churned by every
 * newer story, yet the lead is gentle whenever a gentle item exists). Null when nothing is gentle.
 * The pool's candidates are read as `at(0)`, `at(1)`, ... (until undefined), only as far as needed.
 */
function leadOf<T extends BriefCandidate>(kept: readonly T[], at: (i: number) => T | undefined): T | null {
  return bestByTier((i) => kept[i]) ?? bestByTier(at);
}

/** Whether one of `items` has the id `id` (a brief's few items: a scan beats hashing into a `Set`). */
function hasId<T extends BriefCandidate>(items: readonly T[], id: string): boolean {
  for (let i = 0; i < items.length; i += 1) if ((items[i] as T).id === id) return true;
  return false;
}

/** Whether one of `items` is from `source` or, when `topic` is not null, about `topic`. */
function sharesSourceOrTopic<T extends BriefCandidate>(items: readonly T[], source: string, topic: string | null): boolean {
  for (let i = 0; i < items.length; i += 1) {
    const b = items[i] as T;
    if (b.source_id === source || b.topic === topic) return true;
  }
  return false;
}

/**
 * Fill `kept` up to `size` from the candidates `at(0)`, `at(1)`, ... (rank order, until undefined;
 * without `skip`), preferring new sources and topics: three passes, new source and topic first,
 * then new source, then any. What is chosen so far is `out` itself (at most `size` items), scanned
 * rather than hashed into three `Set`s: this runs on every first-seen brief request
 * (docs/benchmarks.md, "A first-seen query read and brief chosen with less work").
 */
function fillFrom<T extends BriefCandidate>(kept: readonly T[], at: (i: number) => T | undefined, skip: T | null, size: number): T[] {
  const out = kept.slice(0, size);
  for (let pass = 0; pass < 3; pass += 1) {
    for (let i = 0; ; i += 1) {
      if (out.length >= size) return out;
      const a = at(i);
      if (a === undefined) break;
      if (a === skip || hasId(out, a.id)) continue;
      if (pass < 2 && sharesSourceOrTopic(out, a.source_id, pass === 0 ? a.topic : null)) continue;
      out.push(a);
    }
  }
  return out;
}

/** Final order: the lead first, then readable before paywalled (rule 5), otherwise stable. */
export function orderBrief<T extends BriefCandidate>(items: readonly T[], lead: T | null): T[] {
  const out: T[] = lead ? [lead] : [];
  for (let i = 0; i < items.length; i += 1) if (items[i] !== lead && !(items[i] as T).paywalled) out.push(items[i] as T);
  for (let i = 0; i < items.length; i += 1) if (items[i] !== lead && (items[i] as T).paywalled) out.push(items[i] as T);
  return out;
}

/**
 * Whether a candidate may enter the brief; `seg` and `pos` say where it stands (`segments[seg][pos]`),
 * so a caller holding facts about its lists by position need not read the item (core/readmodel/queries.ts).
 */
export type Accept<T> = (a: T, seg: number, pos: number) => boolean;

/** The first `cap` items of `segments` (walked in turn, each in rank order) that `accept` lets through. */
export function collectCandidates<T>(segments: readonly (readonly T[])[], accept: Accept<T>, cap = BRIEF_CANDIDATE_CAP): T[] {
  const out: T[] = [];
  for (let seg = 0; seg < segments.length; seg += 1) {
    const list = segments[seg] as readonly T[];
    for (let i = 0; i < list.length; i += 1) {
      const a = list[i] as T;
      if (!accept(a, seg, i)) continue;
      out.push(a);
      if (out.length >= cap) return out;
    }
  }
  return out;
}

/**
 * `collectCandidates(segments, accept, cap)` read lazily: `at(i)` filters only as far as item `i`,
 * remembering what it found, so every reader of the candidates sees the same list.
 */
export function lazyCandidates<T>(segments: readonly (readonly T[])[], accept: Accept<T>, cap = BRIEF_CANDIDATE_CAP): (i: number) => T | undefined {
  const found: T[] = [];
  let seg = 0;
  let pos = 0;
  return (i) => {
    while (found.length <= i && found.length < cap && seg < segments.length) {
      const list = segments[seg] as readonly T[];
      if (pos >= list.length) {
        seg += 1;
        pos = 0;
        continue;
      }
      const a = list[pos] as T;
      if (accept(a, seg, pos)) found.push(a);
      pos += 1;
    }
    return found[i];
  };
}

/**
 * Rules 1–5 for one request: keep the stored items `accept` lets through (rules 2–3 drop excluded
 * and boundary-filtered ones), pick the gentle lead, refill to `size` from the ranked pool under the
 * same `accept`, then order (lead, readable, paywalled). `ranked` is the pool in candidate order, as
 * consecutive segments (see `splitRecent`). With no stored brief, `stored` is empty and this is the
 * composition itself. `accept` is asked `accept(a)` of a stored item and `accept(a, seg, pos)` of
 * `ranked[seg][pos]`.
 */
export function applyBriefRules<T extends BriefCandidate>(
  stored: readonly T[],
  ranked: readonly (readonly T[])[],
  accept: (a: T, seg?: number, pos?: number) => boolean,
  size = BRIEF_SIZE,
): T[] {
  // The first BRIEF_CANDIDATE_CAP accepted items, filtered only as far as composition reads them
  // (`accept` first: it may settle an item from its place alone, without reading it).
  return briefFrom(stored, accept, (keep) => lazyCandidates(ranked, (a, seg, pos) => accept(a, seg, pos) && keep(a)), size);
}

/**
 * The pool's candidates of one composition, given `keep` (false for the stored items already kept,
 * which the pool must not offer again): `at(i)` is the `i`-th item of the pool in candidate order
 * that the request's filter lets through and `keep` keeps, found only as far as asked (undefined
 * past the last, and past BRIEF_CANDIDATE_CAP items), the same at every call: `lazyCandidates` over
 * the segments, or a faster walk giving the same items (core/readmodel/ranked-walk.ts).
 */
export type CandidatesOf<T> = (keep: (a: T) => boolean) => (i: number) => T | undefined;

/** `applyBriefRules` with the pool's candidates read through `candidates` (see `CandidatesOf`); `accept` is asked of the stored items. */
export function briefFrom<T extends BriefCandidate>(stored: readonly T[], accept: (a: T) => boolean, candidates: CandidatesOf<T>, size = BRIEF_SIZE): T[] {
  let kept: T[] = [];
  for (let i = 0; i < stored.length && kept.length < size; i += 1) if (accept(stored[i] as T)) kept.push(stored[i] as T);
  // The stored items kept, before a lead from the pool joins them: the pool never offers these again.
  const stays = kept;
  const at = candidates((a) => !hasId(stays, a.id));
  const lead = leadOf(kept, at);
  let skip: T | null = null;
  if (lead && !hasId(stays, lead.id)) {
    // A gentle lead from the pool takes the place of the last kept item when the brief is full.
    kept = [lead, ...kept].slice(0, size);
    skip = lead;
  }
  return orderBrief(fillFrom(kept, at, skip, size), lead);
}

/**
 * The ranked pool split at a cutoff: `recent` (time >= cutoff) then `older`, each in rank order (the
 * candidate order: recent stories first). The same split holds for every cutoff in `(from, to]`, so
 * a read model can keep it and split again only when `now` moves the cutoff past an item.
 */
export interface RecentSplit<T> {
  recent: T[];
  older: T[];
  /** Latest time among `older` (-Infinity when none). */
  from: number;
  /** Earliest time among `recent` (Infinity when none). */
  to: number;
}

/** Split `ranked` at `cutoff` (ms) in one pass. */
export function splitRecent<T extends BriefCandidate>(ranked: readonly T[], cutoff: number): RecentSplit<T> {
  const split: RecentSplit<T> = { recent: [], older: [], from: -Infinity, to: Infinity };
  for (const a of ranked) {
    if (a.time >= cutoff) {
      split.recent.push(a);
      if (a.time < split.to) split.to = a.time;
    } else if (a.time < cutoff) {
      split.older.push(a);
      if (a.time > split.from) split.from = a.time;
    }
    // A NaN time is in neither window at any cutoff (as the job always had it), so it bounds nothing.
  }
  return split;
}

/** True when `split` is exactly what `splitRecent` would give at `cutoff`. */
export function splitHolds<T>(split: RecentSplit<T>, cutoff: number): boolean {
  return cutoff > split.from && cutoff <= split.to;
}

/** The cutoff of the recent window at `now`. */
export const recentCutoff = (now: Date, windowMs = BRIEF_RECENT_MS): number => now.getTime() - windowMs;

/** The job's composition: 7 items, diverse in topic and source, gentle lead, from the recent pool. */
export function composeBrief<T extends BriefCandidate>(ranked: readonly T[], now: Date, size = BRIEF_SIZE): T[] {
  const split = splitRecent(ranked, recentCutoff(now));
  return applyBriefRules([], [split.recent, split.older], () => true, size);
}

/** True when two selections are the same ordered ids (then `generated_at` must not advance). */
export function sameSelection(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
