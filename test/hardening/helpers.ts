/** Small helpers shared by the hardening suites: signing in directly, JSON bodies, polling. */
import type { Db } from 'mongodb';
import { signInDirectly } from '../accounts/helpers.ts';
export { until } from '../helpers/until.ts';

/** Insert a user with a live session (`signInDirectly`); returns its id and bearer token. */
export async function signIn(db: Db, email: string, isAdmin = false): Promise<{ id: string; token: string }> {
  const { user, token } = await signInDirectly(db, email, new Date(), { is_admin: isAdmin });
  return { id: user._id, token };
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

