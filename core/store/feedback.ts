/** Queries on the `feedback` collection. The admin inbox (list, read, delete, reply) builds on these. */
import type { Db } from 'mongodb';
import type { FeedbackDoc } from '../domain/feedback.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `feedback` collection. */
export const feedbackCollection = (db: Db) => db.collection<FeedbackDoc>('feedback');

/** Indexes of `feedback`. */
export const indexes: CollectionIndexes = {
  collection: 'feedback',
  indexes: [
    // admin inbox: find({}).sort({ created_at: -1 })
    { key: { created_at: -1 }, name: 'created_at_desc' },
    // admin stats `feedback_unread`: countDocuments({ read_at: null })
    { key: { read_at: 1 }, name: 'read_at' },
  ],
};

/** Store one new feedback item. */
export async function insertFeedback(db: Db, doc: FeedbackDoc): Promise<void> {
  await feedbackCollection(db).insertOne(doc);
}
