/**
 * The account's synced Calm Filters prefs (SPEC.md `GET`/`PUT /api/prefs`). The body is the prefs
 * JSON object itself (CONTRACT.md field names). It must be a JSON object of at most
 * MAX_PREFS_CHARS; it is then normalised with the reading path's own tolerant parser
 * (core/domain/prefs.ts), so what is stored is exactly what the filters will apply, plus the
 * client-only `lanes` list, which the parser ignores. Unknown fields are dropped.
 */
import { Hono } from 'hono';
import { MAX_PREFS_CHARS, parsePrefs } from '../../core/domain/prefs.ts';
import { ValidationError } from '../../core/platform/errors.ts';
import { setPrefs } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser } from '../session.ts';
import { limitBody } from './saved.ts';

/** Largest prefs object accepted, serialised (the reading path ignores larger blobs whole). */
export const PREFS_MAX_BYTES = MAX_PREFS_CHARS;
const MAX_LANES = 50;

function lanes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out = value.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64);
  return [...new Set(out)].slice(0, MAX_LANES);
}

/** The normalised prefs a request carries, or a 422 naming what is wrong. */
export function validatePrefs(value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('prefs must be a JSON object.', 'invalid_prefs');
  }
  if (JSON.stringify(value).length > PREFS_MAX_BYTES) throw new ValidationError(`prefs must be at most ${PREFS_MAX_BYTES} characters.`, 'invalid_prefs');
  const parsed = parsePrefs(value);
  const out: Record<string, unknown> = {
    ...parsed,
    pauses: parsed.pauses.map((p) => ({ kind: p.kind, value: p.value, until: p.until.toISOString() })),
  };
  if ('lanes' in value) out.lanes = lanes((value as { lanes?: unknown }).lanes);
  return out;
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
