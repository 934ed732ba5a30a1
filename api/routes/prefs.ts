/**
 * The account's synced Calm Filters prefs (SPEC.md `GET`/`PUT /api/prefs`). The body is the prefs
 * JSON object itself (CONTRACT.md field names); it is stored as given once it passes the bounds
 * below, and parsed tolerantly by whoever applies it, so a stale client never breaks a feed.
 */
import { Hono } from 'hono';
import { ValidationError } from '../../core/errors.ts';
import { setPrefs } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser } from '../session.ts';
import { limitBody } from './saved.ts';

/** Largest prefs object accepted, serialised. */
export const PREFS_MAX_BYTES = 16 * 1024;
const MAX_DEPTH = 5;

function depth(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depth));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depth));
  return 0;
}

/** The prefs object a request carries, or a 422 naming what is wrong. */
export function validatePrefs(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('prefs must be a JSON object.', 'invalid_prefs');
  }
  if (JSON.stringify(value).length > PREFS_MAX_BYTES) throw new ValidationError(`prefs must be at most ${PREFS_MAX_BYTES} bytes.`, 'invalid_prefs');
  if (depth(value) > MAX_DEPTH) throw new ValidationError('prefs are nested too deeply.', 'invalid_prefs');
  for (const key of Object.keys(value)) {
    // Keys become field names in MongoDB: refuse operator-looking and dotted keys.
    if (key.startsWith('$') || key.includes('.') || key.length > 64) throw new ValidationError(`prefs field "${key.slice(0, 64)}" is not allowed.`, 'invalid_prefs');
  }
  return value as Record<string, unknown>;
}

/** The stored prefs as an object ({} when none). */
export function storedPrefs(prefs: unknown): Record<string, unknown> {
  return prefs !== null && typeof prefs === 'object' && !Array.isArray(prefs) ? (prefs as Record<string, unknown>) : {};
}

/** `/api/prefs`: read and replace. */
export function prefsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', limitBody(PREFS_MAX_BYTES + 1024));

  app.get('/', async (c) => c.json(storedPrefs((await requireUser(c)).prefs)));

  app.put('/', async (c) => {
    const user = await requireUser(c);
    const prefs = validatePrefs(await c.req.json().catch(() => undefined));
    await setPrefs(deps.db, user._id, prefs, deps.now());
    return c.json(prefs);
  });

  return app;
}
