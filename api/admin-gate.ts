/**
 * The admin gate (SPEC.md "Authentication" 4, CONTRACT.md status codes). Mounted in front of every
 * `/api/admin/*` route, so it runs before any other work: no id lookup, no body parsing, no fetch
 * happens for a caller who is not an admin. 401 without a session, 403 for a signed-in non-admin.
 */
import type { Context, Next } from 'hono';
import { ForbiddenError, UnauthorizedError } from '../core/platform/errors.ts';
import { isAdmin } from '../core/domain/user.ts';
import type { AppEnv } from './deps.ts';
import { currentUser } from './session.ts';

/** Middleware: 401 anonymously, 403 for non-admins, otherwise on to the route. */
export async function adminGate(c: Context<AppEnv>, next: Next): Promise<void> {
  const user = await currentUser(c);
  if (!user) throw new UnauthorizedError();
  if (!isAdmin(user, c.get('deps').config)) throw new ForbiddenError('This page is for the people who run the service.');
  // Admin answers are per person and change with every action: never cache them.
  c.header('Cache-Control', 'no-store');
  await next();
}

/** The signed-in admin's user id (only call behind `adminGate`). */
export async function adminUserId(c: Context<AppEnv>): Promise<string> {
  const user = await currentUser(c);
  if (!user) throw new UnauthorizedError();
  return user._id;
}
