/** Users, sessions, identities and follows as stored (SPEC.md "User, session, identity", "Follow"). */
import type { Config } from '../platform/config.ts';
import { isOneOf } from './guards.ts';

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
  /** When the device history was imported (the one-time import of POST /api/import), else absent/null. */
  imported_at?: Date | null;
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

/** The sign-in methods an identity can be: `email` for the magic link, `oidc` for the identity provider. */
export const IDENTITY_PROVIDERS = ['email', 'oidc'] as const;

/** Whether a value is one of IDENTITY_PROVIDERS (the account page reads its identities with it). */
export const isIdentityProvider = (value: unknown): value is (typeof IDENTITY_PROVIDERS)[number] => isOneOf(IDENTITY_PROVIDERS, value);

/** A connected sign-in method in the `identities` collection, unique per (issuer, subject). */
export interface IdentityDoc {
  _id: string;
  user_id: string;
  /** One of IDENTITY_PROVIDERS. */
  provider: (typeof IDENTITY_PROVIDERS)[number];
  /** The OIDC `iss`, or the literal `email` for magic-link identities. */
  issuer: string;
  /** The OIDC `sub`, or the normalised address for magic-link identities. */
  subject: string;
  /** The address the method last reported (normalised). */
  email: string;
  created_at: Date;
  last_used_at: Date;
}

/** A follow in the `follows` collection; unique per (user_id, kind, value). */
export interface FollowDoc {
  _id: string;
  user_id: string;
  kind: 'source' | 'tag';
  value: string;
  created_at: Date;
}

/** The follow kinds SPEC.md allows. */
export const FOLLOW_KINDS: readonly FollowDoc['kind'][] = ['source', 'tag'];

/** True when `value` is a follow kind (the reader app reads answers with this; the routes take `z.enum(FOLLOW_KINDS)`). */
export const isFollowKind = (value: unknown): value is FollowDoc['kind'] => isOneOf(FOLLOW_KINDS, value);

/** A saved article in the `saved` collection; unique per (user_id, article_id). */
export interface SavedDoc {
  _id: string;
  user_id: string;
  article_id: string;
  saved_at: Date;
}

/** The deliberate history events (SPEC.md: "an article opened, or replaced away"). */
export type HistoryEvent = 'opened' | 'replaced';
/** Every accepted history event. */
export const HISTORY_EVENTS: readonly HistoryEvent[] = ['opened', 'replaced'];

/** True when `value` is a history event. */
export const isHistoryEvent = (value: unknown): value is HistoryEvent => isOneOf(HISTORY_EVENTS, value);

/** A history entry in the `history` collection; one per (user_id, article_id), latest event wins. */
export interface HistoryDoc {
  _id: string;
  user_id: string;
  article_id: string;
  event: HistoryEvent;
  at: Date;
}

// The account answers as the server writes them and the reader app reads them: one declaration
// for both sides (the app imports these as types and still validates every answer it receives,
// app/lib/account.ts), so a field renamed on one side is a type error on the other.

/** A user as answered (`GET /api/auth/me`, `user` of `/api/auth/session`, the top of `/api/account`). */
export interface UserView {
  id: string;
  email: string;
  avatar_url: string | null;
  is_admin: boolean;
  created_at: string;
  needs_import: boolean;
}

/** A connected sign-in method as answered (`identities` of `/api/account` and its export). */
export interface IdentityView {
  provider: IdentityDoc['provider'];
  issuer: string;
  email: string;
  connected_at: string;
  last_used_at: string;
}

/** An active session as answered (`sessions` of `/api/account` and its export). */
export interface SessionView {
  id: string;
  /** True for the session that asked. */
  current: boolean;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** `GET /api/account`. */
export type AccountView = UserView & { identities: IdentityView[]; sessions: SessionView[]; saved_count: number };

/** A follow as answered (`items` of `GET /api/follows`), with the source's or tag's display name. */
export interface FollowView {
  kind: FollowDoc['kind'];
  value: string;
  name: string;
  created_at: string;
}

/** The session cookie name (CONTRACT.md). */
export const SESSION_COOKIE = 'tidings_session';
/** Session lifetime, sliding (CONTRACT.md: 30 days). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Admin when the flag is set or the normalised e-mail is in SERVICE_ADMIN_EMAILS (SPEC.md "Authentication" 4). */
export function isAdmin(user: Pick<UserDoc, 'is_admin' | 'email'>, config: Pick<Config, 'adminEmails'>): boolean {
  return user.is_admin === true || config.adminEmails.includes(user.email.trim().toLowerCase());
}
