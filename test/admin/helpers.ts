/** Sign-in helpers for the admin tests: users and sessions inserted directly, bearer tokens sent. */
import { randomBytes } from 'node:crypto';
import type { Db } from 'mongodb';
import { hashToken } from '../../api/session.ts';
import { randomId } from '../../core/domain/ids.ts';
import type { SessionDoc, UserDoc } from '../../core/domain/user.ts';
import type { TestContext } from '../helpers/context.ts';

/** Insert a user with a live session; returns its id and the bearer token. */
export async function signIn(db: Db, user: { email: string; is_admin?: boolean }): Promise<{ id: string; token: string }> {
  const id = randomId();
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  await db.collection<UserDoc>('users').insertOne({ _id: id, email: user.email, avatar_url: null, is_admin: user.is_admin ?? false, prefs: null, created_at: now, updated_at: now });
  await db.collection<SessionDoc>('sessions').insertOne({
    _id: randomId(),
    token_hash: hashToken(token),
    user_id: id,
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + 86_400_000),
  });
  return { id, token };
}

/** Request helper sending a bearer token and, when given, a JSON body. */
export function as(ctx: TestContext, token: string | null) {
  return (path: string, init: { method?: string; json?: unknown; body?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    return ctx.request(path, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body });
  };
}

/** The error code of a contract error body. */
export async function errorCode(res: Response): Promise<string> {
  const body: unknown = await res.json();
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object' && body.error !== null && 'code' in body.error) {
    return String(body.error.code);
  }
  return '';
}
