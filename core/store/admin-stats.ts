/**
 * What the admin dashboard reads: the event rows of the window, the articles they point to, and
 * plain counts. Aggregation itself is pure (core/domain/stats.ts), so these are simple finds and
 * counts that behave the same on MongoDB and on the embedded server (which cannot evaluate date
 * operators such as `$dateToString`; days are computed in code).
 */
import type { Db } from 'mongodb';
import { stringsOf } from '../domain/guards.ts';
import { computeStats, lastDays, type AdminStats, type StatsArticle, type StatsCounts, type StatsEvent, type StatsWindow } from '../domain/stats.ts';
import { articlesCollection, sourcesCollection, type CollectionIndexes } from './collections.ts';
import { feedbackCounts } from './admin-feedback.ts';

/**
 * Indexes the dashboard relies on. The events range scan `{ day: { $gte } }` is served by the
 * events store's unique key (day, visitor_hash, kind, article_id), whose prefix is `day`; the
 * article lookup `{ _id: { $in } }` by `_id`; the corpus counts on `accepted` by the pool's
 * `pool_published` prefix; the unread count by feedback's `read_at` index. Only new accounts need one.
 */
export const indexes: CollectionIndexes[] = [
  {
    collection: 'users',
    indexes: [
      // loadStatsCounts: users.countDocuments({ created_at: { $gte: windowStart } })
      { key: { created_at: 1 }, name: 'stats_created_at' },
    ],
  },
  {
    collection: 'articles',
    indexes: [
      // loadStatsCounts: articles.countDocuments({ accepted: true, paywalled: true }), index-only
      { key: { accepted: 1, paywalled: 1 }, name: 'stats_accepted_paywalled' },
    ],
  },
];

/** Event rows from `fromDay` (inclusive, `YYYY-MM-DD`) on, without ids. */
export function loadStatsEvents(db: Db, fromDay: string): Promise<StatsEvent[]> {
  return db
    .collection<StatsEvent>('events')
    .find({ day: { $gte: fromDay } }, { projection: { _id: 0, kind: 1, article_id: 1, visitor_hash: 1, day: 1 } })
    .toArray();
}

/** The articles these ids name (only the fields the statistics use). */
export function loadStatsArticles(db: Db, ids: string[]): Promise<StatsArticle[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return articlesCollection(db)
    .find({ _id: { $in: ids } }, { projection: { title: 1, source_id: 1, topic: 1, tags: 1, flavor: 1, cortisol: 1, ragebait: 1, paywalled: 1 } })
    .toArray();
}

/** Account, feedback and corpus counts; accounts created since `windowStart` count as new. */
export async function loadStatsCounts(db: Db, windowStart: Date): Promise<StatsCounts> {
  const users = db.collection<{ created_at: Date }>('users');
  const articles = articlesCollection(db);
  const [accountsTotal, accountsNew, feedback, total, accepted, duplicates, paywalled] = await Promise.all([
    // Whole-collection totals come from the collection's metadata, not a scan.
    users.estimatedDocumentCount(),
    users.countDocuments({ created_at: { $gte: windowStart } }),
    feedbackCounts(db),
    articles.estimatedDocumentCount(),
    articles.countDocuments({ accepted: true }),
    articles.countDocuments({ duplicate_of: { $ne: null } }),
    articles.countDocuments({ accepted: true, paywalled: true }),
  ]);
  return {
    accounts_total: accountsTotal,
    accounts_new: accountsNew,
    feedback_unread: feedback.unread,
    feedback_total: feedback.total,
    articles_total: total,
    articles_accepted: accepted,
    articles_duplicates: duplicates,
    articles_paywalled: paywalled,
  };
}

/** The source fields source health is computed from. */
export function loadStatsSources(db: Db) {
  return sourcesCollection(db)
    .find({}, { projection: { status: 1, content_visible: 1, review_reason: 1, failures: 1, last_error: 1, paywalled: 1 } })
    .toArray();
}

/** Read everything the dashboard needs for a `days` window ending at `now`, and aggregate it. */
export async function loadAdminStats(db: Db, now: Date, days: StatsWindow): Promise<AdminStats> {
  // Visitors today / 7d / 30d are always shown, so at least 30 days of rows are read.
  const span = lastDays(now, Math.max(days, 30));
  const windowStart = new Date(`${lastDays(now, days)[0]}T00:00:00.000Z`);
  const events = await loadStatsEvents(db, span[0] ?? '0000-00-00');
  const ids = [...new Set(stringsOf(events.map((e) => e.article_id)))];
  const [articles, counts, sources] = await Promise.all([loadStatsArticles(db, ids), loadStatsCounts(db, windowStart), loadStatsSources(db)]);
  return computeStats({ now, days, events, articles, counts, sources });
}
