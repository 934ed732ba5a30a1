/** Users, sessions and follows as stored (SPEC.md "User, session, identity", "Follow"). */

/** A user in the `users` collection. */
export interface UserDoc {
  _id: string;
  /** Normalised (trimmed, lower-cased) verified e-mail. */
  email: string;
  avatar_url: string | null;
  is_admin: boolean;
  /** Calm Filters prefs synced from the device (raw JSON object, parsed tolerantly on use). */
  prefs: unknown;
  created_at: Date;
  updated_at: Date;
}

/** A session in the `sessions` collection; only the SHA-256 of the token is stored. */
export interface SessionDoc {
  _id: string;
  /** hex SHA-256 of the session token. */
  token_hash: string;
  user_id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
}

/** A follow in the `follows` collection; unique per (user_id, kind, value). */
export interface FollowDoc {
  _id: string;
  user_id: string;
  kind: 'source' | 'tag';
  value: string;
  created_at: Date;
}

/** The session cookie name (CONTRACT.md). */
export const SESSION_COOKIE = 'tidings_session';
/** Session lifetime, sliding (CONTRACT.md: 30 days). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
