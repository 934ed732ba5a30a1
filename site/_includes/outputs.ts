/**
 * The build's pool-derived files: which articles the brief and the mood feeds show, the full
 * articles the build must read, and the brief JSON, feeds, sitemaps, robots.txt and OPML.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { distinctCardLines, otherOutlets } from '../../core/domain/card.ts';
import { MOODS, type Mood } from '../../core/domain/taxonomy.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { findArticles, type PoolRow, type SiteSource } from '../../core/store/site.ts';
import { withOfflineSummaries } from '../../core/pipeline/offline-summaries.ts';
import type { Logger } from '../../core/platform/log.ts';
import { articlePath } from '../../core/pages/article-page.ts';
import { renderAtom, renderJsonFeed, type FeedSpec } from './feeds.ts';
import { briefCard, effectiveTime, feedEntry, rowInMood } from './pool-view.ts';
import type { SiteData } from '../../core/pages/site-data.ts';
import { renderManifest } from '../../core/pages/manifest.ts';
import { renderOpml, renderRobots, renderSitemaps, type SitemapUrl } from './sitemap.ts';
import { safeJson } from './xml.ts';
import type { TodayData } from './today-page.ts';

/** Entries per mood feed. */
export const FEED_SIZE = 30;

/** The ids the brief and each mood feed show. */
export interface FeedSelection {
  briefIds: string[];
  moods: Array<{ mood: Mood; ids: string[] }>;
}

/** The mood feeds' last selection, kept in the build record (see `selectFeeds`). */
export interface FeedMemory {
  /** When it was made (ms). */
  at: number;
  /** The brief stamp it was made under. */
  brief: string | null;
  moods: Record<string, string[]>;
}

/** Mood feeds take in new articles at most this often, or when the brief changes. */
export const FEED_REFRESH_MS = 15 * 60_000;

/**
 * The stored brief's items still in the public pool (a hidden source's items leave at once; the
 * brief job refills at its next run), and the newest `FEED_SIZE` articles of each mood. The Today
 * mood is "a bit of everything": its feed is the brief itself (`/feeds/today.*`).
 *
 * Calm feeds move at the brief's cadence: the mood selections are re-made when the brief changes or
 * `FEED_REFRESH_MS` has passed; in between, the previous ids are kept (minus any that left the
 * pool), so a feed reader is not handed a new file every minute and a rebuild that adds articles
 * rewrites their pages and the sitemap, not every feed. True when the selection is to be re-made.
 */
export function feedsDue(previous: FeedMemory | null, brief: BriefDoc | null, now: Date): boolean {
  const briefStamp = brief ? brief.generated_at.toISOString() : null;
  if (!previous || previous.brief !== briefStamp) return true;
  const age = now.getTime() - previous.at;
  return age >= FEED_REFRESH_MS || age < 0 || MOODS.some((m) => m.id !== 'today' && !previous.moods[m.id]);
}

/** The feeds' selection (see above), from the rows' facets. */
export function selectFeeds(rows: readonly PoolRow[], brief: BriefDoc | null, previous: FeedMemory | null, now: Date): { selection: FeedSelection; memory: FeedMemory } {
  const ids = new Set(rows.map((r) => r._id));
  const briefStamp = brief ? brief.generated_at.toISOString() : null;
  const moods = MOODS.filter((m) => m.id !== 'today');
  const fresh = previous === null || feedsDue(previous, brief, now);
  let memory: FeedMemory;
  if (fresh) {
    const latest = [...rows].sort((a, b) => effectiveTime(b) - effectiveTime(a) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    const selected: Record<string, string[]> = {};
    for (const mood of moods) selected[mood.id] = latest.filter((r) => rowInMood(r, mood)).slice(0, FEED_SIZE).map((r) => r._id);
    memory = { at: now.getTime(), brief: briefStamp, moods: selected };
  } else {
    memory = previous;
  }
  return {
    selection: {
      briefIds: (brief?.item_ids ?? []).filter((id) => ids.has(id)),
      moods: moods.map((mood) => ({ mood, ids: (memory.moods[mood.id] ?? []).filter((id) => ids.has(id)) })),
    },
    memory,
  };
}

/** When a row's page last changed (sitemap lastmod): the article's update or its summary. */
const rowChanged = (r: PoolRow): Date | null =>
  [r.updated_at, r.summary_at].reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);

/** Sitemap order: discovery time then id, so new pages are appended (only the last file changes). */
function sitemapUrls(rows: readonly PoolRow[], brief: BriefDoc | null): SitemapUrl[] {
  const stamp = brief?.generated_at ?? null;
  const sorted = [...rows].sort((a, b) =>
    (a.discovered_at?.getTime() ?? 0) - (b.discovered_at?.getTime() ?? 0) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return [{ path: '/', lastmod: stamp }, { path: '/today', lastmod: stamp }, ...sorted.map((r) => ({ path: articlePath(r._id), lastmod: rowChanged(r) }))];
}

/** What `collectPoolFiles` needs. */
export interface PoolFilesInput {
  db: Db;
  site: SiteData;
  rows: readonly PoolRow[];
  brief: BriefDoc | null;
  selection: FeedSelection;
  /** `/a` pages to render this build (their full articles are read too). */
  renderIds: readonly string[];
  /** Articles already read (a full build reads the whole pool at once; a rebuild, what changed). */
  prefetched: readonly ArticleDoc[];
  nameOf: (sourceId: string) => string;
  sources: readonly SiteSource[];
  /** False when the brief JSON and feeds of the last build still hold (their articles are then not read). */
  feeds: boolean;
  /** The sources of each canonical's accepted near-duplicates (`duplicateSources`, read once per build). */
  copies: ReadonlyMap<string, ReadonlySet<string>>;
  /** The build's clock and log, for the teasers retold now (see `collectPoolFiles`). */
  now: Date;
  log: Pick<Logger, 'warn'>;
}

/** The files made from the brief and the feeds' selection (the `feeds` output group). */
export const FEED_GROUP = (rel: string): boolean => rel === 'brief.json' || rel.startsWith('feeds/');

/**
 * The key of the brief JSON, the feeds and `/today`'s data: the site, the brief's stamp, the
 * selected ids and each selected article's page stamp (its change time, summary and source name).
 */
export function feedsKey(site: SiteData, brief: BriefDoc | null, selection: FeedSelection, stampOf: (id: string) => string | undefined): string {
  const ids = [...selection.briefIds, ...selection.moods.flatMap((m) => m.ids)];
  return JSON.stringify([site, brief ? brief.generated_at.toISOString() : null, selection, ids.map((id) => stampOf(id) ?? '')]);
}

/** Read the articles the build shows in full, and render the pool-derived files. */
export async function collectPoolFiles(input: PoolFilesInput): Promise<{ docs: Map<string, ArticleDoc & { also_reported_by: string[] }>; today: TodayData | null; files: Map<string, string>; poolVersion: number | null }> {
  const { site, selection, nameOf } = input;
  const selected = input.feeds ? [...selection.briefIds, ...selection.moods.flatMap((m) => m.ids)] : [];
  const wanted = new Set([...input.renderIds, ...selected]);
  const found = new Map(input.prefetched.filter((d) => wanted.has(d._id)).map((d) => [d._id, d]));
  const missing = [...wanted].filter((id) => !found.has(id));
  for (const d of await findArticles(input.db, missing)) found.set(d._id, d);
  // A story stored without its retold teaser (before the ingest wrote one, or by an older writer)
  // has it retold and stored now, before its card is made: the card's line is the retelling's first
  // sentence, as its page's summary opens, in this build and the next alike. The pool version then
  // moves, so the API's read model (which never retells) loads the new lines at once rather than at
  // its periodic reload; the next build finds them stored and moves nothing.
  let retold = 0;
  for (const d of await withOfflineSummaries(input.db, [...found.values()], input.now, input.log)) {
    if (d !== found.get(d._id)) retold += 1;
    found.set(d._id, d);
  }
  const poolVersion = retold > 0 ? await bumpPoolVersion(input.db, input.now) : null;
  // The other outlets that reported each story, named when their source is visible ("also reported by").
  const visible = new Map(input.sources.filter((s) => s.content_visible === true).map((s) => [s._id, nameOf(s._id)] as const));
  const docs = new Map([...found.values()].map((d) => [d._id, { ...d, also_reported_by: otherOutlets(input.copies.get(d._id) ?? [], d.source_id, (id) => visible.get(id)) }] as const));
  const pick = (ids: readonly string[]) => ids.map((id) => docs.get(id)).filter((d): d is ArticleDoc & { also_reported_by: string[] } => d !== undefined);

  const files = new Map<string, string>();
  let today: TodayData | null = null;
  if (input.feeds) {
    const generatedAt = input.brief ? input.brief.generated_at : null;
    today = {
      items: distinctCardLines(pick(selection.briefIds).map((d) => briefCard(d, nameOf(d.source_id)))),
      generated_at: generatedAt ? generatedAt.toISOString() : null,
    };
    files.set('brief.json', safeJson(today) + '\n');
    const feeds: FeedSpec[] = [
      {
        stem: 'today',
        title: `Today’s brief · ${site.serviceName}`,
        description: 'Seven calm, constructive stories, chosen once a day.',
        page: '/today',
        entries: pick(selection.briefIds).map((d) => feedEntry(d, nameOf(d.source_id))),
        fallbackUpdated: generatedAt ?? new Date(0),
      },
      ...selection.moods.map(({ mood, ids }) => ({
        stem: mood.id,
        title: `${mood.name} · ${site.serviceName}`,
        description: mood.description,
        page: `/?mood=${encodeURIComponent(mood.id)}`,
        entries: pick(ids).map((d) => feedEntry(d, nameOf(d.source_id))),
        fallbackUpdated: new Date(0),
      })),
    ];
    for (const feed of feeds) {
      files.set(`feeds/${feed.stem}.atom`, renderAtom(feed, site));
      files.set(`feeds/${feed.stem}.json`, renderJsonFeed(feed, site));
    }
  }
  for (const [name, xml] of renderSitemaps(sitemapUrls(input.rows, input.brief), site.baseUrl)) files.set(name, xml);
  files.set('robots.txt', renderRobots(site));
  files.set('manifest.webmanifest', renderManifest(site));
  const active = input.sources
    .filter((s) => s.status === 'active' && s.content_visible === true)
    .map((s) => ({ name: nameOf(s._id), feed_url: String(s.feed_url ?? ''), homepage: String(s.homepage ?? '') }))
    .sort((a, b) => a.name.localeCompare(b.name));
  files.set('sources.opml', renderOpml(active, site));
  return { docs, today, files, poolVersion };
}
