/**
 * The bench's setting, shared by `npm run bench`, its build child and scripts/bench-profile.ts:
 * its configuration, and its pool seeded through the driver (bulk inserts, as `npm run seed` would
 * end up doing), then the brief job's own composition so `/api/brief` serves a stored brief.
 */
import type { Db } from 'mongodb';
import { loadConfig, type Config } from '../../core/platform/config.ts';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { SourceDoc } from '../../core/domain/source.ts';
import { composeBrief } from '../../core/domain/brief.ts';
import { buildSnapshot } from '../../core/readmodel/snapshot.ts';
import { saveBrief } from '../../core/store/briefs.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { loadPool } from '../../core/store/pool.ts';
import { makeArticles, withStoredOffline } from './fixtures.ts';

/** The seeded pool: this many articles from `POOL_SOURCES` sources. */
export const POOL_SIZE = 10_000;
export const POOL_SOURCES = 50;

/** A development configuration over the bench's throw-away directories (and database, when given). */
export function benchConfig(dirs: { dataDir: string; distDir: string; mongodbUri?: string | null }): Config {
  return loadConfig({
    NODE_ENV: 'development',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    TIDINGS_DATA_DIR: dirs.dataDir,
    TIDINGS_DIST_DIR: dirs.distDir,
    ...(dirs.mongodbUri ? { MONGODB_URI: dirs.mongodbUri } : {}),
  });
}

/** Insert sources and articles in batches; returns the elapsed milliseconds. */
export async function insertPool(db: Db, sources: readonly SourceDoc[], articles: readonly ArticleDoc[], batch = 1000): Promise<number> {
  const started = performance.now();
  if (sources.length > 0) await sourcesCollection(db).insertMany([...sources], { ordered: false });
  for (let i = 0; i < articles.length; i += batch) {
    await articlesCollection(db).insertMany(articles.slice(i, i + batch), { ordered: false });
  }
  return performance.now() - started;
}

/** Compose and store the brief from the pool, exactly as the brief job does, and bump the pool version. */
export async function composeStoredBrief(db: Db, now: Date): Promise<string[]> {
  const snapshot = buildSnapshot(await loadPool(db), 0, null, now.getTime());
  const ids = composeBrief(snapshot.all.ranked, now).map((a) => a.id);
  await saveBrief(db, ids, now);
  await bumpPoolVersion(db, now);
  return ids;
}

/**
 * Seed the bench's pool: `POOL_SIZE` articles of `sources`, each with the teaser retelling the ingest
 * stores at acceptance, then the stored brief. Returns the insert time in milliseconds.
 */
export async function seedBenchPool(db: Db, sources: readonly SourceDoc[], now: Date): Promise<number> {
  const seedMs = await insertPool(db, sources, withStoredOffline(makeArticles(POOL_SIZE, sources, now)));
  await composeStoredBrief(db, now);
  return seedMs;
}
