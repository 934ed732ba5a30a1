/** Queries on the `sources` collection. "Not found" is null here and 404 in the routes. */
import type { Db } from 'mongodb';
import type { SourceDoc } from '../domain/source.ts';
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
