/**
 * The one filter (`matches` in core/domain/filter.ts) compiled per request against a snapshot, for
 * the walks of the reading queries (issue 19, the cold path: a reader's first request with their
 * own prefs walks a few hundred articles, and `matches` spent most of that walk hashing strings
 * into `Set`s). Per snapshot, each article's topic, flavor, source and tags become small integer
 * codes in typed arrays indexed by `seq`; per request, the prefs' mutes and includes become one
 * verdict byte per code, so a mute is one array read. Avoid-terms read their remembered verdicts
 * (`avoidMemoFor`) directly. Whatever the compiled part cannot settle (an avoid-term not yet tested
 * on the article, `exclude`, `tag`, `mood`, `following`) goes to `matches` itself, with the
 * boundaries already applied taken out, so every answer is the reference filter's
 * (test/reading/compiled-filter.test.ts compares them on random pools and requests).
 */
import type { PoolArticle } from '../domain/card.ts';
import { matches, type FeedFilter } from '../domain/filter.ts';
import type { Boundaries } from '../domain/prefs.ts';
import { avoidMemoFor, type Snapshot, type SortedLists } from './snapshot.ts';

/** One categorical field as codes: `values[code]` is the value, `codes` maps it back. */
interface Dictionary {
  values: string[];
  codes: Map<string, number>;
}

/** Codes of every article of a snapshot, indexed by `seq`. */
export interface Columns {
  size: number;
  topics: Dictionary;
  flavors: Dictionary;
  sources: Dictionary;
  tags: Dictionary;
  topic: Uint32Array;
  flavor: Uint32Array;
  source: Uint32Array;
  cortisol: Float64Array;
  ragebait: Float64Array;
  /** The card's line as a code (`lines`): two articles say the same line exactly when their codes are equal. */
  lines: Dictionary;
  line: Uint32Array;
  /** The tags of article `seq` are `tag[tagFrom[seq]]` up to (excluding) `tagFrom[seq + 1]`. */
  tagFrom: Uint32Array;
  tag: Uint32Array;
}

const codeOf = (d: Dictionary, value: string): number => {
  let code = d.codes.get(value);
  if (code === undefined) {
    code = d.values.length;
    d.values.push(value);
    d.codes.set(value, code);
  }
  return code;
};

const dictionary = (): Dictionary => ({ values: [], codes: new Map() });

function buildColumns(ranked: readonly PoolArticle[]): Columns {
  const size = ranked.length;
  const c: Columns = {
    size, topics: dictionary(), flavors: dictionary(), sources: dictionary(), tags: dictionary(),
    topic: new Uint32Array(size), flavor: new Uint32Array(size), source: new Uint32Array(size),
    cortisol: new Float64Array(size), ragebait: new Float64Array(size), lines: dictionary(), line: new Uint32Array(size), tagFrom: new Uint32Array(size + 1), tag: new Uint32Array(0),
  };
  const bySeq: PoolArticle[] = new Array<PoolArticle>(size);
  for (const a of ranked) if (a.seq >= 0 && a.seq < size) bySeq[a.seq] = a;
  const tags: number[] = [];
  for (let i = 0; i < size; i += 1) {
    const a = bySeq[i];
    c.tagFrom[i] = tags.length;
    // A snapshot numbers its articles 0..size-1; a gap leaves codes that no walk reads.
    if (a === undefined) continue;
    c.topic[i] = codeOf(c.topics, a.topic);
    c.flavor[i] = codeOf(c.flavors, a.flavor);
    c.source[i] = codeOf(c.sources, a.source_id);
    c.cortisol[i] = a.cortisol;
    c.ragebait[i] = a.ragebait;
    c.line[i] = codeOf(c.lines, a.card.line);
    for (const t of a.tags) tags.push(codeOf(c.tags, t));
  }
  c.tagFrom[size] = tags.length;
  c.tag = Uint32Array.from(tags);
  return c;
}

// Per snapshot, keyed by its sorted lists: copies of a snapshot (a new stored brief) share them,
// and in-place edits (summaries) change no code.
const columnsOf = new WeakMap<SortedLists, Columns>();

function columns(s: Snapshot): Columns {
  let c = columnsOf.get(s.all);
  if (c === undefined) columnsOf.set(s.all, (c = buildColumns(s.all.ranked)));
  return c;
}

/** One verdict byte per code (1 = rejected), or null when `rejects` rejects no value of `d`. */
function verdicts(d: Dictionary, rejects: (value: string) => boolean): Uint8Array | null {
  let out: Uint8Array | null = null;
  for (let code = 0; code < d.values.length; code += 1) {
    if (!rejects(d.values[code] as string)) continue;
    out ??= new Uint8Array(d.values.length);
    out[code] = 1;
  }
  return out;
}

/**
 * The verdicts rejecting exactly the values of `muted` (null when none of them occurs in `d`): a
 * look-up per muted value instead of a test per value of `d` (a reader mutes one or two of ~60
 * tags; every first-seen query builds its tables).
 */
function mutedCodes(d: Dictionary, muted: ReadonlySet<string>): Uint8Array | null {
  let out: Uint8Array | null = null;
  for (const value of muted) {
    const code = d.codes.get(value);
    if (code === undefined) continue;
    out ??= new Uint8Array(d.values.length);
    out[code] = 1;
  }
  return out;
}

const NONE: ReadonlySet<string> = new Set();

/** Boundaries that only avoid `avoid` (everything else the compiled part has settled). */
const avoidOnly = (b: Boundaries): Boundaries => ({
  includeTopics: NONE, muteTopics: NONE, includeFlavors: NONE, muteFlavors: NONE, muteTags: NONE, muteSources: NONE,
  avoid: b.avoid, maxCortisol: null, maxRagebait: null,
});

/**
 * A predicate of a snapshot's articles, equal to `(a) => matches(a, f)`. A walk passes `seq`, the
 * article's `seq` read from `seqsOf(list)`: the compiled checks then read only typed arrays, and the
 * article itself only when they cannot settle it (a pool of 10,000 is megabytes of objects, and a
 * walk that reads each one it passes waits on memory for most of its time: 60-80 ns an article).
 */
export type Matcher = (a: PoolArticle, seq?: number) => boolean;

/**
 * True when two of the articles `seqs` (of `s`) say the same line: only then does a list of their
 * cards need `distinctLines` (core/domain/card.ts), which otherwise reads every card to learn that.
 */
export function repeatsLine(s: Snapshot, seqs: readonly number[]): boolean {
  const { line, size } = columns(s);
  for (let i = 0; i < seqs.length; i += 1) {
    const a = seqs[i] as number;
    // Not an article of this snapshot: say so, and `distinctLines` reads the cards themselves.
    if (!(a >= 0 && a < size)) return true;
    for (let j = 0; j < i; j += 1) if (line[seqs[j] as number] === line[a]) return true;
  }
  return false;
}

// The `seq` of every article of a list, in the list's order, made once per list (a snapshot's lists
// are never changed after it is built; the length check guards a list that was).
const seqsOfList = new WeakMap<readonly PoolArticle[], Int32Array>();

/** The `seq` of each article of `list`, in order: what a walk passes to a `Matcher`. */
export function seqsOf(list: readonly PoolArticle[]): Int32Array {
  let seqs = seqsOfList.get(list);
  if (seqs === undefined || seqs.length !== list.length) {
    seqs = new Int32Array(list.length);
    for (let i = 0; i < list.length; i += 1) seqs[i] = (list[i] as PoolArticle).seq;
    seqsOfList.set(list, seqs);
  }
  return seqs;
}

/**
 * What `f` compiles to against `s`: the snapshot's columns, one verdict byte per code for each
 * categorical field (null: no value rejected), the ceilings (Infinity: none), the avoid-terms'
 * remembered verdicts, and what is left for the reference filter (`rest`; always asked when
 * `restAlways`, else only for an article some avoid-term has not been tried on).
 */
export interface FilterPlan {
  columns: Columns;
  topicBad: Uint8Array | null;
  flavorBad: Uint8Array | null;
  sourceBad: Uint8Array | null;
  tagBad: Uint8Array | null;
  maxCortisol: number;
  maxRagebait: number;
  /** The avoid-terms' remembered verdicts (`AvoidMemo`), one array per term; empty when none. */
  terms: readonly Uint8Array[];
  rest: FeedFilter;
  restAlways: boolean;
}

/** `f` compiled against `s` (see `FilterPlan`). */
export function planFor(s: Snapshot, f: FeedFilter): FilterPlan {
  const b = f.boundaries;
  const c = columns(s);
  // A table from the mutes alone unless an include list or the request's own narrowing rejects
  // the values it does not name (then every value is asked).
  const topicBad = b.includeTopics.size > 0 || f.topic !== null
    ? verdicts(c.topics, (t) => b.muteTopics.has(t) || (b.includeTopics.size > 0 && !b.includeTopics.has(t)) || (f.topic !== null && t !== f.topic))
    : mutedCodes(c.topics, b.muteTopics);
  const flavorBad = b.includeFlavors.size > 0 ? verdicts(c.flavors, (v) => b.muteFlavors.has(v) || !b.includeFlavors.has(v)) : mutedCodes(c.flavors, b.muteFlavors);
  const sourceBad = f.sourceId !== null ? verdicts(c.sources, (v) => b.muteSources.has(v) || v !== f.sourceId) : mutedCodes(c.sources, b.muteSources);
  return {
    columns: c, topicBad, flavorBad, sourceBad, tagBad: mutedCodes(c.tags, b.muteTags),
    maxCortisol: b.maxCortisol ?? Infinity, maxRagebait: b.maxRagebait ?? Infinity,
    terms: avoidMemoFor(s, b.avoid) ?? [],
    // What is left for the reference filter: the avoid-terms and the request's own narrowing.
    rest: { boundaries: avoidOnly(b), tag: f.tag, topic: null, mood: f.mood, sourceId: null, exclude: f.exclude, following: f.following },
    restAlways: f.exclude.size > 0 || f.tag !== null || f.mood !== null || f.following !== null,
  };
}

/**
 * What `plan` asks of article `a` (of `seq` `i`) once its codes and ceilings let it through: the
 * avoid-terms' remembered verdicts, then the reference filter when one of them is untested there
 * or the request narrows further (`restAlways`). The matcher below and the ranked walk
 * (core/readmodel/ranked-walk.ts) both end with it.
 */
export function passesRest(plan: FilterPlan, a: PoolArticle, i: number): boolean {
  const terms = plan.terms;
  let untested = false;
  for (let k = 0; k < terms.length; k += 1) {
    const verdict = (terms[k] as Uint8Array)[i];
    if (verdict === 1) return false;
    if (verdict !== 2) untested = true;
  }
  return plan.restAlways || untested ? matches(a, plan.rest, terms) : true;
}

/** `f` compiled against `s`: equal to `matches(a, f, avoidMemoFor(s, ...))` for every article of `s`. */
export function matcherFor(s: Snapshot, f: FeedFilter): Matcher {
  return matcherOf(planFor(s, f), f);
}

/** The matcher of `plan`, the plan of `f` (`planFor`): for a caller that walks with the plan too. */
export function matcherOf(plan: FilterPlan, f: FeedFilter): Matcher {
  const { columns: c, topicBad, flavorBad, sourceBad, tagBad, maxCortisol, maxRagebait } = plan;
  const { topic, flavor, source, cortisol, ragebait, tagFrom, tag, size } = c;
  return (a, seq) => {
    const i = seq ?? a.seq;
    // Not an article of this snapshot (never met by the queries): the reference filter.
    if (!(i >= 0 && i < size)) return matches(a, f, plan.terms);
    if (topicBad !== null && topicBad[topic[i] as number] === 1) return false;
    if (flavorBad !== null && flavorBad[flavor[i] as number] === 1) return false;
    if (sourceBad !== null && sourceBad[source[i] as number] === 1) return false;
    if (tagBad !== null) for (let k = tagFrom[i] as number, end = tagFrom[i + 1] as number; k < end; k += 1) if (tagBad[tag[k] as number] === 1) return false;
    if ((cortisol[i] as number) > maxCortisol || (ragebait[i] as number) > maxRagebait) return false;
    return passesRest(plan, a, i);
  };
}

// Whether a list's articles are numbered by their place, per `seqsOf` array (a list that changed
// length gets a new one).
const inPlaceOrder = new WeakMap<Int32Array, boolean>();

/** True when `list[p].seq === p` at every place: a snapshot's whole ranked list (`buildSnapshot` numbers its articles so). */
export function numberedByPlace(list: readonly PoolArticle[]): boolean {
  const seqs = seqsOf(list);
  let known = inPlaceOrder.get(seqs);
  if (known === undefined) {
    known = true;
    for (let p = 0; p < seqs.length && known; p += 1) known = seqs[p] === p;
    inPlaceOrder.set(seqs, known);
  }
  return known;
}
