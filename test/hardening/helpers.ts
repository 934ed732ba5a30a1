/** Small helpers shared by the hardening suites: signing in directly, JSON bodies, polling. */
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { hashToken } from '../../api/session.ts';
import { randomId } from '../../core/domain/ids.ts';
import type { SessionDoc, UserDoc } from '../../core/domain/user.ts';
export { until } from '../helpers/until.ts';

/** Insert a user with a live 30-day session; returns its id and bearer token. */
export async function signIn(db: Db, email: string, isAdmin = false): Promise<{ id: string; token: string }> {
  const id = randomId();
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  await db.collection<UserDoc>('users').insertOne({ _id: id, email, avatar_url: null, is_admin: isAdmin, prefs: null, created_at: now, updated_at: now });
  await db.collection<SessionDoc>('sessions').insertOne({
    _id: randomId(),
    token_hash: hashToken(token),
    user_id: id,
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + 30 * 86_400_000),
  });
  return { id, token };
}

/** Parse a response body as JSON of a shape the caller asserts right after (tests only). */
export async function bodyOf<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The `error.code` of a contract error body, or '' when there is none. */
export async function errorCode(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' && body.error !== null && 'code' in body.error) return String(body.error.code);
  } catch {
    // not JSON
  }
  return '';
}

