/**
 * `POST /api/import`: the one-time import of the device's history (and, when the account has none,
 * its prefs) on first sign-in. A second import answers `already_imported` and changes nothing; ids
 * that no longer exist are skipped.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isValidId } from '../../core/domain/ids.ts';
import { HISTORY_EVENTS } from '../../core/domain/user.ts';
import { recordHistory, trimHistory } from '../../core/store/history.ts';
import { existingArticleIds } from '../../core/store/saved.ts';
import { claimImport, setPrefs } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser, signedIn } from '../session.ts';
import { jsonBody } from '../validate.ts';
import { PrefsObject, storedPrefs } from './prefs.ts';

/** Most entries one import takes. */
export const IMPORT_MAX_ENTRIES = 500;

const Body = z.object({
  history: z
    .array(
      z.object({
        article_id: z.string(),
        event: z.enum(HISTORY_EVENTS).default('opened'),
        at: z.string().max(40).optional(),
      }),
    )
    .max(IMPORT_MAX_ENTRIES)
    .default([]),
  prefs: PrefsObject.optional(),
});

/** `/api/import`. */
export function importRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/', signedIn, jsonBody(Body, { maxBytes: 128 * 1024, code: 'invalid_import' }), async (c) => {
    const user = await requireUser(c);
    const body = c.req.valid('json');
    const prefs = body.prefs ?? null;
    const now = deps.now();
    if (!(await claimImport(deps.db, user._id, now))) return c.json({ imported: 0, skipped: 0, already_imported: true });
    const entries = body.history.filter((e) => isValidId(e.article_id));
    const existing = await existingArticleIds(deps.db, [...new Set(entries.map((e) => e.article_id))]);
    let imported = 0;
    for (const entry of entries) {
      if (!existing.has(entry.article_id)) continue;
      const at = entry.at ? new Date(entry.at) : now;
      // A bad or future time becomes "now": the device clock is not trusted beyond that.
      const when = Number.isNaN(at.getTime()) || at > now ? now : at;
      await recordHistory(deps.db, user._id, entry.article_id, entry.event, when);
      imported += 1;
    }
    if (imported > 0) await trimHistory(deps.db, user._id);
    // Device prefs fill an empty account only; an account's own prefs win.
    const prefsImported = prefs !== null && Object.keys(storedPrefs(user.prefs)).length === 0;
    if (prefsImported) await setPrefs(deps.db, user._id, prefs, now);
    return c.json({ imported, skipped: body.history.length - imported, prefs_imported: prefsImported, already_imported: false });
  });

  return app;
}
