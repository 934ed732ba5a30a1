/**
 * Digest subscriptions and the per-day send ledger. The ledger makes sending idempotent: a send is
 * claimed by inserting `<user>:<day>` (unique `_id`), so two workers never both send one reader's
 * day; a failed send is released as `failed` with a retry time and re-claimed only after it.
 */
import type { Db } from 'mongodb';
import { DEFAULT_DIGEST_HOUR, retryDelayMs, type DigestSubscription } from '../domain/digest.ts';
import type { CollectionIndexes } from './collections.ts';

/** One reader-day in the ledger. */
export interface DigestSendDoc {
  _id: string;
  user_id: string;
  day: string;
  status: 'sending' | 'sent' | 'failed';
  attempts: number;
  claimed_at: Date;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

const subscriptions = (db: Db) => db.collection<DigestSubscription>('digest_subscriptions');
const sends = (db: Db) => db.collection<DigestSendDoc>('digest_sends');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes[] = [
  // digest job: subscriptions.find({ enabled: true })
  { collection: 'digest_subscriptions', indexes: [{ key: { enabled: 1 }, name: 'enabled' }] },
  // account deletion / export: sends.deleteMany({ user_id })
  { collection: 'digest_sends', indexes: [{ key: { user_id: 1 }, name: 'user_id' }] },
];

/** A reader's subscription, or the default (off, 07:00 UTC). */
export async function getSubscription(db: Db, userId: string): Promise<DigestSubscription> {
  return (
    (await subscriptions(db).findOne({ _id: userId })) ?? {
      _id: userId,
      enabled: false,
      hour: DEFAULT_DIGEST_HOUR,
      time_zone: 'UTC',
      updated_at: new Date(0),
    }
  );
}

/** Create or update a reader's subscription with the given fields. */
export async function saveSubscription(
  db: Db,
  userId: string,
  fields: Partial<Pick<DigestSubscription, 'enabled' | 'hour' | 'time_zone'>>,
  now: Date,
): Promise<DigestSubscription> {
  const doc = await subscriptions(db).findOneAndUpdate(
    { _id: userId },
    {
      $set: { ...fields, updated_at: now },
      $setOnInsert: {
        ...(fields.hour === undefined ? { hour: DEFAULT_DIGEST_HOUR } : {}),
        ...(fields.time_zone === undefined ? { time_zone: 'UTC' } : {}),
        ...(fields.enabled === undefined ? { enabled: false } : {}),
      },
    },
    { upsert: true, returnDocument: 'after' },
  );
  return doc ?? getSubscription(db, userId);
}

/** Every enabled subscription. */
export function enabledSubscriptions(db: Db): Promise<DigestSubscription[]> {
  return subscriptions(db).find({ enabled: true }).toArray();
}

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 11000;

/** Claim a reader's day for sending. True when this caller owns the send now. */
export async function claimSend(db: Db, userId: string, day: string, now: Date): Promise<boolean> {
  const id = `${userId}:${day}`;
  try {
    await sends(db).insertOne({
      _id: id,
      user_id: userId,
      day,
      status: 'sending',
      attempts: 1,
      claimed_at: now,
      next_attempt_at: null,
      sent_at: null,
      last_error: null,
    });
    return true;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
  // Only a failed send whose retry time has come can be claimed again, by exactly one caller.
  const retried = await sends(db).findOneAndUpdate(
    { _id: id, status: 'failed', next_attempt_at: { $lte: now } },
    { $set: { status: 'sending', claimed_at: now }, $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  );
  return retried !== null;
}

/** Record a successful send. */
export async function markSent(db: Db, userId: string, day: string, now: Date): Promise<void> {
  await sends(db).updateOne({ _id: `${userId}:${day}` }, { $set: { status: 'sent', sent_at: now, last_error: null } });
}

/** Release a failed send for a later retry with backoff; the day stays unsent. */
export async function markFailed(db: Db, userId: string, day: string, now: Date, error: string): Promise<void> {
  const doc = await sends(db).findOne({ _id: `${userId}:${day}` });
  const attempts = doc?.attempts ?? 1;
  await sends(db).updateOne(
    { _id: `${userId}:${day}` },
    { $set: { status: 'failed', next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)), last_error: error.slice(0, 300) } },
  );
}

/** The ledger entry of a reader's day, or null. */
export function findSend(db: Db, userId: string, day: string): Promise<DigestSendDoc | null> {
  return sends(db).findOne({ _id: `${userId}:${day}` });
}
