/** Helpers for the accounts tests: signing someone in directly, reading cookies, a movable clock. */
import type { Db } from 'mongodb';
import { hashToken } from '../../api/session.ts';
import { randomId } from '../../core/domain/ids.ts';
import { newSecretToken, sessionExpiry } from '../../core/domain/auth.ts';
import type { SessionDoc, UserDoc } from '../../core/domain/user.ts';

/** A clock tests can move. */
export function movableClock(start = new Date('2026-11-20T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Insert a user and a session (the shared test shape); returns the user and the bearer token. */
export async function signInDirectly(db: Db, email: string, now = new Date(), extra: Partial<UserDoc> = {}): Promise<{ user: UserDoc; token: string }> {
  const user: UserDoc = { _id: randomId(), email, avatar_url: null, is_admin: false, prefs: null, created_at: now, updated_at: now, ...extra };
  await db.collection<UserDoc>('users').insertOne(user);
  const token = newSecretToken();
  await db.collection<SessionDoc>('sessions').insertOne({ _id: randomId(), token_hash: hashToken(token), user_id: user._id, created_at: now, last_used_at: now, expires_at: sessionExpiry(now) });
  return { user, token };
}

/** The `Set-Cookie` header lines of a response. */
export function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

/** The value of cookie `name` set by a response, or null. */
export function cookieValue(res: Response, name: string): string | null {
  for (const line of setCookies(res)) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1] ?? '';
  }
  return null;
}

/** JSON with a type the caller names (tests only; the shape is asserted right after). */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
