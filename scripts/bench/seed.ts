/**
 * Seeding the benchmark database through the driver (bulk inserts, as `npm run seed` would end up
 * doing), then the brief job's own composition so `/api/brief` serves a stored brief.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { SourceDoc } from '../../core/domain/source.ts';
import { composeBrief } from '../../core/domain/brief.ts';
import { buildSnapshot } from '../../core/readmodel/snapshot.ts';
import { saveBrief } from '../../core/store/briefs.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { loadPool } from '../../core/store/pool.ts';

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
