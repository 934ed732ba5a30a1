/**
 * Every `/api/admin/*` route, behind one gate (api/admin-gate.ts) that runs first for every path
 * under the mount, unknown ones included: nothing below is reached by a non-admin.
 */
import { Hono } from 'hono';
import { adminGate } from '../../admin-gate.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { adminCandidatesRoutes } from './candidates.ts';
import { adminExportRoutes } from './exports.ts';
import { adminFeedbackRoutes } from './feedback.ts';
import { adminImportRoutes, adminSourcesRoutes } from './sources.ts';
import { adminStatsRoutes } from './stats.ts';

/** The admin API, mounted at `/api/admin`. */
export function adminRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', adminGate);
  app.route('/stats', adminStatsRoutes(deps));
  app.route('/feedback', adminFeedbackRoutes(deps));
  app.route('/sources', adminSourcesRoutes(deps));
  app.route('/candidates', adminCandidatesRoutes(deps));
  app.route('/export', adminExportRoutes(deps));
  app.route('/import', adminImportRoutes(deps));
  return app;
}
