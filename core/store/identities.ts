/** Queries on the `identities` collection: connected sign-in methods, unique per (issuer, subject). */
import { MongoServerError, type Db } from 'mongodb';
import { randomId } from '../domain/ids.ts';
import type { IdentityDoc } from '../domain/user.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `identities` collection. */
export const identitiesCollection = (db: Db) => db.collection<IdentityDoc>('identities');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'identities',
  indexes: [
    // provider callback: findOne({ issuer, subject }); uniqueness makes linking race-safe
    { key: { issuer: 1, subject: 1 }, name: 'issuer_subject', unique: true },
    // account page, export, delete account: find / deleteMany({ user_id })
    { key: { user_id: 1 }, name: 'user_id' },
  ],
};

/** The identity for (issuer, subject), or null. */
export function findIdentity(db: Db, issuer: string, subject: string): Promise<IdentityDoc | null> {
  return identitiesCollection(db).findOne({ issuer, subject });
}

/**
 * Record a sign-in through (issuer, subject) for `userId`: refreshes e-mail and last use when the
 * identity exists, creates it otherwise. Returns the identity as stored (its user may differ when
 * another request linked it first).
 */
export async function recordIdentity(
  db: Db,
  data: Pick<IdentityDoc, 'user_id' | 'provider' | 'issuer' | 'subject' | 'email'>,
  now: Date,
): Promise<IdentityDoc> {
  const coll = identitiesCollection(db);
  const updated = await coll.findOneAndUpdate(
    { issuer: data.issuer, subject: data.subject },
    { $set: { email: data.email, last_used_at: now } },
    { returnDocument: 'after' },
  );
  if (updated) return updated;
  const doc: IdentityDoc = { _id: randomId(), ...data, created_at: now, last_used_at: now };
  try {
    await coll.insertOne(doc);
    return doc;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) {
      const raced = await findIdentity(db, data.issuer, data.subject);
      if (raced) return raced;
    }
    throw error;
  }
}

/** A user's identities, oldest first. */
export function listIdentities(db: Db, userId: string): Promise<IdentityDoc[]> {
  return identitiesCollection(db).find({ user_id: userId }).limit(100).toArray();
}
