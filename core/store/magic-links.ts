/** Queries on the `magic_links` collection: one doc per outstanding link, keyed by the token's SHA-256. */
import type { Db } from 'mongodb';
import { MAGIC_LINK_TTL_SECONDS, newSecretToken } from '../domain/auth.ts';
import type { CollectionIndexes } from './collections.ts';
import { sha256Hex } from './sessions.ts';

/** A stored magic link: `_id` is the hex SHA-256 of the token; the token itself is only mailed. */
export interface MagicLinkDoc {
  _id: string;
  email: string;
  created_at: Date;
  expires_at: Date;
}

/** The `magic_links` collection. */
export const magicLinksCollection = (db: Db) => db.collection<MagicLinkDoc>('magic_links');

/** Indexes serving the queries below (the consume query uses `_id`). */
export const indexes: CollectionIndexes = {
  collection: 'magic_links',
  indexes: [
    // delete account: deleteMany({ email })
    { key: { email: 1 }, name: 'email' },
    // links left unused are removed by MongoDB after they expire (consume checks expires_at itself)
    { key: { expires_at: 1 }, name: 'expires_ttl', expireAfterSeconds: 0 },
  ],
};

/** Store a new link for `email`; returns the raw token to mail. */
export async function createMagicLink(db: Db, email: string, now: Date): Promise<string> {
  const token = newSecretToken();
  await magicLinksCollection(db).insertOne({
    _id: sha256Hex(token),
    email,
    created_at: now,
    expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Consume a link atomically: the single conditional `deleteOne` (exists and not expired) is the
 * consuming step, so of two racing requests exactly one sees `deletedCount === 1` and gets the
 * address. (The read before it only fetches the address, which never changes; `findOneAndDelete`
 * would do both at once but the embedded test server rejects it.) Returns the address or null.
 */
export async function consumeMagicLink(db: Db, token: string, now: Date): Promise<string | null> {
  const filter = { _id: sha256Hex(token), expires_at: { $gt: now } };
  const coll = magicLinksCollection(db);
  const doc = await coll.findOne(filter);
  if (!doc) return null;
  const { deletedCount } = await coll.deleteOne(filter);
  return deletedCount === 1 ? doc.email : null;
}
