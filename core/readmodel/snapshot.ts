/**
 * One immutable-by-convention snapshot of the public pool: every article once, in three pre-sorted
 * lists (ranked, latest, newest-discovered) and indexed by tag, topic, source and flavor (each index
 * holds its own ranked and latest lists, built by walking the sorted lists so no per-index sort).
 * Requests only walk these lists; nothing sorts the pool per request.
 */
import type { RecentSplit } from '../domain/brief.ts';
import type { PoolArticle } from '../domain/card.ts';
import { toPoolArticle } from '../domain/card.ts';
import { compareDiscovered, compareLatest, compareRanked, rankScore } from '../domain/filter.ts';
import { isGentle } from '../domain/gate.ts';
import { foldText, type AvoidTerm } from '../domain/prefs.ts';
import { boundedCache, type BoundedCache } from '../platform/cache.ts';
import type { PoolData } from '../store/pool.ts';

/** A ranked and a latest list of the same articles. */
export interface SortedLists {
  ranked: PoolArticle[];
  latest: PoolArticle[];
}

/** The stored brief as the read model keeps it. */
export interface SnapshotBrief {
  ids: string[];
  generatedAt: Date;
}

/** The read model's view of the public pool at one pool version. */
export interface Snapshot {
  version: number;
  /** ms timestamp of the load (for the periodic full reload). */
  loadedAt: number;
  byId: ReadonlyMap<string, PoolArticle>;
  all: SortedLists;
  /** Newest discovery first (`/api/since`). */
  discovered: PoolArticle[];
  byTag: ReadonlyMap<string, SortedLists>;
  byTopic: ReadonlyMap<string, SortedLists>;
  bySource: ReadonlyMap<string, SortedLists>;
  byFlavor: ReadonlyMap<string, SortedLists>;
  brief: SnapshotBrief | null;
  /**
   * The ranked pool split at the brief's recent-window cutoff, kept while `now` leaves the split
   * unchanged (see `recentSplit` in queries.ts). A holder, so snapshot copies share one cache.
   */
  recent: { split: RecentSplit<PoolArticle> | null };
  /** Remembered avoid-term verdicts per term, indexed by `seq` (see `AvoidMemo` in filter.ts): the MAX_MEMO_KEYS most recently used terms. */
  avoidHits: BoundedCache<string, Uint8Array>;
  /** How many times articles were patched in place (`patchSummaries`); remembered answers of an older count are stale. */
  edits: number;
}

/** At most this many avoid-terms are remembered per snapshot (each costs one byte per article); the least recently used is forgotten first. */
export const MAX_MEMO_KEYS = 128;

const EMPTY: SortedLists = Object.freeze({ ranked: [], latest: [] });

function indexBy(all: SortedLists, keys: (a: PoolArticle) => readonly string[]): Map<string, SortedLists> {
  const out = new Map<string, SortedLists>();
  const bucket = (k: string) => {
    let lists = out.get(k);
    if (!lists) out.set(k, (lists = { ranked: [], latest: [] }));
    return lists;
  };
  for (const a of all.ranked) for (const k of keys(a)) bucket(k).ranked.push(a);
  for (const a of all.latest) for (const k of keys(a)) bucket(k).latest.push(a);
  return out;
}

/** Build a snapshot from loaded pool data (the only place the pool is sorted). */
export function buildSnapshot(data: PoolData, version: number, brief: SnapshotBrief | null, loadedAt: number): Snapshot {
  const names = new Map(data.sources.map((s) => [s._id, s.name] as const));
  const items: PoolArticle[] = [];
  for (const doc of data.articles) {
    const name = names.get(doc.source_id);
    // Defence in depth: an article whose source is not visible never enters the model.
    if (name === undefined) continue;
    items.push(toPoolArticle(doc, name, rankScore));
  }
  const all: SortedLists = { ranked: [...items].sort(compareRanked), latest: [...items].sort(compareLatest) };
  // Numbered in ranked order: the walks of ranked lists (most of them) then read the per-article
  // arrays kept by `seq` (core/readmodel/compiled.ts, the avoid-term memo) front to back.
  for (let i = 0; i < all.ranked.length; i += 1) (all.ranked[i] as PoolArticle).seq = i;
  return {
    version,
    loadedAt,
    byId: new Map(items.map((a) => [a.id, a] as const)),
    all,
    discovered: [...items].sort(compareDiscovered),
    byTag: indexBy(all, (a) => a.tags),
    byTopic: indexBy(all, (a) => [a.topic]),
    bySource: indexBy(all, (a) => [a.source_id]),
    byFlavor: indexBy(all, (a) => [a.flavor]),
    brief,
    recent: { split: null },
    avoidHits: boundedCache('readmodel.avoid', MAX_MEMO_KEYS),
    edits: 0,
  };
}

/** The memo arrays for `terms` (created on first use; a request keeps its arrays even if the cache forgets them meanwhile). */
export function avoidMemoFor(snapshot: Snapshot, terms: readonly AvoidTerm[]): Uint8Array[] | undefined {
  if (terms.length === 0) return undefined;
  const size = snapshot.all.ranked.length;
  return terms.map(({ term }) => snapshot.avoidHits.getOrSet(term, () => new Uint8Array(size)));
}

/** The lists of one index entry, or empty lists. */
export function listsOf(index: ReadonlyMap<string, SortedLists>, key: string): SortedLists {
  return index.get(key) ?? EMPTY;
}

/**
 * Attach summaries generated since the load (text, gentleness and avoid-term text follow). Mutates
 * the entries in place: they are shared by every list of the snapshot.
 */
export function patchSummaries(snapshot: Snapshot, summaries: ReadonlyMap<string, string>): number {
  let patched = 0;
  for (const [id, summary] of summaries) {
    const a = snapshot.byId.get(id);
    if (!a || a.summary === summary || !summary.trim()) continue;
    a.summary = summary;
    a.text = `${a.card.title}\n${a.card.why}\n${summary}`;
    a.folded = foldText(a.text);
    // The folded text changed: forget what was remembered about it.
    for (const seen of snapshot.avoidHits.values()) if (a.seq >= 0 && a.seq < seen.length) seen[a.seq] = 0;
    a.gentle = isGentle({ cortisol: a.cortisol, ragebait: a.ragebait, title: a.card.title, summary });
    patched += 1;
  }
  if (patched > 0) snapshot.edits += 1;
  return patched;
}
