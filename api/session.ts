/**
 * Session resolution (SPEC.md "Authentication" 1): from the `tidings_session` cookie or an
 * `Authorization: Bearer <token>` header. Only the SHA-256 of a token is stored, so a leaked
 * database cannot be replayed as sessions. Expected failures return null, never throw.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { UnauthorizedError } from '../core/errors.ts';
import type { SessionDoc, UserDoc } from '../core/domain/user.ts';
import { SESSION_COOKIE } from '../core/domain/user.ts';
import type { AppEnv } from './deps.ts';

/** hex SHA-256 of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The raw session token carried by the request, or null. */
export function requestToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('authorization');
  if (header) {
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
    if (match?.[1]) return match[1];
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie && /^[A-Za-z0-9_-]{20,200}$/.test(cookie) ? cookie : null;
}

/** The signed-in user and session for this request, or null (memoised per request). */
export async function currentSession(c: Context<AppEnv>): Promise<{ user: UserDoc; session: SessionDoc } | null> {
  const cached = (c as unknown as { _session?: Promise<{ user: UserDoc; session: SessionDoc } | null> })._session;
  if (cached) return cached;
  const lookup = (async () => {
    const token = requestToken(c);
    if (!token) return null;
    const { db, now } = c.get('deps');
    const session = await db.collection<SessionDoc>('sessions').findOne({ token_hash: hashToken(token) });
    if (!session || session.expires_at <= now()) return null;
    const user = await db.collection<UserDoc>('users').findOne({ _id: session.user_id });
    return user ? { user, session } : null;
  })();
  (c as unknown as { _session?: typeof lookup })._session = lookup;
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
