/**
 * The taxonomy endpoints, mounted at `/api`: `GET /api/moods` → `{moods}` (the presets),
 * `GET /api/lanes` → `{pinned, pool, default}`, `GET /api/families` → `{families}` with per-tag counts,
 * `GET /api/sources` → `{sources: [{id, name, count}]}` (the visible sources with public articles, by
 * name: what Calm Filters offers to pause, so a reader picks a name and the pause stores the id).
 */
import { Hono } from 'hono';
import { MOODS } from '../../core/domain/taxonomy.ts';
import { familyCounts, lanePool, sourceList } from '../../core/readmodel/lanes.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** The taxonomy sub-app (mount at `/api`). */
export function taxonomyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/moods', (c) => c.json({ moods: MOODS }));
  app.get('/lanes', async (c) => c.json(lanePool(await readModelFor(deps.db, deps.log).snapshot())));
  app.get('/families', async (c) => c.json(familyCounts(await readModelFor(deps.db, deps.log).snapshot())));
  app.get('/sources', async (c) => c.json(sourceList(await readModelFor(deps.db, deps.log).snapshot())));
  return app;
}
