/** Queries on the `events` collection (SPEC.md "Events": one row per visitor, kind, article and day). */
import type { Db } from 'mongodb';
import type { EventDoc } from '../domain/event.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `events` collection. */
export const eventsCollection = (db: Db) => db.collection<EventDoc>('events');

/** Indexes of `events`. */
export const indexes: CollectionIndexes = {
  collection: 'events',
  indexes: [
    // recordEvent: the uniqueness key (CONTRACT.md); its `day` prefix also serves the admin
    // statistics' per-day range scans ({ day: { $gte: from } }).
    { key: { day: 1, visitor_hash: 1, kind: 1, article_id: 1 }, name: 'day_visitor_kind_article', unique: true },
  ],
};

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}

/**
 * Record one event; a repeat of the same (day, visitor, kind, article) changes nothing. Two racing
 * upserts may collide on the key: the loser's duplicate-key error means the row exists, which is
 * exactly the outcome we want.
 */
export async function recordEvent(db: Db, event: EventDoc): Promise<void> {
  const { _id, ...fields } = event;
  try {
    await eventsCollection(db).updateOne({ _id }, { $setOnInsert: fields }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}
