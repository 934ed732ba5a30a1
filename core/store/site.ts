/**
 * Queries the static site build needs: a light scan of the public pool (ids and change stamps, no
 * text), full articles by id for the pages that must be rendered, the sources, the stored brief,
 * one public article for on-demand rendering, and the build's own bookkeeping in `meta`.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc } from '../domain/article.ts';
import type { BriefDoc } from '../domain/brief.ts';
import type { SourceDoc } from '../domain/source.ts';
import { isValidId } from '../domain/ids.ts';
import { articlesCollection, sourcesCollection, type CollectionIndexes } from './collections.ts';
import { readPoolVersion } from './meta.ts';

/**
 * Indexes serving the queries below. The pool scan `{accepted: true, duplicate_of: null}` (visible
 * sources filtered in code) is served by the prefix of `pool_published` / `pool_discovered`, and the
 * full read `{accepted: true, duplicate_of: null, source_id: {$in: visible}}` by
 * `source_accepted_duplicate`, all defined by the articles store (core/store/articles.ts); repeating
 * them here under another name would make createIndexes fail. Every other query is by `_id`
 * (articles, briefs, meta) or scans the small `sources` collection.
 */
export const indexes: CollectionIndexes = { collection: 'articles', indexes: [] };

/** What the mood feeds select by (read only when the feeds are re-selected). */
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
  /** Null when the scan left them out (`facets: false`). */
  facets: RowFacets | null;
}

/** The source fields the site shows. */
export type SiteSource = Pick<SourceDoc, '_id' | 'name' | 'feed_url' | 'homepage' | 'status' | 'content_visible'>;

const date = (v: unknown): Date | null => (v instanceof Date && !Number.isNaN(v.getTime()) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const score = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 10);

/** Every source (the collection is small). */
export async function loadSiteSources(db: Db): Promise<SiteSource[]> {
  const docs = await sourcesCollection(db)
    .find({}, { projection: { _id: 1, name: 1, feed_url: 1, homepage: 1, status: 1, content_visible: 1 } })
    .toArray();
  return docs.filter((s) => typeof s._id === 'string');
}

/**
 * The public pool as light rows; with `facets`, also what the mood feeds select by. An aggregation
 * with `$project` keeps the text out of the transfer (the embedded server ignores `find`
 * projections; reading 10,000 full articles costs ~1 s there, these rows ~0.2–0.4 s). The visible
 * sources are filtered here rather than by `$in` in `$match`: the embedded server evaluates that
 * `$in` per document (about a third of the scan), and hidden sources' rows are few.
 */
export async function scanPool(db: Db, visibleSourceIds: readonly string[], options: { facets: boolean }): Promise<PoolRow[]> {
  if (visibleSourceIds.length === 0) return [];
  const visible = new Set(visibleSourceIds);
  const facets = options.facets ? { published_at: 1, topic: 1, flavor: 1, tags: 1, cortisol: 1, ragebait: 1 } : {};
  const rows = await articlesCollection(db)
    .aggregate<Record<string, unknown>>([
      { $match: { accepted: true, duplicate_of: null } },
      {
        $project: {
          _id: 1, source_id: 1, updated_at: 1, discovered_at: 1,
          summary_at: '$summary.generated_at', summary_notes: '$summary.why_belongs', ...facets,
        },
      },
    ])
    .toArray();
  return rows.map((r) => toRow(r, options.facets)).filter((r): r is PoolRow => r !== null && visible.has(r.source_id));
}

/** A light row from a scanned row or a full article (null when its id or source is malformed). */
function toRow(r: Record<string, unknown>, withFacets: boolean): PoolRow | null {
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
    facets: withFacets
      ? {
        published_at: date(r.published_at),
        topic: text(r.topic),
        flavor: text(r.flavor),
        tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
        cortisol: score(r.cortisol),
        ragebait: score(r.ragebait),
      }
      : null,
  };
}

/**
 * The whole public pool as full articles with their rows, for a build with nothing to reuse (one
 * query instead of a scan plus batches of `$in`, which the embedded server answers by scanning).
 */
export async function loadPoolArticles(db: Db, visibleSourceIds: readonly string[]): Promise<{ rows: PoolRow[]; docs: ArticleDoc[] }> {
  if (visibleSourceIds.length === 0) return { rows: [], docs: [] };
  const found = await articlesCollection(db)
    .find({ accepted: true, duplicate_of: null, source_id: { $in: [...visibleSourceIds] } }, { projection: { teaser: 0 } })
    .toArray();
  const rows: PoolRow[] = [];
  const docs: ArticleDoc[] = [];
  for (const doc of found) {
    const row = toRow({ ...doc }, true);
    if (!row) continue;
    rows.push(row);
    docs.push(doc);
  }
  return { rows, docs };
}

/** Full articles by id, in batches (order not preserved). Missing ids are simply absent. */
export async function findArticles(db: Db, ids: readonly string[], batchSize = 1000): Promise<ArticleDoc[]> {
  const out: ArticleDoc[] = [];
  for (let i = 0; i < ids.length; i += batchSize) {
    const batch = ids.slice(i, i + batchSize);
    out.push(...(await articlesCollection(db).find({ _id: { $in: batch } }, { projection: { teaser: 0 } }).toArray()));
  }
  return out;
}

/** One article of the public pool with its source, or null (unknown, rejected, duplicate, hidden source). */
export async function findPublicArticle(db: Db, id: string): Promise<{ article: ArticleDoc; source: SiteSource } | null> {
  if (!isValidId(id)) return null;
  const article = await articlesCollection(db).findOne({ _id: id }, { projection: { teaser: 0 } });
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
