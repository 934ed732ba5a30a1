/**
 * The account's synced Calm Filters prefs (SPEC.md `GET`/`PUT /api/prefs`). The body is the prefs
 * JSON object itself (CONTRACT.md field names). It must be a JSON object of at most
 * MAX_PREFS_CHARS; it is then normalised with the reading path's own tolerant parser
 * (core/domain/prefs.ts), so what is stored is exactly what the filters will apply, plus the
 * client-only `lanes` list, which the parser ignores. Unknown fields are dropped.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_PREFS_CHARS, parsePrefs } from '../../core/domain/prefs.ts';
import { setPrefs } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser, signedIn } from '../session.ts';
import { jsonBody } from '../validate.ts';

/** Largest prefs object accepted, serialised (the reading path ignores larger blobs whole). */
export const PREFS_MAX_BYTES = MAX_PREFS_CHARS;
const MAX_LANES = 50;

function lanes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out = value.filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64);
  return [...new Set(out)].slice(0, MAX_LANES);
}

/** The normalised prefs of a stored or sent prefs object (`lanes` kept only when it was sent). */
function normalisePrefs(value: Record<string, unknown>): Record<string, unknown> {
  const parsed = parsePrefs(value);
  const out: Record<string, unknown> = {
    ...parsed,
    pauses: parsed.pauses.map((p) => ({ kind: p.kind, value: p.value, until: p.until.toISOString() })),
  };
  if ('lanes' in value) out.lanes = lanes(value.lanes);
  return out;
}

/**
 * A prefs object as a request carries it (the body of `PUT /api/prefs`, `prefs` of an import):
 * a JSON object of at most PREFS_MAX_BYTES serialised, normalised on the way in.
 */
export const PrefsObject = z
  .record(z.string(), z.unknown(), { error: 'expected a JSON object of Calm Filters prefs' })
  .refine((value) => JSON.stringify(value).length <= PREFS_MAX_BYTES, `must be at most ${PREFS_MAX_BYTES} characters`)
  .transform(normalisePrefs);

/** The stored prefs as an object ({} when none). */
export function storedPrefs(prefs: unknown): Record<string, unknown> {
  return prefs !== null && typeof prefs === 'object' && !Array.isArray(prefs) ? (prefs as Record<string, unknown>) : {};
}

/** `/api/prefs`: read and replace. */
export function prefsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json(storedPrefs((await requireUser(c)).prefs)));

  app.put('/', signedIn, jsonBody(PrefsObject, { maxBytes: PREFS_MAX_BYTES + 1024, code: 'invalid_prefs' }), async (c) => {
    const user = await requireUser(c);
    const prefs = c.req.valid('json');
    await setPrefs(deps.db, user._id, prefs, deps.now());
    return c.json(prefs);
  });

  return app;
}
