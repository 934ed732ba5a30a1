/**
 * Sliding-window rate limits counted in the `rate_limits` collection, so every API process shares
 * the count. Keys are keyed hashes (core/domain/auth.ts `keyedHash`), never an address in the clear,
 * and each hit expires with its window.
 */
import type { Db } from 'mongodb';
import { randomId } from '../domain/ids.ts';
import type { CollectionIndexes } from './collections.ts';

/** One counted hit. */
export interface RateLimitDoc {
  _id: string;
  bucket: string;
  key: string;
  at: Date;
  expires_at: Date;
}

/** The `rate_limits` collection. */
export const rateLimitsCollection = (db: Db) => db.collection<RateLimitDoc>('rate_limits');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'rate_limits',
  indexes: [
    // hit(): countDocuments({ bucket, key, at: { $gt: now - window } }); forget(): deleteMany({ bucket, key })
    { key: { bucket: 1, key: 1, at: 1 }, name: 'bucket_key_at' },
    // hits vanish once their window has passed
    { key: { expires_at: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
  ],
};

/**
 * Count a hit for (bucket, key) and say whether it is within `limit` per `windowSeconds`. A refused
 * hit is taken back, so hammering past the limit does not extend the lock-out. Concurrent hits see
 * each other (insert first, then count), which can only refuse more, never allow more.
 */
export async function hitRateLimit(
  db: Db,
  bucket: string,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<boolean> {
  const coll = rateLimitsCollection(db);
  const id = randomId();
  await coll.insertOne({ _id: id, bucket, key, at: now, expires_at: new Date(now.getTime() + windowSeconds * 1000) });
  const count = await coll.countDocuments({ bucket, key, at: { $gt: new Date(now.getTime() - windowSeconds * 1000) } });
  if (count <= limit) return true;
  await coll.deleteOne({ _id: id });
  return false;
}

/** Forget every hit for (bucket, key) (account deletion removes the address's counters). */
export async function forgetRateLimit(db: Db, bucket: string, key: string): Promise<void> {
  await rateLimitsCollection(db).deleteMany({ bucket, key });
}
