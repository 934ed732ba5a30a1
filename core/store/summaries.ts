/**
 * Summary storage: the public-pool lookup the summary endpoint needs, the generation claim (a
 * short lease in `summary_claims`, so two API processes never generate the same summary at once),
 * and the conditional write of `articles.summary`.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc, OfflineSummaryDoc, SummaryDoc } from '../domain/article.ts';
import { changeMarker } from './articles.ts';
import { articlesCollection, sourcesCollection, type CollectionIndexes } from './collections.ts';

interface ClaimDoc {
  _id: string;
  owner: string;
  expires_at: Date;
}

const claims = (db: Db) => db.collection<ClaimDoc>('summary_claims');

/** Indexes of `summary_claims`. The article lookups below go by `_id` and need none of their own. */
export const indexes: CollectionIndexes = {
  collection: 'summary_claims',
  indexes: [
    // Housekeeping only: a lease left by a crashed process is removed an hour after it expired
    // (claimSummary already ignores expired leases; this just keeps the collection small).
    { key: { expires_at: 1 }, name: 'expires_at_ttl', expireAfterSeconds: 3600 },
  ],
};

/** What summary generation needs to know about a public article. */
export type PublicArticle = Pick<
  ArticleDoc,
  '_id' | 'source_id' | 'title' | 'teaser' | 'topic' | 'tags' | 'flavor' | 'why' | 'cortisol' | 'ragebait' | 'summary' | 'offline_summary'
> & { source_name: string };

const PROJECTION = { _id: 1, source_id: 1, title: 1, teaser: 1, topic: 1, tags: 1, flavor: 1, why: 1, cortisol: 1, ragebait: 1, summary: 1, offline_summary: 1 } as const;

/**
 * The article when it is in the public pool (accepted, not a duplicate, its source visible), else
 * null. Two `_id` lookups; the read model is not consulted so that a just-hidden source is honoured
 * at once.
 */
export async function findPublicArticle(db: Db, id: string): Promise<PublicArticle | null> {
  const article = await articlesCollection(db).findOne({ _id: id, accepted: true, duplicate_of: null }, { projection: PROJECTION });
  if (!article) return null;
  const source = await sourcesCollection(db).findOne({ _id: article.source_id }, { projection: { name: 1, content_visible: 1 } });
  if (!source || source.content_visible !== true) return null;
  return {
    _id: article._id,
    source_id: article.source_id,
    title: article.title,
    teaser: article.teaser ?? '',
    topic: article.topic,
    tags: Array.isArray(article.tags) ? article.tags : [],
    flavor: article.flavor,
    why: article.why ?? '',
    cortisol: article.cortisol,
    ragebait: article.ragebait,
    summary: article.summary ?? null,
    offline_summary: article.offline_summary ?? null,
    source_name: source.name,
  };
}

/** The cached summary of an article, or null. */
export async function readSummary(db: Db, id: string): Promise<SummaryDoc | null> {
  const doc = await articlesCollection(db).findOne({ _id: id }, { projection: { summary: 1 } });
  return doc?.summary ?? null;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}

/**
 * Take the generation lease for an article until `now + ttlMs`. True when we hold it; false when
 * another owner holds an unexpired one (the upsert then collides on `_id`).
 */
export async function claimSummary(db: Db, id: string, owner: string, now: Date, ttlMs: number): Promise<boolean> {
  try {
    await claims(db).findOneAndUpdate(
      { _id: id, expires_at: { $lte: now } },
      { $set: { owner, expires_at: new Date(now.getTime() + ttlMs) } },
      { upsert: true },
    );
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}

/** Give the lease back (only our own). */
export async function releaseSummaryClaim(db: Db, id: string, owner: string): Promise<void> {
  await claims(db).deleteOne({ _id: id, owner });
}

/**
 * Store a summary unless a complete one is already there (never overwrite finished work). True
 * when this call wrote it.
 */
export async function saveSummary(db: Db, id: string, summary: SummaryDoc): Promise<boolean> {
  const result = await articlesCollection(db).updateOne(
    {
      _id: id,
      $or: [{ summary: null }, { 'summary.what_happened': null }, { 'summary.why_matters': null }, { 'summary.why_belongs': null }],
    },
    { $set: { summary, changed_at: changeMarker() } },
  );
  return result.modifiedCount > 0;
}

/**
 * Store offline summaries written on first need (core/pipeline/offline-summaries.ts), one update
 * command for all. No change marker: the texts derive from the article's own stored fields, and
 * neither the read model nor the build's copy of the pool carries them.
 */
export async function saveOfflineSummaries(db: Db, written: ReadonlyMap<string, OfflineSummaryDoc>): Promise<void> {
  if (written.size === 0) return;
  await articlesCollection(db).bulkWrite(
    [...written].map(([id, offline]) => ({ updateOne: { filter: { _id: id }, update: { $set: { offline_summary: offline } } } })),
    { ordered: false },
  );
}
