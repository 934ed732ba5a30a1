/** Queries on the `sources` collection. "Not found" is null here and 404 in the routes. */
import type { Db } from 'mongodb';
import type { HealthUpdate } from '../domain/poll.ts';
import type { SourceDoc } from '../domain/source.ts';
import { sourceCounts } from './articles.ts';
import { sourcesCollection, type CollectionIndexes } from './collections.ts';

/** Indexes serving the queries below (and the poller's due-source scan). */
export const indexes: CollectionIndexes = {
  collection: 'sources',
  indexes: [
    // poller: { status: 'active', next_poll_at: { $lte: now } } sorted by next_poll_at
    { key: { status: 1, next_poll_at: 1 }, name: 'status_next_poll' },
    // seed / candidate promote: find by feed URL
    { key: { feed_url: 1 }, name: 'feed_url', unique: true },
  ],
};

/** One source by id, or null. */
export function findSource(db: Db, id: string): Promise<SourceDoc | null> {
  return sourcesCollection(db).findOne({ _id: id });
}

/** How many sources exist (any status). */
export function countSources(db: Db): Promise<number> {
  return sourcesCollection(db).countDocuments({});
}

/** Active sources whose next poll is due, oldest first (paused and retired are never polled). */
export function findDueSources(db: Db, now: Date, limit = 500): Promise<SourceDoc[]> {
  return sourcesCollection(db).find({ status: 'active', next_poll_at: { $lte: now } }).sort({ next_poll_at: 1 }).limit(limit).toArray();
}

/** Record one poll attempt's health fields. */
export async function recordPollAttempt(db: Db, id: string, update: HealthUpdate, now: Date): Promise<void> {
  await sourcesCollection(db).updateOne({ _id: id }, { $set: { ...update, updated_at: now } });
}

/** Insert sources whose feed URL is not stored yet. Returns how many were added. */
export async function insertNewSources(db: Db, docs: SourceDoc[]): Promise<number> {
  let added = 0;
  for (const doc of docs) {
    const result = await sourcesCollection(db).updateOne({ feed_url: doc.feed_url }, { $setOnInsert: doc }, { upsert: true });
    added += result.upsertedCount;
  }
  return added;
}

/** The stored metric fields (docs/ingestion.md "Source metrics"). */
type MetricFields = Pick<SourceDoc, 'total_articles' | 'accepted_total' | 'duplicates' | 'accepted_duplicates' | 'with_image' | 'served'>;
const METRIC_FIELDS = ['total_articles', 'accepted_total', 'duplicates', 'accepted_duplicates', 'with_image', 'served'] as const;

/**
 * Recompute a source's stored metrics from its articles (counting is cheaper to keep right than
 * increments across re-pointed duplicates). `served` = accepted, non-duplicate articles readers can
 * see right now: 0 while the source's content is hidden. Writes (and moves `updated_at`) only when
 * a count changed; returns whether it did.
 */
export async function refreshSourceMetrics(db: Db, id: string, now: Date): Promise<boolean> {
  const projection = { content_visible: 1, ...Object.fromEntries(METRIC_FIELDS.map((f) => [f, 1])) };
  const source = await sourcesCollection(db).findOne({ _id: id }, { projection });
  if (!source) return false;
  const c = await sourceCounts(db, id);
  const metrics: MetricFields = {
    total_articles: c.total,
    accepted_total: c.accepted,
    duplicates: c.duplicates,
    accepted_duplicates: c.acceptedDuplicates,
    with_image: c.withImage,
    served: source.content_visible === false ? 0 : c.accepted,
  };
  if (METRIC_FIELDS.every((f) => source[f] === metrics[f])) return false;
  await sourcesCollection(db).updateOne({ _id: id }, { $set: { ...metrics, updated_at: now } });
  return true;
}

/**
 * Recompute the metrics of these sources, or of every source (the `metrics` job, after a seed or an
 * import). Sources are hundreds, and each count is served by the `source_accepted_duplicate` index.
 */
export async function refreshMetricsOf(db: Db, ids: Iterable<string> | 'all', now: Date): Promise<{ sources: number; changed: number }> {
  const list = ids === 'all' ? (await sourcesCollection(db).find({}, { projection: { _id: 1 } }).toArray()).map((s) => s._id) : [...new Set(ids)];
  let changed = 0;
  for (const id of list) if (await refreshSourceMetrics(db, id, now)) changed += 1;
  return { sources: list.length, changed };
}
