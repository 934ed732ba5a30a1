/** Sign-in helpers for the admin tests: users and sessions inserted directly, bearer tokens sent. */
import type { Db } from 'mongodb';
import { signInDirectly } from '../accounts/helpers.ts';
import type { TestContext } from '../helpers/context.ts';

/** Insert a user with a live session (`signInDirectly`); returns its id and the bearer token. */
export async function signIn(db: Db, user: { email: string; is_admin?: boolean }): Promise<{ id: string; token: string }> {
  const signedIn = await signInDirectly(db, user.email, new Date(), { is_admin: user.is_admin ?? false });
  return { id: signedIn.user._id, token: signedIn.token };
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

/**
 * What the server sent, cut to the shape an admin page's reader kept (its fields, in arrays and
 * objects all the way down): `assert.equal(read, asSent(read, sent))` holds when the reader kept
 * every field it names exactly as sent, and fails when it names a field the server did not send.
 */
export function asSent(read: unknown, sent: unknown): unknown {
  if (Array.isArray(read)) return Array.isArray(sent) ? sent.map((item: unknown, i) => asSent(read[i], item)) : sent;
  if (typeof read === 'object' && read !== null) {
    if (typeof sent !== 'object' || sent === null) return sent;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(read)) out[key] = asSent(value, (sent as Record<string, unknown>)[key]);
    return out;
  }
  return sent;
}
