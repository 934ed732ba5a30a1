/**
 * Queries that load the public pool (shared shapes: accepted, `duplicate_of: null`, source with
 * `content_visible: true`), for the read model and the brief job, and a reader's follows.
 */
import type { Db } from 'mongodb';
import { otherOutlets, type PoolDoc } from '../domain/card.ts';
import type { FollowDoc } from '../domain/user.ts';
import { articlesCollection, sourcesCollection, type CollectionIndexes } from './collections.ts';

/**
 * No index of its own: loadPool's `{ accepted: true, duplicate_of: null, source_id: { $in } }` is
 * served by the articles store's `source_accepted_duplicate` / `pool_published` indexes
 * (core/store/articles.ts), the sources scan is over a small collection, and followsOf by the prefix
 * of the follows store's unique (user_id, kind, value) index (core/store/follows.ts).
 */
export const indexes: CollectionIndexes[] = [];

/** A visible source as the reading path needs it. */
export interface PoolSource {
  _id: string;
  name: string;
}

/** What the reading path loads: every public article (card fields only) and the visible sources. */
export interface PoolData {
  sources: PoolSource[];
  articles: PoolDoc[];
}

/** The projection of an article the cards, filter and ranking need (no teaser, no notes; the retold teaser gives a card its line). */
const ARTICLE_PROJECTION = {
  _id: 1, source_id: 1, url: 1, title: 1, image: 1, paywalled: 1, published_at: 1, discovered_at: 1,
  topic: 1, tags: 1, flavor: 1, cortisol: 1, ragebait: 1, why: 1, 'summary.summary': 1, word_count: 1, offline_summary: 1,
} as const;

/**
 * The sources of each canonical's accepted near-duplicates (issue 18, item 2: "also reported by"),
 * for the given canonicals or, with null, for all. Served by the articles store's
 * `duplicate_published` index (its `duplicate_of` prefix).
 */
export async function duplicateSources(db: Db, canonicalIds: readonly string[] | null): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (canonicalIds && canonicalIds.length === 0) return out;
  const filter = canonicalIds ? { duplicate_of: { $in: [...canonicalIds] }, accepted: true } : { duplicate_of: { $ne: null }, accepted: true };
  const rows = await articlesCollection(db).find(filter, { projection: { _id: 0, duplicate_of: 1, source_id: 1 } }).toArray();
  for (const r of rows) {
    if (typeof r.duplicate_of !== 'string' || typeof r.source_id !== 'string') continue;
    let set = out.get(r.duplicate_of);
    if (!set) out.set(r.duplicate_of, (set = new Set()));
    set.add(r.source_id);
  }
  return out;
}

/** `docs` with the names of the other visible outlets that reported each (`also_reported_by`). */
export async function withOtherOutlets<T extends { _id: string; source_id: string }>(db: Db, docs: T[], nameOf: (sourceId: string) => string | undefined): Promise<Array<T & { also_reported_by: string[] }>> {
  const sources = await duplicateSources(db, docs.length > 2000 ? null : docs.map((d) => d._id));
  return docs.map((d) => ({ ...d, also_reported_by: otherOutlets(sources.get(d._id) ?? [], d.source_id, nameOf) }));
}

/** Load the whole public pool. Hidden sources' articles are left out here, at the source. */
export async function loadPool(db: Db): Promise<PoolData> {
  const sources = await sourcesCollection(db)
    .find({ content_visible: true }, { projection: { _id: 1, name: 1 } })
    .toArray();
  const visible = sources.map((s) => s._id);
  const articles = visible.length === 0
    ? []
    : await articlesCollection(db)
      .find({ accepted: true, duplicate_of: null, source_id: { $in: visible } }, { projection: ARTICLE_PROJECTION })
      .toArray();
  const visibleSources = sources.map((s) => ({ _id: s._id, name: typeof s.name === 'string' ? s.name : s._id }));
  const names = new Map(visibleSources.map((s) => [s._id, s.name] as const));
  return { sources: visibleSources, articles: await withOtherOutlets(db, articles, (id) => names.get(id)) };
}

/** Cached summaries of some articles (the read model tops up its brief items between reloads). */
export async function loadSummaries(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (ids.length === 0) return out;
  const docs = await articlesCollection(db)
    .find({ _id: { $in: [...ids] } }, { projection: { _id: 1, 'summary.summary': 1 } })
    .toArray();
  for (const d of docs) if (typeof d.summary?.summary === 'string') out.set(d._id, d.summary.summary);
  return out;
}

/** The sources and tags a user follows. */
export async function followsOf(db: Db, userId: string): Promise<{ sources: Set<string>; tags: Set<string> }> {
  const follows = await db.collection<FollowDoc>('follows').find({ user_id: userId }).limit(2000).toArray();
  return {
    sources: new Set(follows.filter((f) => f.kind === 'source').map((f) => f.value)),
    tags: new Set(follows.filter((f) => f.kind === 'tag').map((f) => f.value)),
  };
}
