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

/**
 * Recompute a source's stored metrics from its articles (counting is cheaper to keep right than
 * increments across re-pointed duplicates). `served` = accepted, non-duplicate articles readers can
 * see right now: 0 while the source's content is hidden.
 */
export async function refreshSourceMetrics(db: Db, id: string, now: Date): Promise<void> {
  const source = await sourcesCollection(db).findOne({ _id: id }, { projection: { content_visible: 1 } });
  if (!source) return;
  const c = await sourceCounts(db, id);
  await sourcesCollection(db).updateOne(
    { _id: id },
    {
      $set: {
        total_articles: c.total,
        accepted_total: c.accepted,
        duplicates: c.duplicates,
        accepted_duplicates: c.acceptedDuplicates,
        with_image: c.withImage,
        served: source.content_visible === false ? 0 : c.accepted,
        updated_at: now,
      },
    },
  );
}
