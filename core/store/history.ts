/** Queries on the `history` collection: one entry per (user, article), the latest deliberate event wins. */
import type { Db } from 'mongodb';
import { randomId } from '../domain/ids.ts';
import type { HistoryDoc, HistoryEvent } from '../domain/user.ts';
import type { CollectionIndexes } from './collections.ts';

/** A user's history keeps at most this many entries; older ones are trimmed on write. */
export const HISTORY_LIMIT = 1000;

/** The `history` collection. */
export const historyCollection = (db: Db) => db.collection<HistoryDoc>('history');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'history',
  indexes: [
    // record (upsert), remove one, count and clear by user (prefix), delete account (prefix)
    { key: { user_id: 1, article_id: 1 }, name: 'user_article', unique: true },
    // list and trim: find({ user_id }).sort({ at: -1 })
    { key: { user_id: 1, at: -1 }, name: 'user_at' },
  ],
};

/** Record an event; an older `at` never overwrites a newer one (imports may arrive late). */
export async function recordHistory(db: Db, userId: string, articleId: string, event: HistoryEvent, at: Date): Promise<void> {
  const coll = historyCollection(db);
  const updated = await coll.updateOne({ user_id: userId, article_id: articleId, at: { $lte: at } }, { $set: { event, at } });
  if (updated.matchedCount === 1) return;
  // no entry, or a newer one: insert only when there is none
  await coll.updateOne(
    { user_id: userId, article_id: articleId },
    { $setOnInsert: { _id: randomId(), user_id: userId, article_id: articleId, event, at } },
    { upsert: true },
  );
}

/** Drop the oldest entries beyond HISTORY_LIMIT. */
export async function trimHistory(db: Db, userId: string): Promise<void> {
  const coll = historyCollection(db);
  if ((await coll.countDocuments({ user_id: userId })) <= HISTORY_LIMIT) return;
  const keep = await coll.find({ user_id: userId }, { projection: { _id: 1 } }).sort({ at: -1 }).limit(HISTORY_LIMIT).toArray();
  await coll.deleteMany({ user_id: userId, _id: { $nin: keep.map((d) => d._id) } });
}

/** A user's history, newest first. */
export function listHistory(db: Db, userId: string, limit = 200): Promise<HistoryDoc[]> {
  return historyCollection(db).find({ user_id: userId }).sort({ at: -1 }).limit(limit).toArray();
}

/** Remove one entry; true when it existed. */
export async function removeHistory(db: Db, userId: string, articleId: string): Promise<boolean> {
  return (await historyCollection(db).deleteOne({ user_id: userId, article_id: articleId })).deletedCount === 1;
}

/** Clear a user's whole history; returns how many entries went. */
export async function clearHistory(db: Db, userId: string): Promise<number> {
  return (await historyCollection(db).deleteMany({ user_id: userId })).deletedCount;
}
