/**
 * The signed-in reader's API client (docs/accounts.md "For the Reader app engineer", docs/digest.md).
 * The session travels in the HttpOnly cookie (`credentials: 'same-origin'`); every answer is
 * validated before it reaches a view. `undefined` means "could not reach Tidings", `null` means
 * "signed out" (401) or "not there"; views say so calmly instead of throwing.
 */
import type { DigestPrefView } from '../../core/domain/digest.ts';
import { isValidId, isRecord, textOf } from '../../core/domain/guards.ts';
import { isFollowKind, isHistoryEvent, isIdentityProvider, type AccountView, type FollowView, type HistoryEvent, type IdentityView, type SessionView, type UserView } from '../../core/domain/user.ts';
import { httpUrl, parseCard, type Card } from './cards.ts';
import { errorMessage, request, UNREACHABLE, type Answer } from './http.ts';

// The answers' shapes are the server's own (core/domain/user.ts, core/domain/digest.ts, imported as
// types): the parsers below check every field of what arrives and keep what the views read.

/** The signed-in reader (`GET /api/auth/me`, or `user` of `GET /api/auth/session`). */
export type Me = Omit<UserView, 'created_at'>;

/** A sign-in method connected to the account. */
export type Identity = IdentityView;

/** One active session. */
export type SessionInfo = Omit<SessionView, 'expires_at'>;

/** `GET /api/account`. */
export type Account = Me & Pick<AccountView, 'identities' | 'saved_count'> & { sessions: SessionInfo[] };

/** The daily digest preference (`GET`/`PUT /api/digest`). */
export type DigestPref = DigestPrefView;

/** A follow (`GET /api/follows`). */
export type Follow = Omit<FollowView, 'created_at'>;

/** A card in the saved list or the history. */
export interface LibraryItem {
  card: Card;
  /** `saved_at` or the history entry's `at` (ISO). */
  at: string;
  /** History only. */
  event: HistoryEvent | null;
}


/** A call with the session cookie and, when given, a JSON body. */
const send = (method: string, path: string, json?: unknown): Promise<Answer> => request(path, json === undefined ? { method } : { method, json });

/** Parse the `me` shape; null when it is not one. */
export function parseMe(value: unknown): Me | null {
  if (!isRecord(value) || !isValidId(value.id) || typeof value.email !== 'string') return null;
  return { id: value.id, email: value.email, avatar_url: httpUrl(value.avatar_url), is_admin: value.is_admin === true, needs_import: value.needs_import === true };
}

/**
 * Who is signed in: Me, null when signed out, undefined when Tidings cannot be reached. Asks
 * `GET /api/auth/session` (`{"user": Me | null}`), which answers 200 to an anonymous reader, so a
 * visit logs no failed request.
 */
export async function fetchMe(): Promise<Me | null | undefined> {
  const res = await send('GET', '/api/auth/session');
  if (res.status !== 200 || !isRecord(res.body) || !('user' in res.body)) return undefined;
  return res.body.user === null ? null : parseMe(res.body.user) ?? undefined;
}

/** The configured provider's label, or null when only e-mail sign-in exists (`GET /api/auth/providers`). */
export async function fetchProvider(): Promise<{ name: string; start: string } | null> {
  const res = await send('GET', '/api/auth/providers');
  const oidc = isRecord(res.body) && isRecord(res.body.oidc) ? res.body.oidc : null;
  const start = textOf(oidc?.start);
  // Only our own path is followed: a provider button must never lead off-site from here.
  return oidc && typeof oidc.name === 'string' && start.startsWith('/api/auth/') ? { name: oidc.name, start } : null;
}

/** `POST /api/auth/email/start`: the calm reply, or a message saying what to fix. */
export async function startEmailSignIn(email: string): Promise<{ ok: boolean; message: string }> {
  const res = await send('POST', '/api/auth/email/start', { email });
  if (res.status === UNREACHABLE) return { ok: false, message: 'Tidings could not be reached. Please try again in a moment.' };
  if (res.status === 200 && isRecord(res.body)) return { ok: true, message: textOf(res.body.message) || 'A sign-in link is on its way.' };
  if (res.status === 422) return { ok: false, message: 'Please enter a valid e-mail address.' };
  return { ok: false, message: errorMessage(res.body) || 'That did not work. Please try again in a moment.' };
}

function parseIdentity(v: unknown): Identity | null {
  if (!isRecord(v) || !isIdentityProvider(v.provider)) return null;
  return { provider: v.provider, issuer: textOf(v.issuer), email: textOf(v.email), connected_at: textOf(v.connected_at), last_used_at: textOf(v.last_used_at) };
}

function parseSession(v: unknown): SessionInfo | null {
  if (!isRecord(v) || !isValidId(v.id)) return null;
  return { id: v.id, current: v.current === true, created_at: textOf(v.created_at), last_used_at: textOf(v.last_used_at) };
}

function list<T>(value: unknown, parse: (v: unknown) => T | null): T[] {
  return Array.isArray(value) ? value.map(parse).filter((x): x is T => x !== null) : [];
}

/** Parse `GET /api/account`. */
export function parseAccount(value: unknown): Account | null {
  const me = parseMe(value);
  if (!me || !isRecord(value)) return null;
  const count = typeof value.saved_count === 'number' && Number.isFinite(value.saved_count) ? Math.max(0, value.saved_count) : 0;
  return { ...me, identities: list(value.identities, parseIdentity), sessions: list(value.sessions, parseSession), saved_count: count };
}

/** `GET /api/account`: the account, null when signed out, undefined when unreachable. */
export async function fetchAccount(): Promise<Account | null | undefined> {
  const res = await send('GET', '/api/account');
  if (res.status === UNREACHABLE) return undefined;
  return res.status === 401 ? null : (parseAccount(res.body) ?? undefined);
}

/** `POST /api/auth/logout`. */
export const signOut = async (): Promise<boolean> => (await send('POST', '/api/auth/logout')).ok;
/** `POST /api/account/logout-all`. */
export const signOutEverywhere = async (): Promise<boolean> => (await send('POST', '/api/account/logout-all')).ok;
/** `DELETE /api/account` (204). */
export const deleteAccount = async (): Promise<boolean> => (await send('DELETE', '/api/account')).ok;
/** `DELETE /api/account/sessions/<id>`. */
export const endSession = async (id: string): Promise<boolean> => (await send('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`)).ok;

/** Parse a digest preference. */
export function parseDigest(value: unknown): DigestPref | null {
  if (!isRecord(value) || typeof value.enabled !== 'boolean') return null;
  const hour = typeof value.hour === 'number' && Number.isInteger(value.hour) && value.hour >= 0 && value.hour <= 23 ? value.hour : 7;
  return { enabled: value.enabled, hour, time_zone: textOf(value.time_zone) || 'UTC' };
}

/** `GET /api/digest`. */
export async function fetchDigest(): Promise<DigestPref | null> {
  const res = await send('GET', '/api/digest');
  return res.status === 200 ? parseDigest(res.body) : null;
}

/** `PUT /api/digest`: the saved preference, or null when it was not saved. */
export async function saveDigest(pref: DigestPref): Promise<DigestPref | null> {
  const res = await send('PUT', '/api/digest', pref);
  return res.status === 200 ? parseDigest(res.body) : null;
}

function parseItem(v: unknown, atKey: 'saved_at' | 'at'): LibraryItem | null {
  const card = parseCard(v);
  if (!card || !isRecord(v)) return null;
  const event = isHistoryEvent(v.event) ? v.event : null;
  return { card, at: textOf(v[atKey]), event };
}

/** `GET /api/saved` or `GET /api/history`: the items, or null when unavailable. */
export async function fetchLibrary(which: 'saved' | 'history'): Promise<LibraryItem[] | null> {
  const res = await send('GET', `/api/${which}`);
  if (res.status !== 200 || !isRecord(res.body)) return null;
  const at = which === 'saved' ? 'saved_at' : 'at';
  return list(res.body.items, (v) => parseItem(v, at));
}

/** `GET /api/saved/ids`. */
export async function fetchSavedIds(): Promise<string[] | null> {
  const res = await send('GET', '/api/saved/ids');
  return res.status === 200 && isRecord(res.body) && Array.isArray(res.body.ids) ? res.body.ids.filter(isValidId) : null;
}

/** Save or unsave one article. */
export async function setSaved(articleId: string, saved: boolean): Promise<boolean> {
  return saved
    ? (await send('POST', '/api/saved', { article_id: articleId })).ok
    : (await send('DELETE', `/api/saved?article_id=${encodeURIComponent(articleId)}`)).ok;
}

/** `DELETE /api/history/<id>`. */
export const removeHistory = async (articleId: string): Promise<boolean> => (await send('DELETE', `/api/history/${encodeURIComponent(articleId)}`)).ok;
/** `DELETE /api/history` (the caller confirms first). */
export const clearHistory = async (): Promise<boolean> => (await send('DELETE', '/api/history')).ok;

/** `GET /api/follows`. */
export async function fetchFollows(): Promise<Follow[] | null> {
  const res = await send('GET', '/api/follows');
  if (res.status !== 200 || !isRecord(res.body)) return null;
  return list(res.body.items, (v) =>
    isRecord(v) && isFollowKind(v.kind) && typeof v.value === 'string' ? { kind: v.kind, value: v.value, name: textOf(v.name) || v.value } : null,
  );
}

/** Follow or unfollow a source or tag. */
export async function setFollow(kind: Follow['kind'], value: string, following: boolean): Promise<boolean> {
  return (await send(following ? 'POST' : 'DELETE', '/api/follows', { kind, value })).ok;
}

/** `GET /api/prefs`: the account's prefs object, or undefined when unavailable. */
export async function fetchAccountPrefs(): Promise<unknown> {
  const res = await send('GET', '/api/prefs');
  return res.status === 200 ? res.body : undefined;
}

/** `PUT /api/prefs`. */
export const putAccountPrefs = async (prefs: Record<string, unknown>): Promise<boolean> => (await send('PUT', '/api/prefs', prefs)).ok;

/** `POST /api/import` (once per account; a repeat answers `already_imported` and is harmless). */
export const importDevice = async (body: { history: unknown[]; prefs: Record<string, unknown> }): Promise<boolean> =>
  (await send('POST', '/api/import', body)).ok;
