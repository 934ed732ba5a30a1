/**
 * The build's pool-derived files: which articles the brief and the mood feeds show, the full
 * articles the build must read, and the brief JSON, feeds, sitemaps, robots.txt and OPML.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { MOODS, type Mood } from '../../core/domain/taxonomy.ts';
import { findArticles, type PoolRow, type SiteSource } from '../../core/store/site.ts';
import { articlePath } from './article-page.ts';
import { renderAtom, renderJsonFeed, type FeedSpec } from './feeds.ts';
import { briefCard, effectiveTime, feedEntry, rowInMood } from './pool-view.ts';
import type { SiteData } from './site-data.ts';
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

/**
 * The stored brief's items still in the public pool (a hidden source's items leave at once; the
 * brief job refills at its next run), and the newest `FEED_SIZE` articles of each mood. The Today
 * mood is "a bit of everything": its feed is the brief itself (`/feeds/today.*`).
 */
export function selectFeeds(rows: readonly PoolRow[], brief: BriefDoc | null): FeedSelection {
  const ids = new Set(rows.map((r) => r._id));
  const latest = [...rows].sort((a, b) => effectiveTime(b) - effectiveTime(a) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  return {
    briefIds: (brief?.item_ids ?? []).filter((id) => ids.has(id)),
    moods: MOODS.filter((m) => m.id !== 'today').map((mood) => ({
      mood,
      ids: latest.filter((r) => rowInMood(r, mood)).slice(0, FEED_SIZE).map((r) => r._id),
    })),
  };
}

/** When a row's page last changed (sitemap lastmod). */
const rowChanged = (r: PoolRow): Date | null =>
  [r.updated_at, r.summary_at, r.published_at].reduce<Date | null>((m, d) => (d && (!m || d > m) ? d : m), null);

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
  /** Articles already read (a full build reads the whole pool at once). */
  prefetched: readonly ArticleDoc[];
  nameOf: (sourceId: string) => string;
  sources: readonly SiteSource[];
}

/** Read the articles the build shows in full, and render the pool-derived files. */
export async function collectPoolFiles(input: PoolFilesInput): Promise<{ docs: Map<string, ArticleDoc>; today: TodayData; files: Map<string, string> }> {
  const { site, selection, nameOf } = input;
  const wanted = new Set([...input.renderIds, ...selection.briefIds, ...selection.moods.flatMap((m) => m.ids)]);
  const docs = new Map(input.prefetched.filter((d) => wanted.has(d._id)).map((d) => [d._id, d]));
  const missing = [...wanted].filter((id) => !docs.has(id));
  for (const d of await findArticles(input.db, missing)) docs.set(d._id, d);
  const pick = (ids: readonly string[]) => ids.map((id) => docs.get(id)).filter((d): d is ArticleDoc => d !== undefined);

  const generatedAt = input.brief ? input.brief.generated_at : null;
  const today: TodayData = {
    items: pick(selection.briefIds).map((d) => briefCard(d, nameOf(d.source_id))),
    generated_at: generatedAt ? generatedAt.toISOString() : null,
  };
  const files = new Map<string, string>();
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
  for (const [name, xml] of renderSitemaps(sitemapUrls(input.rows, input.brief), site.baseUrl)) files.set(name, xml);
  files.set('robots.txt', renderRobots(site));
  const active = input.sources
    .filter((s) => s.status === 'active' && s.content_visible === true)
    .map((s) => ({ name: nameOf(s._id), feed_url: String(s.feed_url ?? ''), homepage: String(s.homepage ?? '') }))
    .sort((a, b) => a.name.localeCompare(b.name));
  files.set('sources.opml', renderOpml(active, site));
  return { docs, today, files };
}
