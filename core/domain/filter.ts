/**
 * The ONE filter every reading endpoint uses (feed, brief refill, replacement, counts, since), so
 * the invariant "a reader's boundaries are always honoured" cannot drift between them; and the two
 * orders: `ranked` (best-first, paywalled below readable) and `latest` (pure recency).
 */
import type { PoolArticle } from './card.ts';
import type { AvoidTerm, Boundaries } from './prefs.ts';
import { tagFamily, type Mood } from './taxonomy.ts';

/** Everything that narrows a reading request, already parsed. */
export interface FeedFilter {
  boundaries: Boundaries;
  tag: string | null;
  topic: string | null;
  mood: Mood | null;
  sourceId: string | null;
  exclude: ReadonlySet<string>;
  /** Signed-in `following=true`: followed sources and tags (an article matching either passes). */
  following: { sources: ReadonlySet<string>; tags: ReadonlySet<string> } | null;
}

/** What the filter reads from an article (PoolArticle has it all; without `folded` every avoid pattern runs, without `seq` nothing is remembered). */
export type Filterable = Pick<PoolArticle, 'id' | 'source_id' | 'topic' | 'flavor' | 'tags' | 'cortisol' | 'ragebait' | 'text'> &
  Partial<Pick<PoolArticle, 'folded' | 'seq'>>;

/**
 * Remembered verdicts of the avoid-terms, one array per term of `Boundaries.avoid` (same order; null
 * = not remembered), indexed by the article's `seq`: 0 untested, 1 the term matches the article's
 * text, 2 it does not. A read model keeps them per snapshot and term (built lazily), so the
 * pattern of a term runs at most once per article and snapshot, whichever reader avoids it.
 */
export type AvoidMemo = readonly (Uint8Array | null)[];

/** Whether `term` matches `a`'s text; its key, absent from the folded text, settles it without the pattern. */
function termMatches(a: Filterable, term: AvoidTerm): boolean {
  if (term.key !== null && a.folded !== undefined && !a.folded.includes(term.key)) return false;
  return term.pattern.test(a.text);
}

/** True when some avoid-term matches `a` (remembered in `memo` when given). */
function avoided(a: Filterable, terms: readonly AvoidTerm[], memo: AvoidMemo | undefined): boolean {
  const seq = a.seq ?? -1;
  for (let k = 0; k < terms.length; k += 1) {
    const term = terms[k] as AvoidTerm;
    const seen = memo?.[k];
    if (seen && seq >= 0 && seq < seen.length) {
      let verdict = seen[seq];
      if (verdict === 0) seen[seq] = verdict = termMatches(a, term) ? 1 : 2;
      if (verdict === 1) return true;
    } else if (termMatches(a, term)) return true;
  }
  return false;
}

/** True when one of `tags` is muted. */
function mutedTag(tags: readonly string[], muted: ReadonlySet<string>): boolean {
  for (let i = 0; i < tags.length; i += 1) if (muted.has(tags[i] as string)) return true;
  return false;
}

/** True when the reader's boundaries (mutes, includes, ceilings, avoid-terms, pauses) let `a` through. */
export function withinBoundaries(a: Filterable, b: Boundaries, memo?: AvoidMemo): boolean {
  if (b.muteTopics.has(a.topic) || b.muteFlavors.has(a.flavor) || b.muteSources.has(a.source_id)) return false;
  if (b.includeTopics.size > 0 && !b.includeTopics.has(a.topic)) return false;
  if (b.includeFlavors.size > 0 && !b.includeFlavors.has(a.flavor)) return false;
  if (b.muteTags.size > 0 && mutedTag(a.tags, b.muteTags)) return false;
  if (b.maxCortisol !== null && a.cortisol > b.maxCortisol) return false;
  if (b.maxRagebait !== null && a.ragebait > b.maxRagebait) return false;
  // Last: the only check that may cost a regular expression (remembered, and after a substring pre-test).
  if (b.avoid.length > 0 && avoided(a, b.avoid, memo)) return false;
  return true;
}

/** True when `a` belongs to the mood preset (include topics, flavors OR tag families, ceilings). */
export function inMood(a: Filterable, mood: Mood): boolean {
  if (mood.include_topics?.length && !mood.include_topics.includes(a.topic)) return false;
  if (mood.max_cortisol !== undefined && a.cortisol > mood.max_cortisol) return false;
  if (mood.max_ragebait !== undefined && a.ragebait > mood.max_ragebait) return false;
  const flavors = mood.include_flavors ?? [];
  const families = mood.include_tag_families ?? [];
  if (flavors.length === 0 && families.length === 0) return true;
  if (flavors.includes(a.flavor)) return true;
  return a.tags.some((t) => {
    const family = tagFamily(t);
    return family !== null && families.includes(family);
  });
}

/** The predicate for a parsed request: the public pool is assumed (the read model holds only it). `memo`: see AvoidMemo. */
export function matches(a: Filterable, f: FeedFilter, memo?: AvoidMemo): boolean {
  if (f.exclude.has(a.id)) return false;
  if (f.sourceId !== null && a.source_id !== f.sourceId) return false;
  if (f.topic !== null && a.topic !== f.topic) return false;
  if (f.tag !== null && !a.tags.includes(f.tag)) return false;
  if (f.following && !f.following.sources.has(a.source_id) && !a.tags.some((t) => f.following?.tags.has(t))) return false;
  if (f.mood && !inMood(a, f.mood)) return false;
  return withinBoundaries(a, f.boundaries, memo);
}

/** An hour in ms: the ranking's unit. */
const HOUR = 3_600_000;

/**
 * Ranking score, independent of the clock so lists can be sorted once per load: recency in hours,
 * lifted by up to 16 hours for calm (low cortisol and ragebait) and for having an image. A story
 * from this morning still beats last week's calmest one; within a day the calmest leads.
 */
export function rankScore(a: Pick<PoolArticle, 'time' | 'cortisol' | 'ragebait' | 'hasImage'>): number {
  const calm = Math.max(0, 4 - a.cortisol) * 2 + Math.max(0, 3 - a.ragebait) * (4 / 3);
  return a.time / HOUR + calm + (a.hasImage ? 4 : 0);
}

/** `ranked` order: readable before paywalled, then best score first; ties by id for stability. */
export function compareRanked(a: PoolArticle, b: PoolArticle): number {
  if (a.paywalled !== b.paywalled) return a.paywalled ? 1 : -1;
  return b.score - a.score || b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** `latest` order: pure recency (effective publication time), ties by id. */
export function compareLatest(a: PoolArticle, b: PoolArticle): number {
  return b.time - a.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** `since` order: newest discovery first, ties by id. */
export function compareDiscovered(a: PoolArticle, b: PoolArticle): number {
  return b.discovered - a.discovered || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
