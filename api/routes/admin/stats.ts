/** `GET /api/admin/stats?days=` (SPEC.md): the dashboard's figures, no personal data. */
import { Hono } from 'hono';
import { loadAdminStats } from '../../../core/store/admin-stats.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { query } from '../../validate.ts';
import { StatsQuery } from './input.ts';

/** The stats sub-app, mounted at `/api/admin/stats` behind the admin gate. */
export function adminStatsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', query(StatsQuery), async (c) => c.json(await loadAdminStats(deps.db, deps.now(), c.req.valid('query').days)));
  return app;
}
