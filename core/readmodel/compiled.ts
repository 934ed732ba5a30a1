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
interface Columns {
  size: number;
  topics: Dictionary;
  flavors: Dictionary;
  sources: Dictionary;
  tags: Dictionary;
  topic: Uint32Array;
  flavor: Uint32Array;
  source: Uint32Array;
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
    topic: new Uint32Array(size), flavor: new Uint32Array(size), source: new Uint32Array(size), tagFrom: new Uint32Array(size + 1), tag: new Uint32Array(0),
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

const NONE: ReadonlySet<string> = new Set();

/** Boundaries that only avoid `avoid` (everything else the compiled part has settled). */
const avoidOnly = (b: Boundaries): Boundaries => ({
  includeTopics: NONE, muteTopics: NONE, includeFlavors: NONE, muteFlavors: NONE, muteTags: NONE, muteSources: NONE,
  avoid: b.avoid, maxCortisol: null, maxRagebait: null,
});

/** A predicate of a snapshot's articles, equal to `(a) => matches(a, f)`. */
export type Matcher = (a: PoolArticle) => boolean;

/** `f` compiled against `s`: equal to `matches(a, f, avoidMemoFor(s, ...))` for every article of `s`. */
export function matcherFor(s: Snapshot, f: FeedFilter): Matcher {
  const b = f.boundaries;
  const memo = avoidMemoFor(s, b.avoid);
  const c = columns(s);
  const topicBad = verdicts(c.topics, (t) => b.muteTopics.has(t) || (b.includeTopics.size > 0 && !b.includeTopics.has(t)) || (f.topic !== null && t !== f.topic));
  const flavorBad = verdicts(c.flavors, (v) => b.muteFlavors.has(v) || (b.includeFlavors.size > 0 && !b.includeFlavors.has(v)));
  const sourceBad = b.muteSources.size === 0 && f.sourceId === null ? null : verdicts(c.sources, (v) => b.muteSources.has(v) || (f.sourceId !== null && v !== f.sourceId));
  const tagBad = b.muteTags.size === 0 ? null : verdicts(c.tags, (t) => b.muteTags.has(t));
  const maxCortisol = b.maxCortisol ?? Infinity;
  const maxRagebait = b.maxRagebait ?? Infinity;
  // What is left for the reference filter: the avoid-terms and the request's own narrowing.
  const rest: FeedFilter = { boundaries: avoidOnly(b), tag: f.tag, topic: null, mood: f.mood, sourceId: null, exclude: f.exclude, following: f.following };
  const restAlways = f.exclude.size > 0 || f.tag !== null || f.mood !== null || f.following !== null;
  const terms = memo ?? [];
  const { topic, flavor, source, tagFrom, tag, size } = c;
  return (a) => {
    const i = a.seq;
    // Not an article of this snapshot (never met by the queries): the reference filter.
    if (!(i >= 0 && i < size)) return matches(a, f, memo);
    if (topicBad !== null && topicBad[topic[i] as number] === 1) return false;
    if (flavorBad !== null && flavorBad[flavor[i] as number] === 1) return false;
    if (sourceBad !== null && sourceBad[source[i] as number] === 1) return false;
    if (tagBad !== null) for (let k = tagFrom[i] as number, end = tagFrom[i + 1] as number; k < end; k += 1) if (tagBad[tag[k] as number] === 1) return false;
    if (a.cortisol > maxCortisol || a.ragebait > maxRagebait) return false;
    let untested = false;
    for (let k = 0; k < terms.length; k += 1) {
      const verdict = terms[k]?.[i];
      if (verdict === 1) return false;
      if (verdict !== 2) untested = true;
    }
    return restAlways || untested ? matches(a, rest, memo) : true;
  };
}
