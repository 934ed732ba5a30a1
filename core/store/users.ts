/**
 * Queries on the `users` collection, and the one list of every collection holding a user's data
 * (`USER_DATA_COLLECTIONS`), which account deletion walks. Whoever stores user data elsewhere adds a
 * line there (and the deletion test checks it).
 */
import { MongoServerError, type Db } from 'mongodb';
import { randomId } from '../domain/ids.ts';
import type { UserDoc } from '../domain/user.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `users` collection. */
export const usersCollection = (db: Db) => db.collection<UserDoc>('users');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'users',
  indexes: [
    // sign-in (magic link verify, provider linking): findOne({ email })
    { key: { email: 1 }, name: 'email', unique: true },
  ],
};

/**
 * Where a user's data lives. `field` holds the user's id (`by: 'id'`) or normalised e-mail
 * (`by: 'email'`); `action` says whether the doc goes (`delete`) or only loses the reference
 * (`unset`: the record belongs to someone else too, e.g. an admin's reply to a reader).
 */
export interface UserDataLocation {
  collection: string;
  field: string;
  by: 'id' | 'email';
  action: 'delete' | 'unset';
}

/** Every collection holding a user's data. Extend it when you store user data somewhere new. */
export const USER_DATA_COLLECTIONS: UserDataLocation[] = [
  { collection: 'sessions', field: 'user_id', by: 'id', action: 'delete' },
  { collection: 'identities', field: 'user_id', by: 'id', action: 'delete' },
  { collection: 'follows', field: 'user_id', by: 'id', action: 'delete' },
  { collection: 'saved', field: 'user_id', by: 'id', action: 'delete' },
  { collection: 'history', field: 'user_id', by: 'id', action: 'delete' },
  { collection: 'magic_links', field: 'email', by: 'email', action: 'delete' },
  { collection: 'digest_subscriptions', field: '_id', by: 'id', action: 'delete' },
  { collection: 'digest_sends', field: 'user_id', by: 'id', action: 'delete' },
  // an admin's replies stay in the feedback inbox, without the author reference
  { collection: 'feedback_replies', field: 'user_id', by: 'id', action: 'unset' },
  // the user document itself goes last, so a failure part-way can be retried
  { collection: 'users', field: '_id', by: 'id', action: 'delete' },
];

/** One user by id, or null. */
export function findUserById(db: Db, id: string): Promise<UserDoc | null> {
  return usersCollection(db).findOne({ _id: id });
}

/** One user by normalised e-mail, or null. */
export function findUserByEmail(db: Db, email: string): Promise<UserDoc | null> {
  return usersCollection(db).findOne({ email });
}

/** The user with this verified e-mail, created when there is none (a concurrent create wins the race). */
export async function findOrCreateUserByEmail(db: Db, email: string, now: Date, avatarUrl: string | null = null): Promise<UserDoc> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const user: UserDoc = { _id: randomId(), email, avatar_url: avatarUrl, is_admin: false, prefs: null, created_at: now, updated_at: now, imported_at: null };
  try {
    await usersCollection(db).insertOne(user);
    return user;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === 11000) {
      const raced = await findUserByEmail(db, email);
      if (raced) return raced;
    }
    throw error;
  }
}

/** Store the profile picture from the latest sign-in (null clears it). */
export async function setAvatar(db: Db, userId: string, avatarUrl: string | null, now: Date): Promise<void> {
  await usersCollection(db).updateOne({ _id: userId }, { $set: { avatar_url: avatarUrl, updated_at: now } });
}

/** Replace the synced prefs. */
export async function setPrefs(db: Db, userId: string, prefs: Record<string, unknown>, now: Date): Promise<void> {
  await usersCollection(db).updateOne({ _id: userId }, { $set: { prefs, updated_at: now } });
}

/** Mark the one-time device import as done; false when it was already done (atomic). */
export async function claimImport(db: Db, userId: string, now: Date): Promise<boolean> {
  const result = await usersCollection(db).updateOne(
    { _id: userId, $or: [{ imported_at: null }, { imported_at: { $exists: false } }] },
    { $set: { imported_at: now, updated_at: now } },
  );
  return result.modifiedCount === 1;
}

/** Delete a user and everything in USER_DATA_COLLECTIONS that refers to them. */
export async function deleteUserCascade(db: Db, user: Pick<UserDoc, '_id' | 'email'>): Promise<void> {
  for (const place of USER_DATA_COLLECTIONS) {
    const value = place.by === 'id' ? user._id : user.email;
    const coll = db.collection(place.collection);
    if (place.action === 'delete') await coll.deleteMany({ [place.field]: value });
    else await coll.updateMany({ [place.field]: value }, { $set: { [place.field]: null } });
  }
}
