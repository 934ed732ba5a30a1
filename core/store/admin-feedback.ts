/**
 * The admin inbox's queries on `feedback` (written by POST /api/feedback) and `feedback_replies`
 * (written only here, after a successful send). "Not found" is null/false here and 404 in the routes.
 */
import type { Db } from 'mongodb';
import type { FeedbackReplyDoc, InboxFeedback } from '../domain/reply.ts';
import type { CollectionIndexes } from './collections.ts';

const feedback = (db: Db) => db.collection<InboxFeedback>('feedback');
const replies = (db: Db) => db.collection<FeedbackReplyDoc>('feedback_replies');

/** Indexes of `feedback_replies`. */
export const indexes: CollectionIndexes = {
  collection: 'feedback_replies',
  indexes: [
    // listReplies: { feedback_id: { $in: ids } } sorted by sent_at; deleteFeedback: { feedback_id }
    { key: { feedback_id: 1, sent_at: 1 }, name: 'feedback_sent' },
  ],
};

// The inbox's `feedback` queries (sort by created_at, count by read_at) are served by the
// indexes core/store/feedback.ts declares for that collection.

/** Every feedback item, newest first. */
export function listFeedback(db: Db): Promise<InboxFeedback[]> {
  return feedback(db).find({}).sort({ created_at: -1 }).toArray();
}

/** The replies to these feedback items, oldest first. */
export function listReplies(db: Db, feedbackIds: string[]): Promise<FeedbackReplyDoc[]> {
  if (feedbackIds.length === 0) return Promise.resolve([]);
  return replies(db).find({ feedback_id: { $in: feedbackIds } }).sort({ sent_at: 1 }).toArray();
}

/** One feedback item, or null. */
export function findFeedback(db: Db, id: string): Promise<InboxFeedback | null> {
  return feedback(db).findOne({ _id: id });
}

/** Set or clear `read_at`; the updated row, or null when no such row. */
export async function setFeedbackRead(db: Db, id: string, read: boolean, now: Date): Promise<InboxFeedback | null> {
  return feedback(db).findOneAndUpdate({ _id: id }, { $set: { read_at: read ? now : null } }, { returnDocument: 'after' });
}

/** Delete a feedback item and its replies; false when no such row. */
export async function deleteFeedback(db: Db, id: string): Promise<boolean> {
  const { deletedCount } = await feedback(db).deleteOne({ _id: id });
  if (deletedCount === 0) return false;
  await replies(db).deleteMany({ feedback_id: id });
  return true;
}

/** Record a sent reply and mark its feedback read (kept read if it already was). Called only after the send succeeded. */
export async function recordReply(db: Db, reply: FeedbackReplyDoc): Promise<void> {
  await replies(db).insertOne(reply);
  await feedback(db).updateOne({ _id: reply.feedback_id, read_at: null }, { $set: { read_at: reply.sent_at } });
}

/** Unread and total feedback counts. */
export async function feedbackCounts(db: Db): Promise<{ unread: number; total: number }> {
  const [unread, total] = await Promise.all([feedback(db).countDocuments({ read_at: null }), feedback(db).countDocuments({})]);
  return { unread, total };
}
