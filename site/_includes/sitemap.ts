/**
 * `/sitemap.xml` (home, `/today`, every public `/a` page with lastmod), split into a sitemap index
 * and numbered files past 50,000 URLs (the sitemaps.org limit); `/robots.txt`; `/sources.opml`.
 */
import { safeHref } from '../../core/domain/html.ts';
import type { SiteData } from '../../core/pages/site-data.ts';
import { w3cDate, xmlText } from './xml.ts';

/** The sitemaps.org limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** One sitemap entry: a site-relative path and when its content last changed. */
export interface SitemapUrl {
  path: string;
  lastmod: Date | null;
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(urls: readonly SitemapUrl[], base: string): string {
  const body = urls
    .map((u) => `<url><loc>${xmlText(base + u.path)}</loc>${u.lastmod ? `<lastmod>${w3cDate(u.lastmod)}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${body}\n</urlset>\n`;
}

/**
 * The sitemap files by site-relative file name. Up to `max` URLs: one `sitemap.xml`. Beyond: a
 * `sitemap.xml` index of `sitemap-1.xml`, `sitemap-2.xml`, … (callers keep the order stable and
 * append new pages at the end, so adding pages rewrites the last file and the index only).
 */
export function renderSitemaps(urls: readonly SitemapUrl[], base: string, max = SITEMAP_MAX_URLS): Map<string, string> {
  const files = new Map<string, string>();
  if (urls.length <= max) {
    files.set('sitemap.xml', urlset(urls, base));
    return files;
  }
  const parts: string[] = [];
  for (let i = 0; i * max < urls.length; i += 1) {
    const chunk = urls.slice(i * max, (i + 1) * max);
    const name = `sitemap-${i + 1}.xml`;
    files.set(name, urlset(chunk, base));
    const latest = chunk.reduce<Date | null>((m, u) => (u.lastmod && (!m || u.lastmod > m) ? u.lastmod : m), null);
    parts.push(`<sitemap><loc>${xmlText(`${base}/${name}`)}</loc>${latest ? `<lastmod>${w3cDate(latest)}</lastmod>` : ''}</sitemap>`);
  }
  files.set('sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${parts.join('\n')}\n</sitemapindex>\n`);
  return files;
}

/** `/robots.txt`: allow everything, point to the sitemap. */
export function renderRobots(site: SiteData): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.baseUrl}/sitemap.xml\n`;
}

/** A source listed in the OPML file. */
export interface OpmlSource {
  name: string;
  feed_url: string;
  homepage: string;
}

/** `/sources.opml` (OPML 2.0): the active, visible sources, for importing into a feed reader. */
export function renderOpml(sources: readonly OpmlSource[], site: SiteData): string {
  const outlines = sources
    .filter((s) => /^https?:/.test(safeHref(s.feed_url)))
    .map((s) => `<outline type="rss" text="${xmlText(s.name)}" title="${xmlText(s.name)}" xmlUrl="${xmlText(safeHref(s.feed_url))}" htmlUrl="${xmlText(safeHref(s.homepage))}"/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
<head><title>${xmlText(`${site.serviceName} sources`)}</title></head>
<body>
${outlines}
</body>
</opml>
`;
}
