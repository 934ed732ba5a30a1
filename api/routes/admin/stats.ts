/** `GET /api/admin/stats?days=` (SPEC.md): the dashboard's figures, no personal data. */
import { Hono } from 'hono';
import { clampDays } from '../../../core/domain/stats.ts';
import { loadAdminStats } from '../../../core/store/admin-stats.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';

/** The stats sub-app, mounted at `/api/admin/stats` behind the admin gate. */
export function adminStatsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json(await loadAdminStats(deps.db, deps.now(), clampDays(c.req.query('days')))));
  return app;
}
