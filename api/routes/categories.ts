/**
 * `GET /api/categories?prefs=` (CONTRACT.md) → `{"topics":{id:n},"flavors":{id:n}}`, counted over
 * exactly the set the feed would page through with the same parameters (every known topic and
 * flavor is listed, zero included).
 */
import { Hono } from 'hono';
import { FLAVORS, TOPICS } from '../../core/domain/taxonomy.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { toFilter } from '../../core/readmodel/params.ts';
import { categoryCounts } from '../../core/readmodel/queries.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { readingQuery } from '../reading-query.ts';

const topicIds = TOPICS.map((t) => t.id);
const flavorIds = FLAVORS.map((f) => f.id);

/** The category-counts sub-app. */
export function categoryRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', readingQuery, async (c) => {
    const q = c.req.valid('query');
    const snapshot = await readModelFor(deps.db, deps.log).snapshot();
    return c.json(categoryCounts(snapshot, toFilter(q, deps.now(), null), topicIds, flavorIds));
  });
  return app;
}
