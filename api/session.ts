/**
 * Session resolution (SPEC.md "Authentication" 1): from the `tidings_session` cookie or an
 * `Authorization: Bearer <token>` header. Only the SHA-256 of a token is stored, so a leaked
 * database cannot be replayed as sessions. Sessions slide: a session used more than an hour after
 * its last extension gets a fresh 30-day expiry (and a refreshed cookie when it came by cookie).
 * Expected failures return null, never throw. Threat model: core/domain/auth.ts.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { UnauthorizedError } from '../core/platform/errors.ts';
import { cookieSecure, isSecretToken, sessionNeedsRefresh } from '../core/domain/auth.ts';
import type { SessionDoc, UserDoc } from '../core/domain/user.ts';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../core/domain/user.ts';
import { createSession, findSessionByHash, sha256Hex, touchSession } from '../core/store/sessions.ts';
import { findUserById } from '../core/store/users.ts';
import type { AppEnv } from './deps.ts';

/** hex SHA-256 of a token. */
export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** The bearer token of the request, or null (malformed headers count as none). */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return isSecretToken(match?.[1]) ? match[1] : null;
}

/** The raw session token carried by the request (bearer first, then cookie), or null. */
export function requestToken(c: Context<AppEnv>): string | null {
  const bearer = bearerToken(c);
  if (bearer) return bearer;
  const cookie = getCookie(c, SESSION_COOKIE);
  return isSecretToken(cookie) ? cookie : null;
}

type Resolved = { user: UserDoc; session: SessionDoc } | null;
const memo = new WeakMap<Context<AppEnv>, Promise<Resolved>>();

/** The signed-in user and session for this request, or null (memoised per request). */
export function currentSession(c: Context<AppEnv>): Promise<Resolved> {
  const cached = memo.get(c);
  if (cached) return cached;
  const lookup = (async (): Promise<Resolved> => {
    const token = requestToken(c);
    if (!token) return null;
    const { db, now: clock } = c.get('deps');
    const now = clock();
    const session = await findSessionByHash(db, hashToken(token), now);
    if (!session) return null;
    const user = await findUserById(db, session.user_id);
    if (!user) return null;
    if (sessionNeedsRefresh(session.last_used_at, now)) {
      await touchSession(db, session._id, now);
      if (!bearerToken(c)) setSessionCookie(c, token);
    }
    return { user, session };
  })();
  memo.set(c, lookup);
  return lookup;
}

/** The signed-in user, or null. */
export async function currentUser(c: Context<AppEnv>): Promise<UserDoc | null> {
  return (await currentSession(c))?.user ?? null;
}

/** The signed-in user, or a 401. */
export async function requireUser(c: Context<AppEnv>): Promise<UserDoc> {
  const user = await currentUser(c);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** Middleware: a 401 before anything else of the route runs (its body is not read) when nobody is signed in. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireUser(c);
  await next();
};

/** The signed-in user and session, or a 401. */
export async function requireSession(c: Context<AppEnv>): Promise<{ user: UserDoc; session: SessionDoc }> {
  const resolved = await currentSession(c);
  if (!resolved) throw new UnauthorizedError();
  return resolved;
}

/** Set the session cookie: HttpOnly, SameSite=Lax, Secure over https, 30 days (CONTRACT.md). */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cookieSecure(c.get('deps').config.publicBaseUrl),
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

/** Remove the session cookie from the browser. */
export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: cookieSecure(c.get('deps').config.publicBaseUrl), httpOnly: true, sameSite: 'Lax' });
}

/** Open a fresh session for a user (never reusing a token from the request), set the cookie, return the bearer token. */
export async function openSession(c: Context<AppEnv>, userId: string): Promise<string> {
  const { db, now } = c.get('deps');
  const { token } = await createSession(db, userId, now());
  setSessionCookie(c, token);
  return token;
}
