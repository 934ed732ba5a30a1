/** Queries on the `follows` collection, unique per (user_id, kind, value). Also read by the following feed. */
import type { Db } from 'mongodb';
import { randomId } from '../domain/ids.ts';
import type { FollowDoc } from '../domain/user.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `follows` collection. */
export const followsCollection = (db: Db) => db.collection<FollowDoc>('follows');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'follows',
  indexes: [
    // add (upsert), remove, list by user (prefix), delete account (prefix)
    { key: { user_id: 1, kind: 1, value: 1 }, name: 'user_kind_value', unique: true },
  ],
};

/** A user's follows (at most 1,000), in the order they were added. */
export function listFollows(db: Db, userId: string): Promise<FollowDoc[]> {
  return followsCollection(db).find({ user_id: userId }).limit(1000).toArray();
}

/** Follow (idempotent); true when the follow is new. */
export async function addFollow(db: Db, userId: string, kind: FollowDoc['kind'], value: string, now: Date): Promise<boolean> {
  const result = await followsCollection(db).updateOne(
    { user_id: userId, kind, value },
    { $setOnInsert: { _id: randomId(), user_id: userId, kind, value, created_at: now } },
    { upsert: true },
  );
  return result.upsertedCount === 1;
}

/** Unfollow; true when there was such a follow. */
export async function removeFollow(db: Db, userId: string, kind: FollowDoc['kind'], value: string): Promise<boolean> {
  const result = await followsCollection(db).deleteOne({ user_id: userId, kind, value });
  return result.deletedCount === 1;
}
