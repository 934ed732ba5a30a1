/**
 * `GET /api/health` (CONTRACT.md): 200 `{ok:true,db:"up"}`, or 503 `{ok:false,db:"down"}` when the
 * database does not answer within 2 s. Never writes. An admin's request (a session of an admin,
 * by cookie or bearer token) also gets `caches`: every bounded memo's size, bound, hits and misses
 * (`cacheStats()`, core/platform/cache.ts); anyone else gets exactly the contract's body.
 */
import { Hono, type Context } from 'hono';
import { isAdmin } from '../../core/domain/user.ts';
import { cacheStats } from '../../core/platform/cache.ts';
import { pingDatabase } from '../../core/store/db.ts';
import { findSessionByHash } from '../../core/store/sessions.ts';
import { findUserById } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { hashToken, requestToken } from '../session.ts';

/**
 * Whether the caller is a signed-in admin, read without writing: unlike `currentUser`, a session
 * due for its sliding extension is not extended here (health never writes). No token, no query.
 */
async function callerIsAdmin(c: Context<AppEnv>, deps: AppDeps): Promise<boolean> {
  const token = requestToken(c);
  if (token === null) return false;
  try {
    const session = await findSessionByHash(deps.db, hashToken(token), deps.now());
    const user = session ? await findUserById(deps.db, session.user_id) : null;
    return user !== null && isAdmin(user, deps.config);
  } catch {
    // The figures are a courtesy: a failed look-up answers as to anyone.
    return false;
  }
}

/** The health sub-app. */
export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const up = await pingDatabase(deps.db, 2000);
    if (!up) return c.json({ ok: false, db: 'down' }, 503);
    if (await callerIsAdmin(c, deps)) return c.json({ ok: true, db: 'up', caches: cacheStats() }, 200);
    return c.json({ ok: true, db: 'up' }, 200);
  });
  return app;
}
