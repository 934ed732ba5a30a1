/**
 * Queries the static site build needs: the articles changed since its last build (by their change
 * marker), a light scan of the whole public pool (ids and change stamps, no text), full articles by
 * id for the pages that must be rendered, the sources, the stored brief, one public article for
 * on-demand rendering, and the build's own bookkeeping in `meta`.
 */
import type { Db } from 'mongodb';
import { scoreOf, type ArticleDoc } from '../domain/article.ts';
import { stringsOf, textOf } from '../domain/guards.ts';
import type { BriefDoc } from '../domain/brief.ts';
import type { SourceDoc } from '../domain/source.ts';
import { isValidId, randomId } from '../domain/ids.ts';
import { articlesCollection, sourcesCollection, type CollectionIndexes } from './collections.ts';
import { readPoolVersion } from './meta.ts';

/** The public pool's filter: accepted, canonical (visible sources are filtered in code). */
const POOL = { accepted: true, duplicate_of: null } as const;

/**
 * Indexes serving the queries below. `changed_pool` serves the build's change reads: articles with
 * `changed_at` at or after a time, and the count (and read) of public-pool articles without one
 * (written around the store). The whole-pool scan `{accepted: true, duplicate_of: null}`
 * is served by the prefix of `pool_published` / `pool_discovered`, defined by the articles store
 * (core/store/articles.ts); repeating them here under another name would make createIndexes fail.
 * Every other query is by `_id` (articles, briefs, meta) or scans the small `sources` collection.
 */
export const indexes: CollectionIndexes = {
  collection: 'articles',
  indexes: [
    // readChangedArticles { changed_at: { $gte } }; countUnmarkedPool / readUnmarkedPool { changed_at: { $exists: false }, accepted: true, duplicate_of: null }
    { key: { changed_at: 1, accepted: 1, duplicate_of: 1 }, name: 'changed_pool' },
  ],
};

/** What the mood feeds select by. */
export interface RowFacets {
  published_at: Date | null;
  topic: string;
  flavor: string;
  tags: string[];
  cortisol: number;
  ragebait: number;
}

/** The fields of a pool article the build decides with (what changed, the sitemap, the mood feeds). */
export interface PoolRow {
  _id: string;
  source_id: string;
  updated_at: Date | null;
  discovered_at: Date | null;
  /** The cached summary's `generated_at`, or null while it is pending. */
  summary_at: Date | null;
  /** True when the cached summary carries its three notes (they may be topped up later). */
  summary_notes: boolean;
  facets: RowFacets;
  /** The article's change marker (`changed_at`), null when it was written around the store. */
  changed_at: Date | null;
}

/** The source fields the site shows. */
export type SiteSource = Pick<SourceDoc, '_id' | 'name' | 'feed_url' | 'homepage' | 'status' | 'content_visible'>;

const date = (v: unknown): Date | null => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : null);

/** Every source (the collection is small). */
export async function loadSiteSources(db: Db): Promise<SiteSource[]> {
  const docs = await sourcesCollection(db)
    .find({}, { projection: { _id: 1, name: 1, feed_url: 1, homepage: 1, status: 1, content_visible: 1 } })
    .toArray();
  return docs.filter((s) => typeof s._id === 'string');
}

/** Pool rows, and how many public-pool articles without a change marker could not become rows. */
export interface PoolRows {
  rows: PoolRow[];
  /** Unmarked public-pool articles with a malformed id or source (counted by `countUnmarkedPool`). */
  malformedUnmarked: number;
}

/**
 * The whole public pool (every source) as light rows. An aggregation with `$project` keeps the text
 * out of the transfer (the embedded server ignores `find` projections; reading 10,000 full articles
 * costs ~1 s there, these rows ~0.3–0.6 s). Visible sources are filtered by the caller: a source
 * `$in` in `$match` costs the embedded server about a third of the scan.
 */
export async function scanPool(db: Db): Promise<PoolRows> {
  const found = await articlesCollection(db)
    .aggregate<Record<string, unknown>>([
      { $match: POOL },
      {
        $project: {
          _id: 1, source_id: 1, updated_at: 1, discovered_at: 1, changed_at: 1,
          summary_at: '$summary.generated_at', summary_notes: '$summary.why_belongs',
          published_at: 1, topic: 1, flavor: 1, tags: 1, cortisol: 1, ragebait: 1,
        },
      },
    ])
    .toArray();
  const rows: PoolRow[] = [];
  let malformedUnmarked = 0;
  for (const r of found) {
    const row = toRow(r);
    if (row) rows.push(row);
    else if (r.changed_at === undefined) malformedUnmarked += 1;
  }
  return { rows, malformedUnmarked };
}

/** True when a stored article is in the public pool as far as its own fields go (accepted, canonical). */
const inPool = (doc: { accepted?: unknown; duplicate_of?: unknown }): boolean => doc.accepted === true && doc.duplicate_of === null;

/** The pool row of a full article, or null when it is not in the public pool or is malformed. */
export function poolRowOf(doc: ArticleDoc): PoolRow | null {
  return inPool(doc) ? toRow({ ...doc }) : null;
}

/** A light row from a scanned row or a full article (null when its id or source is malformed). */
function toRow(r: Record<string, unknown>): PoolRow | null {
  if (!isValidId(r._id) || typeof r.source_id !== 'string') return null;
  // A full article carries `summary`; a scanned row carries the two projected summary fields.
  const summary = typeof r.summary === 'object' && r.summary !== null ? r.summary : null;
  const notes = summary ? ('why_belongs' in summary ? summary.why_belongs : null) : r.summary_notes;
  const summaryAt = summary ? ('generated_at' in summary ? summary.generated_at : null) : r.summary_at;
  return {
    _id: r._id,
    source_id: r.source_id,
    updated_at: date(r.updated_at),
    discovered_at: date(r.discovered_at),
    summary_at: date(summaryAt),
    summary_notes: typeof notes === 'string' && notes !== '',
    facets: {
      published_at: date(r.published_at),
      topic: textOf(r.topic),
      flavor: textOf(r.flavor),
      tags: stringsOf(r.tags),
      cortisol: scoreOf(r.cortisol),
      ragebait: scoreOf(r.ragebait),
    },
    changed_at: date(r.changed_at),
  };
}

/**
 * The whole public pool (every source) as full articles with their rows, for a build with nothing
 * to reuse (one query instead of a scan plus batches of `$in`, which the embedded server answers by
 * scanning).
 */
export async function loadPoolArticles(db: Db): Promise<PoolRows & { docs: ArticleDoc[] }> {
  const found = await articlesCollection(db).find(POOL).toArray();
  const rows: PoolRow[] = [];
  const docs: ArticleDoc[] = [];
  let malformedUnmarked = 0;
  for (const doc of found) {
    const row = toRow({ ...doc });
    if (!row) {
      if (doc.changed_at === undefined) malformedUnmarked += 1;
      continue;
    }
    rows.push(row);
    docs.push(doc);
  }
  return { rows, docs, malformedUnmarked };
}

/**
 * Articles (in the pool or not) whose change marker is at or after `since`, at most `limit`, in
 * full: the few a rebuild must look at (those that left the pool included).
 */
export function readChangedArticles(db: Db, since: Date, limit: number): Promise<ArticleDoc[]> {
  return articlesCollection(db).find({ changed_at: { $gte: since } }, { limit }).toArray();
}

const UNMARKED_POOL = { changed_at: { $exists: false }, ...POOL } as const;

/**
 * How many public-pool articles carry no change marker (written around the store: the benchmark's
 * and the tests' bulk inserts, articles stored before the marker existed). The `count` command:
 * `countDocuments` is an aggregation, which the embedded server answers by a slow scan.
 */
export async function countUnmarkedPool(db: Db): Promise<number> {
  const answer: unknown = await db.command({ count: 'articles', query: UNMARKED_POOL });
  const n = typeof answer === 'object' && answer !== null && 'n' in answer ? answer.n : null;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new Error('the count command gave no count');
  return n;
}

/** The unmarked public-pool articles in full, in natural order, after the first `skip`. */
export function readUnmarkedPool(db: Db, skip: number): Promise<ArticleDoc[]> {
  return articlesCollection(db).find(UNMARKED_POOL, { skip }).toArray();
}

/** Full articles by id, in batches (order not preserved). Missing ids are simply absent. */
export async function findArticles(db: Db, ids: readonly string[], batchSize = 1000): Promise<ArticleDoc[]> {
  const out: ArticleDoc[] = [];
  for (let i = 0; i < ids.length; i += batchSize) {
    const batch = ids.slice(i, i + batchSize);
    out.push(...(await articlesCollection(db).find({ _id: { $in: batch } }).toArray()));
  }
  return out;
}

/** One article of the public pool with its source, or null (unknown, rejected, duplicate, hidden source). */
export async function findPublicArticle(db: Db, id: string): Promise<{ article: ArticleDoc; source: SiteSource } | null> {
  if (!isValidId(id)) return null;
  const article = await articlesCollection(db).findOne({ _id: id });
  if (!article || article.accepted !== true || article.duplicate_of !== null) return null;
  const source = await sourcesCollection(db).findOne(
    { _id: article.source_id },
    { projection: { _id: 1, name: 1, feed_url: 1, homepage: 1, status: 1, content_visible: 1 } },
  );
  if (!source || source.content_visible !== true) return null;
  return { article, source };
}

/** The stored brief, or null before the first brief job. */
export async function readCurrentBrief(db: Db): Promise<BriefDoc | null> {
  const doc = await db.collection<BriefDoc>('briefs').findOne({ _id: 'current' });
  if (!doc || !Array.isArray(doc.item_ids) || !(doc.generated_at instanceof Date)) return null;
  return doc;
}

interface TokenDoc {
  _id: 'site_pool';
  token: string;
}

/**
 * A random token naming this database, made on first use (`meta` `{_id: 'site_pool'}`): the build's
 * copy of the pool is trusted only for the database it was read from (the embedded server starts
 * empty on every run, and a data directory may be pointed at another database).
 */
export async function databaseToken(db: Db): Promise<string> {
  const meta = db.collection<TokenDoc>('meta');
  const found = await meta.findOne({ _id: 'site_pool' });
  if (typeof found?.token === 'string') return found.token;
  const made = await meta.findOneAndUpdate({ _id: 'site_pool' }, { $setOnInsert: { token: randomId() } }, { upsert: true, returnDocument: 'after' });
  if (typeof made?.token !== 'string') throw new Error('the site_pool token could not be stored');
  return made.token;
}

/** What decides whether the site must be rebuilt: the brief's stamp and the pool version. */
export interface BuildTriggers {
  brief_generated_at: string | null;
  pool_version: number;
}

/** The current trigger values. */
export async function readBuildTriggers(db: Db): Promise<BuildTriggers> {
  const [brief, version] = await Promise.all([readCurrentBrief(db), readPoolVersion(db)]);
  return { brief_generated_at: brief ? brief.generated_at.toISOString() : null, pool_version: version };
}

interface SiteBuildMeta {
  _id: 'site_build';
  brief_generated_at: string | null;
  pool_version: number;
  built_at: Date;
}

const siteMeta = (db: Db) => db.collection<SiteBuildMeta>('meta');

/** The triggers recorded by the last successful build, or null before the first one. */
export async function readLastBuild(db: Db): Promise<BuildTriggers | null> {
  const doc = await siteMeta(db).findOne({ _id: 'site_build' });
  if (!doc) return null;
  return { brief_generated_at: typeof doc.brief_generated_at === 'string' ? doc.brief_generated_at : null, pool_version: Number(doc.pool_version) || 0 };
}

/** Record the triggers a successful build was made from. */
export async function recordBuild(db: Db, triggers: BuildTriggers, now: Date): Promise<void> {
  await siteMeta(db).updateOne(
    { _id: 'site_build' },
    { $set: { brief_generated_at: triggers.brief_generated_at, pool_version: triggers.pool_version, built_at: now } },
    { upsert: true },
  );
}
