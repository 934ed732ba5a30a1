/** Queries on the `sessions` collection. Tokens are never stored, only their SHA-256 (core/domain/auth.ts). */
import { createHash } from 'node:crypto';
import type { Db } from 'mongodb';
import { newSecretToken, sessionExpiry } from '../domain/auth.ts';
import { randomId } from '../domain/ids.ts';
import type { SessionDoc } from '../domain/user.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `sessions` collection. */
export const sessionsCollection = (db: Db) => db.collection<SessionDoc>('sessions');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'sessions',
  indexes: [
    // every authenticated request: findOne({ token_hash })
    { key: { token_hash: 1 }, name: 'token_hash', unique: true },
    // account page, logout-all, delete account: find / deleteMany({ user_id })
    { key: { user_id: 1 }, name: 'user_id' },
    // expired sessions are removed by MongoDB itself (lookups also check expires_at)
    { key: { expires_at: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
  ],
};

/** hex SHA-256 of a token (the stored form of session and magic-link tokens). */
export function sha256Hex(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Open a session for a user; returns the raw token (shown once, to the client) and the stored doc. */
export async function createSession(db: Db, userId: string, now: Date): Promise<{ token: string; session: SessionDoc }> {
  const token = newSecretToken();
  const session: SessionDoc = {
    _id: randomId(),
    token_hash: sha256Hex(token),
    user_id: userId,
    created_at: now,
    last_used_at: now,
    expires_at: sessionExpiry(now),
  };
  await sessionsCollection(db).insertOne(session);
  return { token, session };
}

/** The live session for a token hash, or null. */
export async function findSessionByHash(db: Db, tokenHash: string, now: Date): Promise<SessionDoc | null> {
  const session = await sessionsCollection(db).findOne({ token_hash: tokenHash });
  return session && session.expires_at > now ? session : null;
}

/** Slide a session's expiry forward from `now`. */
export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await sessionsCollection(db).updateOne({ _id: sessionId }, { $set: { last_used_at: now, expires_at: sessionExpiry(now) } });
}

/** A user's live sessions, newest first. */
export function listUserSessions(db: Db, userId: string, now: Date): Promise<SessionDoc[]> {
  return sessionsCollection(db)
    .find({ user_id: userId, expires_at: { $gt: now } })
    .sort({ last_used_at: -1 })
    .limit(200)
    .toArray();
}

/** End one session of a user; true when it existed. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await sessionsCollection(db).deleteOne({ _id: sessionId, user_id: userId });
  return result.deletedCount === 1;
}

/** End every session of a user (sign out everywhere); returns how many ended. */
export async function deleteUserSessions(db: Db, userId: string): Promise<number> {
  const result = await sessionsCollection(db).deleteMany({ user_id: userId });
  return result.deletedCount;
}
