/**
 * Atom (RFC 4287) and JSON Feed 1.1 files for `/today` and each mood, so the calm selection works
 * in any feed reader. Entries link to our `/a` page and name the publisher's link as related.
 */
import { safeHref } from '../../core/domain/html.ts';
import { articlePath } from '../../core/pages/article-page.ts';
import type { SiteData } from '../../core/pages/site-data.ts';
import { safeJson, w3cDate, xmlText } from './xml.ts';

/** One feed entry (a public article). */
export interface FeedEntry {
  id: string;
  title: string;
  /** The publisher's link. */
  url: string;
  /** Our summary, or the why line while it is pending. */
  text: string;
  source_name: string;
  tags: string[];
  image: string | null;
  published: Date;
  updated: Date;
}

/** One feed: its file stem under `/feeds/`, its title and description, the page it mirrors. */
export interface FeedSpec {
  stem: string;
  title: string;
  description: string;
  /** Site-relative page the feed mirrors (`/today`, `/?mood=wonder`). */
  page: string;
  entries: FeedEntry[];
  /** Used for the feed's `updated` when it has no entries (never the build time: files must not churn). */
  fallbackUpdated: Date;
}

/** The newest entry stamp, else the fallback. */
function feedUpdated(spec: FeedSpec): Date {
  let latest = spec.fallbackUpdated;
  for (const e of spec.entries) if (e.updated > latest) latest = e.updated;
  return latest;
}

/** The Atom document. */
export function renderAtom(spec: FeedSpec, site: SiteData): string {
  const self = `${site.baseUrl}/feeds/${spec.stem}.atom`;
  const entries = spec.entries.map((e) => {
    const page = `${site.baseUrl}${articlePath(e.id)}`;
    const publisher = safeHref(e.url);
    return `<entry>
<id>${xmlText(page)}</id>
<title type="text">${xmlText(e.title)}</title>
<link rel="alternate" type="text/html" href="${xmlText(page)}"/>
${publisher === '#' ? '' : `<link rel="related" type="text/html" href="${xmlText(publisher)}"/>\n`}<published>${w3cDate(e.published)}</published>
<updated>${w3cDate(e.updated)}</updated>
<author><name>${xmlText(e.source_name)}</name></author>
${e.tags.map((t) => `<category term="${xmlText(t)}"/>`).join('')}
<summary type="text">${xmlText(e.text)}</summary>
</entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${xmlText(self)}</id>
<title type="text">${xmlText(spec.title)}</title>
<subtitle type="text">${xmlText(spec.description)}</subtitle>
<updated>${w3cDate(feedUpdated(spec))}</updated>
<author><name>${xmlText(site.serviceName)}</name></author>
<link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>
<link rel="alternate" type="text/html" href="${xmlText(site.baseUrl + spec.page)}"/>
${entries.join('\n')}
</feed>
`;
}

/** The JSON Feed 1.1 document. */
export function renderJsonFeed(spec: FeedSpec, site: SiteData): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: spec.title,
    home_page_url: site.baseUrl + spec.page,
    feed_url: `${site.baseUrl}/feeds/${spec.stem}.json`,
    description: spec.description,
    language: 'en',
    authors: [{ name: site.serviceName }],
    items: spec.entries.map((e) => {
      const publisher = safeHref(e.url);
      const image = e.image ? safeHref(e.image) : '#';
      return {
        id: `${site.baseUrl}${articlePath(e.id)}`,
        url: `${site.baseUrl}${articlePath(e.id)}`,
        ...(publisher === '#' ? {} : { external_url: publisher }),
        title: e.title,
        content_text: e.text,
        ...(/^https?:/.test(image) ? { image } : {}),
        date_published: w3cDate(e.published),
        date_modified: w3cDate(e.updated),
        authors: [{ name: e.source_name }],
        tags: e.tags,
      };
    }),
  };
  return safeJson(feed, 1) + '\n';
}
