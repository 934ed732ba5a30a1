/**
 * Small bookkeeping documents in the `meta` collection. The public pool's version stamp lives here:
 * every writer that changes what readers may see (an article accepted, a source hidden or shown)
 * bumps it, and every API process watches it to refresh its read model.
 */
import type { Db } from 'mongodb';

interface MetaDoc {
  _id: string;
  version?: number;
  updated_at?: Date;
  value?: unknown;
}

const meta = (db: Db) => db.collection<MetaDoc>('meta');

/** Bump the public pool's version stamp (call after any change to what readers may see). */
export async function bumpPoolVersion(db: Db, now: Date = new Date()): Promise<number> {
  const doc = await meta(db).findOneAndUpdate(
    { _id: 'pool' },
    { $inc: { version: 1 }, $set: { updated_at: now } },
    { upsert: true, returnDocument: 'after' },
  );
  return doc?.version ?? 0;
}

/** The current public pool version (0 before any write). */
export async function readPoolVersion(db: Db): Promise<number> {
  const doc = await meta(db).findOne({ _id: 'pool' });
  return doc?.version ?? 0;
}
