/**
 * The ingestion pipeline: due sources → read (safe fetch or demo file; ≤ 2 per host, bounded in
 * all) → rss-parser → normalise → drop known GUIDs/URLs → near-duplicates → classify the canonical
 * new items only → gate → the accepted teasers retold → store → source health and metrics →
 * pool version.
 * A feed's failure is recorded on the feed and never stops the others. Health (and the ETag) is
 * written only after the feed's items are stored, so a crash never hides items behind a 304.
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/log.ts';
import type { ModelClient } from '../platform/model.ts';
import { classifyAll } from './classify.ts';
import { writeOfflineSummaries } from './offline-summaries.ts';
import { keyedLimiter, mapLimited } from '../platform/concurrency.ts';
import { readFeed, type FeedRead } from './feed.ts';
import type { Resolver } from './fetcher.ts';
import type { ArticleDoc, Classification } from '../domain/article.ts';
import { planDuplicates, type DedupeEntry } from '../domain/dedupe.ts';
import { fingerprint } from '../domain/fingerprint.ts';
import { gateDecision } from '../domain/gate.ts';
import { stableId } from '../domain/ids.ts';
import type { NormalizedItem } from '../domain/normalize.ts';
import { healthAfter, type Random } from '../domain/poll.ts';
import type { SourceDoc } from '../domain/source.ts';
import { insertArticles, knownArticles, markReportedAgain, recentCanonicals, replaceCanonical, type CanonicalView } from '../store/articles.ts';
import { bumpPoolVersion } from '../store/meta.ts';
import { findDueSources, recordPollAttempt, refreshSourceMetrics } from '../store/sources.ts';

/** What the pipeline needs. */
export interface IngestDeps {
  db: Db;
  config: Pick<Config, 'fetchAllowPrivate' | 'publicBaseUrl'>;
  log: Logger;
  model: ModelClient;
  now: () => Date;
  progress?: (done: number, total: number, label?: string) => void;
  /** DNS override (tests). */
  resolver?: Resolver;
  random?: Random;
  /** Per-request model timeout. Default 15 000 ms. */
  modelTimeoutMs?: number;
  /** Feeds read at once in all. Default 6 (and never more than 2 per host). */
  concurrency?: number;
}

/** What one run did. */
export interface IngestSummary {
  polled: number;
  ok: number;
  not_modified: number;
  failed: number;
  new_articles: number;
  accepted: number;
  duplicates: number;
}

/** How far back a stored story can be the canonical copy of a new one. */
const DUPLICATE_WINDOW_MS = 4 * 24 * 3600 * 1000;

function hostKey(feedUrl: string): string {
  try {
    return new URL(feedUrl).host.toLowerCase();
  } catch {
    return feedUrl.split(':')[0] ?? feedUrl;
  }
}

interface NewItem {
  source: SourceDoc;
  item: NormalizedItem;
  id: string;
  fingerprint: string;
}

/** Items not stored yet: drop known GUIDs and canonical URLs, and repeats inside this batch. */
async function newItems(db: Db, reads: Array<{ source: SourceDoc; items: NormalizedItem[] }>): Promise<NewItem[]> {
  const seenIds = new Set<string>();
  const out: NewItem[] = [];
  for (const { source, items } of reads) {
    const ids = items.map((i) => stableId(i.url));
    const guids = items.flatMap((i) => (i.guid ? [i.guid] : []));
    const known = await knownArticles(db, source._id, ids, guids);
    const seenGuids = new Set<string>();
    items.forEach((item, index) => {
      const id = ids[index]!;
      if (known.ids.has(id) || seenIds.has(id) || (item.guid && (known.guids.has(item.guid) || seenGuids.has(item.guid)))) return;
      seenIds.add(id);
      if (item.guid) seenGuids.add(item.guid);
      out.push({ source, item, id, fingerprint: fingerprint(item.title) });
    });
  }
  return out;
}

/** A stored canonical's classification, as its duplicates copy it: same decision, same reason, same offline view. */
function storedClassification(a: CanonicalView): Classification {
  const c: Classification = { topic: a.topic, tags: a.tags, flavor: a.flavor, cortisol: a.cortisol, ragebait: a.ragebait, promotional: a.promotional, accept: a.accepted, why: a.why };
  if (a.offline_view) c.offline = a.offline_view;
  if (a.reject_reason === 'offline_veto') c.vetoed = true;
  else if (a.classified_by === 'offline' && !a.accepted) c.reason = a.offline_view?.reason ?? null;
  return c;
}

function articleDoc(n: NewItem, c: Classification, by: ArticleDoc['classified_by'], duplicateOf: string | null, now: Date): ArticleDoc {
  const gate = gateDecision(c);
  return {
    _id: n.id,
    source_id: n.source._id,
    guid: n.item.guid,
    url: n.item.url,
    title: n.item.title,
    teaser: n.item.teaser,
    image: n.item.image,
    paywalled: n.item.paywalled,
    published_at: n.item.published_at,
    discovered_at: now,
    topic: c.topic,
    tags: c.tags,
    flavor: c.flavor,
    cortisol: c.cortisol,
    ragebait: c.ragebait,
    promotional: c.promotional,
    why: c.why,
    accepted: gate.accepted,
    reject_reason: gate.reason,
    offline_view: c.offline ?? null,
    classified_by: by,
    duplicate_of: duplicateOf,
    fingerprint: n.fingerprint,
    summary: null,
    ...(n.item.words ? { word_count: n.item.words } : {}),
    updated_at: now,
  };
}

/** Poll every due source once (or only `sourceIds`) and store what is new. */
export async function runIngest(deps: IngestDeps, options: { sources?: SourceDoc[] } = {}): Promise<IngestSummary> {
  const { db, log } = deps;
  const now = deps.now();
  const random = deps.random ?? Math.random;
  const sources = options.sources ?? (await findDueSources(db, now));
  const summary: IngestSummary = { polled: sources.length, ok: 0, not_modified: 0, failed: 0, new_articles: 0, accepted: 0, duplicates: 0 };
  const perHost = keyedLimiter(2);
  let done = 0;
  const reads = await mapLimited(sources, deps.concurrency ?? 6, async (source) => {
    const read: FeedRead = await perHost(hostKey(source.feed_url), () =>
      readFeed(source.feed_url, {
        allowPrivate: deps.config.fetchAllowPrivate,
        publicBaseUrl: deps.config.publicBaseUrl,
        now,
        resolver: deps.resolver,
        etag: source.etag,
        lastModified: source.last_modified,
        paywalled: source.paywalled,
      }),
    );
    deps.progress?.(++done, sources.length, source.name);
    if (read.kind === 'failed') {
      summary.failed += 1;
      log.warn('feed failed', { source: source._id, error: read.error });
      await recordPollAttempt(db, source._id, healthAfter(read, source.failures, now, random), now);
    }
    return { source, read };
  });

  const fresh = reads.flatMap(({ source, read }) => (read.kind === 'ok' ? [{ source, items: read.items }] : []));
  const incoming = await newItems(db, fresh);
  const stored = await recentCanonicals(db, new Date(now.getTime() - DUPLICATE_WINDOW_MS));
  const entry = (n: NewItem): DedupeEntry => ({ id: n.id, source_id: n.source._id, fingerprint: n.fingerprint, paywalled: n.item.paywalled, has_image: n.item.image !== null, published_at: n.item.published_at });
  const plan = planDuplicates(
    stored.map((a) => ({ id: a._id, source_id: a.source_id, fingerprint: a.fingerprint, paywalled: a.paywalled, has_image: a.image !== null, published_at: a.published_at })),
    incoming.map(entry),
  );

  // Duplicates never reach the model: only canonical new items are classified.
  const canonical = incoming.filter((n) => !plan.duplicateOf.has(n.id));
  let classifiedCount = 0;
  const results = await classifyAll(
    canonical.map((n) => ({ title: n.item.title, teaser: n.item.teaser, topicHint: n.source.topic_hint ?? null })),
    { model: deps.model, log, timeoutMs: deps.modelTimeoutMs, onEach: () => deps.progress?.(++classifiedCount, canonical.length, 'classifying') },
  );
  const byId = new Map<string, { c: Classification; by: ArticleDoc['classified_by'] }>();
  canonical.forEach((n, i) => byId.set(n.id, { c: results[i]!.classification, by: results[i]!.by }));
  for (const a of stored) byId.set(a._id, { c: storedClassification(a), by: a.classified_by });

  const docs = incoming.map((n) => {
    const duplicateOf = plan.duplicateOf.get(n.id) ?? null;
    const own = byId.get(duplicateOf ?? n.id)!;
    return articleDoc(n, own.c, own.by, duplicateOf, now);
  });
  // Every story that enters the pool has its teaser retold now, once, and stored with it: renders
  // compose the offline summary from it (core/pipeline/offline-summaries.ts). Duplicates and
  // rejected stories are never shown.
  const offline = await writeOfflineSummaries(docs.filter((d) => d.accepted && d.duplicate_of === null), now, log);
  for (const doc of docs) doc.offline_summary = offline.get(doc._id) ?? null;
  const insertedIds = new Set(await insertArticles(db, docs));
  const touched = new Set<string>();
  const reportedAgain = new Set<string>();
  let poolChanged = false;
  for (const doc of docs) {
    if (!insertedIds.has(doc._id)) continue;
    touched.add(doc.source_id);
    summary.new_articles += 1;
    if (doc.duplicate_of) {
      summary.duplicates += 1;
      if (doc.accepted) reportedAgain.add(doc.duplicate_of);
    } else if (doc.accepted) {
      summary.accepted += 1;
      poolChanged = true;
    }
  }
  // A story another outlet also reported now reads "also reported by" on its card and page.
  if (reportedAgain.size > 0 && (await markReportedAgain(db, [...reportedAgain], now)) > 0) poolChanged = true;
  for (const [oldId, newId] of plan.replaced) {
    if (!insertedIds.has(newId)) continue;
    for (const sourceId of await replaceCanonical(db, oldId, newId, now)) touched.add(sourceId);
    poolChanged = true;
  }

  for (const { source, read } of reads) {
    if (read.kind === 'failed') continue;
    if (read.kind === 'ok') summary.ok += 1;
    else summary.not_modified += 1;
    await recordPollAttempt(db, source._id, healthAfter(read, source.failures, now, random), now);
  }
  for (const sourceId of touched) await refreshSourceMetrics(db, sourceId, now);
  if (poolChanged) await bumpPoolVersion(db, now);
  log.info('ingest run', { ...summary });
  return summary;
}
