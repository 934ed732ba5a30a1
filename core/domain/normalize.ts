/**
 * Turning hostile feed items into clean article fields: canonical URLs, plain-text titles and
 * teasers, a sane publication date, one honest image (never a logo or a share card), and the
 * domain-level paywall hint. Pure: the parsed feed and `now` in, plain values out.
 * The parts live beside it: links.ts (canonical links, paywall hint), feed-html.ts (plain text),
 * feed-images.ts (the image), full-text.ts (reading length).
 */
import type { ArticleDoc } from './article.ts';
import { parseLooseDate } from './feed-date.ts';
import { cleanTitle, teaserText } from './feed-html.ts';
import { chooseImage, imagesInHtml, repeatedImages, type ImageCandidate } from './feed-images.ts';
import { fullTextWords } from './full-text.ts';
import { canonicalLink, isPaywalledHost } from './links.ts';

/** Earliest date we believe a feed (older dates are feed bugs such as epoch 0). */
const EARLIEST = Date.UTC(1995, 0, 1);

/**
 * The publication date: the first candidate that parses and is not absurd. `Date.parse` reads it,
 * else `parseLooseDate` (day and month names in other languages, epoch seconds). A date in the
 * future is clamped to `now` (clock skew, scheduled posts); no usable date falls back to `now`.
 */
export function publicationDate(candidates: Array<string | null | undefined>, now: Date): Date {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const trimmed = candidate.trim();
    let time = Date.parse(trimmed);
    if (Number.isNaN(time)) time = parseLooseDate(trimmed);
    if (Number.isNaN(time) || time < EARLIEST) continue;
    return new Date(Math.min(time, now.getTime()));
  }
  return new Date(now.getTime());
}

/**
 * `text` as a string of its own. A string V8 cuts out of a longer one (`slice`, `substring`, `trim`:
 * what sax, rss-parser and JSON.parse do to the document for every title, link and guid) may be
 * a view into that whole string, and `new URL(link).href` hands back the link itself when it is
 * already canonical: one kept title or link then keeps the whole feed document alive. An ingest
 * run holds every due feed's items until it stores them, so without a copy it held every feed's
 * text too: the fixture feeds' 1,201 items kept 12.3 MB alive instead of 1.5 MB (29 Nov 2026).
 * Joining a character in front and cutting it off again makes V8 copy the text into a new string
 * (about 45 ns for a title); test/ingestion/feed-parser.test.ts proves the document is let go.
 */
export function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

/** One feed item after normalising, before deduplication and classification. */
export interface NormalizedItem extends Pick<ArticleDoc, 'guid' | 'url' | 'title' | 'teaser' | 'image' | 'paywalled' | 'published_at'> {
  /** Words of the item's full text, when the feed carries at least READABLE_WORDS of it (a reading-time estimate); absent otherwise. */
  words?: number;
}


/** A Media RSS element as rss-parser gives it: its attributes under `$`. */
export interface MediaFields {
  $: { url: string; type?: string; medium?: string; width?: string | number; height?: string | number };
}

/**
 * The fields `normalizeItems` reads from one parsed item: rss-parser's item shape (with our Media
 * RSS custom fields). The lenient parser and JSON Feed map their items into it, so every format
 * goes through the one normaliser. rss-parser's own output is read as untrusted data, field by field.
 */
export interface FeedItemFields {
  title?: string;
  link?: string;
  guid?: string;
  /** Atom's `id` (rss-parser), read when there is no `guid`. */
  id?: string;
  /** The item's full HTML (RSS `content:encoded`, JSON Feed `content_html`). */
  'content:encoded'?: string;
  /** RSS `description`, Atom `content`, JSON Feed `content_text`. */
  content?: string;
  /** Atom `summary`, JSON Feed `summary`: the teaser's first choice. */
  summary?: string;
  enclosure?: { url: string; type?: string };
  mediaContent?: MediaFields[];
  mediaThumbnail?: MediaFields[];
  itunes?: { image?: string };
  /** Dates, tried in this order: `isoDate`, `pubDate`, `dc:date`, `date`. */
  isoDate?: string;
  pubDate?: string;
  'dc:date'?: string;
  date?: string;
}

/** A string from a parsed-XML value (plain string, or xml2js `{_: text}`), else null. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '_' in value && typeof value._ === 'string') return value._;
  return null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A whole number written as digits only, else null. */
function dimension(value: unknown): number | null {
  const digits = text(value);
  return digits !== null && /^\d+$/.test(digits) ? Number(digits) : null;
}

/** Media RSS (`media:content`, `media:thumbnail`, inside `media:group` too) as image candidates, added to `out`. */
function addMediaCandidates(value: unknown, out: ImageCandidate[]): void {
  if (value == null) return;
  for (const entry of Array.isArray(value) ? value : [value]) {
    const attrs = record(record(entry)?.$);
    const url = text(attrs?.url);
    if (!attrs || !url) continue;
    out.push({ url, type: text(attrs.type) ?? (text(attrs.medium) === 'image' ? 'image' : text(attrs.medium)), width: dimension(attrs.width), height: dimension(attrs.height) });
  }
}

/**
 * Normalise the items of one parsed feed: rss-parser output (untrusted data), or the lenient
 * parser's and JSON Feed's items in the same shape (`FeedItemFields`). Items without a usable link
 * or title are skipped; images repeated across items are dropped.
 */
export function normalizeItems(items: unknown[], options: { base: string; now: Date; paywalled?: boolean; maxItems?: number }): NormalizedItem[] {
  const out: NormalizedItem[] = [];
  for (const raw of items.slice(0, options.maxItems ?? 100)) {
    const item = record(raw);
    if (!item) continue;
    const link = text(item.link) ?? text(item['rdf:about']) ?? (text(item.guid)?.startsWith('http') ? text(item.guid) : null);
    const parsed = link ? canonicalLink(link, options.base) : null;
    const title = cleanTitle(text(item.title) ?? '');
    if (!parsed || !title) continue;
    const html = text(item['content:encoded']) ?? text(item.content) ?? '';
    // The raw HTML, not rss-parser's snippet: our plainText drops script and style content entirely.
    const teaserSource = text(item.summary) ?? text(item.content) ?? html;
    const group = record(item.mediaGroup) ?? record(Array.isArray(item.mediaGroup) ? item.mediaGroup[0] : null);
    const enclosure = record(item.enclosure);
    const itunes = record(item.itunes);
    const candidates: ImageCandidate[] = [];
    addMediaCandidates(item.mediaContent, candidates);
    addMediaCandidates(group?.['media:content'], candidates);
    addMediaCandidates(item.mediaThumbnail, candidates);
    addMediaCandidates(group?.['media:thumbnail'], candidates);
    const enclosureUrl = enclosure ? text(enclosure.url) : null;
    if (enclosure && enclosureUrl) candidates.push({ url: enclosureUrl, type: text(enclosure.type) ?? null });
    const itunesImage = itunes ? text(itunes.image) : null;
    if (itunesImage) candidates.push({ url: itunesImage });
    const guid = text(item.guid) ?? text(item.id);
    // The images inside the HTML come last, so they are only read when no earlier candidate is usable.
    const image = chooseImage(candidates, options.base) ?? chooseImage(imagesInHtml(html), options.base);
    const words = fullTextWords(html);
    const trimmedGuid = guid ? guid.trim().slice(0, 500) : '';
    // Every string kept from the document is a copy of its own (see ownCopy).
    const normalized: NormalizedItem = {
      guid: trimmedGuid ? ownCopy(trimmedGuid) : null,
      url: ownCopy(parsed.href),
      title: ownCopy(title),
      teaser: ownCopy(teaserText(teaserSource)),
      image: image === null ? null : ownCopy(image),
      // The canonical link's own hostname (reading its href back gives the same URL).
      paywalled: options.paywalled === true || isPaywalledHost(parsed.hostname),
      published_at: publicationDate([text(item.isoDate), text(item.pubDate), text(item['dc:date']), text(item.date)], options.now),
    };
    // Set after the literal rather than spread into it (`...(words ? { words } : {})`), which built and copied an object per item.
    if (words) normalized.words = words;
    out.push(normalized);
  }
  const repeated = repeatedImages(out.map((i) => i.image));
  for (const item of out) if (item.image && repeated.has(item.image)) item.image = null;
  return out;
}