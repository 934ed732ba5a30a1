/**
 * The feed's most common walk, the whole pool in ranked order, taken 32 articles at a time: per
 * snapshot, a bitset of the articles of each topic, flavor, source and tag code and of each ceiling
 * a request has set (made on first use; the ceilings' in a `boundedCache`), so a word of 32 articles is rejected by the muted codes
 * and the ceilings with one OR per rejecting set instead of a dozen reads and branches an article.
 * The articles a word lets through get the rest of the compiled filter: the avoid-terms' remembered
 * verdicts and, when those cannot settle it or the request narrows further, the reference filter.
 * The same answers as the compiled filter's walk (test/reading/compiled-filter.test.ts compares the
 * feed with a plain walk of `matches`), in a fraction of its time: the walk was ~20 µs of a
 * first-seen feed page's server CPU (docs/benchmarks.md, "Where a first-seen feed page's time goes").
 * A first-seen brief's candidates are found the same way, the recent window's articles first
 * (`briefCandidates`).
 */
import type { ArticleCard } from '../domain/article.ts';
import type { RecentSplit } from '../domain/brief.ts';
import type { PoolArticle } from '../domain/card.ts';
import { boundedCache, type BoundedCache } from '../platform/cache.ts';
import { passesRest, type Columns, type FilterPlan } from './compiled.ts';
import type { Snapshot } from './snapshot.ts';

type CodeField = 'topic' | 'flavor' | 'source' | 'tag';
type CeilingField = 'cortisol' | 'ragebait';

/** Per snapshot: the bitsets of each code's articles (by field, indexed by code) and of each ceiling asked, `words` 32-bit words each. */
interface Bitsets {
  words: number;
  codes: Record<CodeField, (Int32Array | undefined)[]>;
  over: Record<CeilingField, BoundedCache<number, Int32Array>>;
}

/**
 * At most this many ceiling sets per field and snapshot (~1.3 KB each at 10,000 articles), the
 * least recently used forgotten first: a reader may send any number as a ceiling. The code sets
 * need no bound: there is one per code of the snapshot at most.
 */
const MAX_CEILING_SETS = 64;

const bitsetsOf = new WeakMap<Columns, Bitsets>();

/** Put article `i` in `set`. */
const mark = (set: Int32Array, i: number): void => {
  set[i >>> 5] = (set[i >>> 5] as number) | (1 << (i & 31));
};

function bitsetsFor(c: Columns): Bitsets {
  let b = bitsetsOf.get(c);
  if (b === undefined) {
    const over = { cortisol: boundedCache<number, Int32Array>('readmodel.ceilings', MAX_CEILING_SETS), ragebait: boundedCache<number, Int32Array>('readmodel.ceilings', MAX_CEILING_SETS) };
    b = { words: (c.size + 31) >>> 5, codes: { topic: [], flavor: [], source: [], tag: [] }, over };
    bitsetsOf.set(c, b);
  }
  return b;
}

/** The set of articles whose `field` holds `code` (for tags: among their tags). */
function codeSet(c: Columns, b: Bitsets, field: CodeField, code: number): Int32Array {
  let set = b.codes[field][code];
  if (set === undefined) {
    set = new Int32Array(b.words);
    if (field === 'tag') {
      for (let i = 0; i < c.size; i += 1) {
        for (let k = c.tagFrom[i] as number, end = c.tagFrom[i + 1] as number; k < end; k += 1) if (c.tag[k] === code) mark(set, i);
      }
    } else {
      const column = c[field];
      for (let i = 0; i < c.size; i += 1) if (column[i] === code) mark(set, i);
    }
    b.codes[field][code] = set;
  }
  return set;
}

/** The set of articles whose `field` is above `max`. */
function overSet(c: Columns, b: Bitsets, field: CeilingField, max: number): Int32Array {
  const held = b.over[field];
  let set = held.get(max);
  if (set === undefined) {
    set = new Int32Array(b.words);
    const column = c[field];
    for (let i = 0; i < c.size; i += 1) if ((column[i] as number) > max) mark(set, i);
    held.set(max, set);
  }
  return set;
}

/** Add to `out` the set of each code `bad` rejects. */
function addCodes(out: Int32Array[], c: Columns, b: Bitsets, field: CodeField, bad: Uint8Array | null): void {
  if (bad !== null) for (let code = 0; code < bad.length; code += 1) if (bad[code] === 1) out.push(codeSet(c, b, field, code));
}

/** The sets whose articles `plan` rejects before its avoid-terms: one per rejected code, one per ceiling. */
function rejecting(plan: FilterPlan): Int32Array[] {
  const c = plan.columns;
  const b = bitsetsFor(c);
  const out: Int32Array[] = [];
  addCodes(out, c, b, 'topic', plan.topicBad);
  addCodes(out, c, b, 'flavor', plan.flavorBad);
  addCodes(out, c, b, 'source', plan.sourceBad);
  addCodes(out, c, b, 'tag', plan.tagBad);
  if (plan.maxCortisol !== Infinity) out.push(overSet(c, b, 'cortisol', plan.maxCortisol));
  if (plan.maxRagebait !== Infinity) out.push(overSet(c, b, 'ragebait', plan.maxRagebait));
  return out;
}

/** The bits of word `word` (articles `32·word` to `32·word + 31`) set in any of `sets`. */
function rejectedIn(sets: readonly Int32Array[], word: number): number {
  let rejected = 0;
  for (let k = 0; k < sets.length; k += 1) rejected |= (sets[k] as Int32Array)[word] as number;
  return rejected;
}

/**
 * The articles of `s.all.ranked` that `plan` lets through, after skipping `offset` of them, at most
 * `limit` (at least one is taken before the limit is checked, as the feed's walk does): their cards,
 * and their places in the list (`shown`, which are their `seq`). The list must be numbered by place
 * (`numberedByPlace`), as `buildSnapshot` numbers it.
 */
export function rankedPage(s: Snapshot, plan: FilterPlan, offset: number, limit: number): { cards: ArticleCard[]; shown: number[] } {
  const list = s.all.ranked;
  const size = Math.min(plan.columns.size, list.length);
  const sets = rejecting(plan);
  const cards: ArticleCard[] = [];
  const shown: number[] = [];
  let skipped = 0;
  for (let base = 0; base < size; base += 32) {
    const left = size - base;
    let through = ~rejectedIn(sets, base >>> 5) & (left >= 32 ? -1 : (1 << left) - 1);
    while (through !== 0) {
      const lowest = through & -through;
      through ^= lowest;
      const i = base + 31 - Math.clz32(lowest);
      const a = list[i] as PoolArticle;
      if (!passesRest(plan, a, i)) continue;
      if (skipped < offset) {
        skipped += 1;
        continue;
      }
      cards.push(a.card);
      shown.push(i);
      if (cards.length >= limit) return { cards, shown };
    }
  }
  return { cards, shown };
}

// Per recent-window split (kept in its snapshot while `now` leaves it unchanged): the articles of
// its recent and older lists, as bitsets by `seq`.
const splitSetsOf = new WeakMap<RecentSplit<PoolArticle>, readonly Int32Array[]>();

function splitSets(split: RecentSplit<PoolArticle>, c: Columns, words: number): readonly Int32Array[] {
  let sets = splitSetsOf.get(split);
  if (sets === undefined) {
    sets = [split.recent, split.older].map((list) => {
      const set = new Int32Array(words);
      for (const a of list) if (a.seq >= 0 && a.seq < c.size) mark(set, a.seq);
      return set;
    });
    splitSetsOf.set(split, sets);
  }
  return sets;
}

/**
 * The brief's candidates (core/domain/brief.ts `CandidatesOf`) for `plan` over `s`, whose ranked
 * list is numbered by place: the articles of `split.recent`, then of `split.older` (each a part of
 * the ranked list, in its order), that `plan` lets through and `keep` keeps, at most `cap`, found a
 * word of 32 articles at a time as the feed's walk finds them (above), only as far as composition
 * asks. The same items as the split's lists walked with the compiled matcher (the composition's
 * oracle test, test/reading/brief-index.test.ts, runs through this walk); a first-seen brief asked
 * ~30 articles of the matcher through three closures.
 */
export function briefCandidates(s: Snapshot, plan: FilterPlan, split: RecentSplit<PoolArticle>, keep: (a: PoolArticle) => boolean, cap: number): (i: number) => PoolArticle | undefined {
  const list = s.all.ranked;
  const size = Math.min(plan.columns.size, list.length);
  const b = bitsetsFor(plan.columns);
  const sets = rejecting(plan);
  const segments = splitSets(split, plan.columns, b.words);
  const found: PoolArticle[] = [];
  let seg = 0;
  let base = 0;
  let through = 0;
  return (i) => {
    while (found.length <= i && found.length < cap && seg < segments.length) {
      if (through === 0) {
        // The next word of 32 articles of this segment, or the next segment.
        if (base >= size) {
          seg += 1;
          base = 0;
          continue;
        }
        through = ~rejectedIn(sets, base >>> 5) & ((segments[seg] as Int32Array)[base >>> 5] as number);
        base += 32;
        continue;
      }
      const lowest = through & -through;
      through ^= lowest;
      const at = base - 32 + 31 - Math.clz32(lowest);
      const a = list[at] as PoolArticle;
      if (passesRest(plan, a, at) && keep(a)) found.push(a);
    }
    return found[i];
  };
}
