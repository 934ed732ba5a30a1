/** `GET /api/health` (CONTRACT.md): 200 `{ok:true,db:"up"}`, or 503 when the database does not answer within 2 s. Never writes. */
import { Hono } from 'hono';
import { pingDatabase } from '../../core/store/db.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** The health sub-app. */
export function healthRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    const up = await pingDatabase(deps.db, 2000);
    return up ? c.json({ ok: true, db: 'up' }, 200) : c.json({ ok: false, db: 'down' }, 503);
  });
  return app;
}
