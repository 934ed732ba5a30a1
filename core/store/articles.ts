/** Queries on the `articles` collection used by ingestion (and the indexes the public pool reads with). */
import { MongoBulkWriteError, type Db, type Filter } from 'mongodb';
import type { ArticleDoc } from '../domain/article.ts';
import { articlesCollection, type CollectionIndexes } from './collections.ts';

/** Indexes serving the queries below and the public pool's reads. */
export const indexes: CollectionIndexes = {
  collection: 'articles',
  indexes: [
    // knownArticles: { source_id, guid: { $in } } (same GUID never makes a second article)
    { key: { source_id: 1, guid: 1 }, name: 'source_guid' },
    // recentCanonicals: { duplicate_of: null, published_at: { $gte } } (near-duplicate window)
    { key: { duplicate_of: 1, published_at: -1 }, name: 'duplicate_published' },
    // sourceCounts: { source_id, accepted?, duplicate_of?, image? } counts per source
    { key: { source_id: 1, accepted: 1, duplicate_of: 1 }, name: 'source_accepted_duplicate' },
    // public pool newest first: { accepted: true, duplicate_of: null } sorted by published_at
    { key: { accepted: 1, duplicate_of: 1, published_at: -1 }, name: 'pool_published' },
    // /api/since: { accepted: true, duplicate_of: null, discovered_at: { $gt } }
    { key: { accepted: 1, duplicate_of: 1, discovered_at: -1 }, name: 'pool_discovered' },
    // seed: findOne({ url }) for an article seeded under an explicit id (same url = same article)
    { key: { url: 1 }, name: 'url' },
  ],
};

/**
 * The change marker (`changed_at`) every write to an article sets: the wall-clock time of the write,
 * not the job's `now` (a job may run for minutes before it writes), so the site build can read only
 * the articles changed since its last build (core/store/site.ts, docs/static-site.md).
 */
export const changeMarker = (): Date => new Date();

/** Which of these ids (canonical URLs) or GUIDs of one source are already stored. */
export async function knownArticles(db: Db, sourceId: string, ids: string[], guids: string[]): Promise<{ ids: Set<string>; guids: Set<string> }> {
  const or: Filter<ArticleDoc>[] = [{ _id: { $in: ids } }];
  if (guids.length > 0) or.push({ source_id: sourceId, guid: { $in: guids } });
  const found = await articlesCollection(db)
    .find({ $or: or }, { projection: { _id: 1, guid: 1, source_id: 1 } })
    .toArray();
  return {
    ids: new Set(found.map((a) => a._id)),
    guids: new Set(found.filter((a) => a.source_id === sourceId && a.guid).map((a) => a.guid!)),
  };
}

/** The fields of a stored canonical article that dedupe and duplicate classification need. */
export type CanonicalView = Pick<
  ArticleDoc,
  '_id' | 'source_id' | 'fingerprint' | 'paywalled' | 'image' | 'published_at' | 'topic' | 'tags' | 'flavor' | 'cortisol' | 'ragebait' | 'promotional' | 'why' | 'accepted' | 'classified_by' | 'reject_reason' | 'offline_view'
>;

/** Canonical (non-duplicate) articles published since `since`: the near-duplicate window. */
export function recentCanonicals(db: Db, since: Date, limit = 5000): Promise<CanonicalView[]> {
  return articlesCollection(db)
    .find(
      { duplicate_of: null, published_at: { $gte: since } },
      {
        projection: { _id: 1, source_id: 1, fingerprint: 1, paywalled: 1, image: 1, published_at: 1, topic: 1, tags: 1, flavor: 1, cortisol: 1, ragebait: 1, promotional: 1, why: 1, accepted: 1, classified_by: 1, reject_reason: 1, offline_view: 1 },
        limit,
      },
    )
    .toArray();
}

/** Insert new articles; ids already stored (a race with another poller) are skipped. Returns the ids inserted. */
export async function insertArticles(db: Db, docs: ArticleDoc[]): Promise<string[]> {
  if (docs.length === 0) return [];
  try {
    const changed_at = changeMarker();
    await articlesCollection(db).insertMany(docs.map((d) => ({ ...d, changed_at })), { ordered: false });
    return docs.map((d) => d._id);
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const list = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    if (list.some((e) => e.code !== 11000)) throw error;
    const failed = new Set(list.map((e) => e.index));
    return docs.filter((_, i) => !failed.has(i)).map((d) => d._id);
  }
}

/** A better copy arrived: the old canonical and its duplicates now point at `newId`. Returns the source ids touched. */
export async function replaceCanonical(db: Db, oldId: string, newId: string, now: Date): Promise<string[]> {
  const filter = { $or: [{ _id: oldId }, { duplicate_of: oldId }] };
  const touched = await articlesCollection(db).find(filter, { projection: { source_id: 1 } }).toArray();
  await articlesCollection(db).updateMany(filter, { $set: { duplicate_of: newId, updated_at: now, changed_at: changeMarker() } });
  return [...new Set(touched.map((a) => a.source_id))];
}

/** The raw counts behind a source's metrics (see docs/ingestion.md "Source metrics"). */
export async function sourceCounts(db: Db, sourceId: string): Promise<{ total: number; accepted: number; duplicates: number; acceptedDuplicates: number; withImage: number }> {
  const articles = articlesCollection(db);
  const [total, accepted, duplicates, acceptedDuplicates, withImage] = await Promise.all([
    articles.countDocuments({ source_id: sourceId }),
    articles.countDocuments({ source_id: sourceId, accepted: true, duplicate_of: null }),
    articles.countDocuments({ source_id: sourceId, duplicate_of: { $ne: null } }),
    articles.countDocuments({ source_id: sourceId, accepted: true, duplicate_of: { $ne: null } }),
    articles.countDocuments({ source_id: sourceId, image: { $ne: null } }),
  ]);
  return { total, accepted, duplicates, acceptedDuplicates, withImage };
}

/**
 * Mark canonicals that gained an accepted near-duplicate as changed (their "also reported by"
 * changed): the site re-renders their pages and the read model reloads. Returns how many were marked.
 */
export async function markReportedAgain(db: Db, canonicalIds: string[], now: Date): Promise<number> {
  const result = await articlesCollection(db).updateMany({ _id: { $in: canonicalIds }, accepted: true, duplicate_of: null }, { $set: { updated_at: now, changed_at: changeMarker() } });
  return result.modifiedCount;
}
