/**
 * Shared helpers of the reading tests: insert fixtures and make every app instance see them (bump
 * the pool version, then refresh the read model of the given database handle).
 */
import type { Db } from 'mongodb';
import type { ArticleCard, ArticleDoc } from '../../core/domain/article.ts';
import type { SourceDoc } from '../../core/domain/source.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { insertFixtures } from '../helpers/fixtures.ts';

/** Insert, bump the pool version and reload this handle's read model. */
export async function load(db: Db, data: { sources?: SourceDoc[]; articles?: ArticleDoc[] }): Promise<void> {
  await insertFixtures(db, data);
  await bumpPoolVersion(db);
  await readModelFor(db).refresh();
}

/** GET a JSON body, asserting the status. */
export async function getJson<T>(request: (p: string) => Promise<Response>, path: string, status = 200): Promise<T> {
  const res = await request(path);
  if (res.status !== status) throw new Error(`${path}: expected ${status}, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The body of `/api/brief`. */
export interface BriefBody {
  items: ArticleCard[];
  generated_at: string | null;
}

/** `prefs` as a query value. */
export const prefsParam = (prefs: unknown) => encodeURIComponent(JSON.stringify(prefs));
