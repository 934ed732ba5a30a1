/**
 * Turning hostile feed items into clean article fields: canonical URLs, plain-text titles and
 * teasers, a sane publication date, one honest image (never a logo or a share card), and the
 * domain-level paywall hint. Pure: the parsed feed and `now` in, plain values out.
 */
import { decodeHTMLStrict } from 'entities/decode';
import { parseLooseDate } from './feed-date.ts';

/** Query parameters that only track the reader; removed from canonical URLs. */
export const TRACKING_PARAM = /^(utm_\w+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|wt_mc|wt\.mc_id|ref_src|ref_url|cmpid|s_cid|icid|ncid|sr_share|at_medium|at_campaign)$/i;

/** The canonical form of a link: http(s) only, no fragment, no tracking parameters; null when unusable. */
export function canonicalUrl(raw: string, base?: string): string | null {
  return canonicalLink(raw, base)?.href ?? null;
}

/** An absolute http(s) URL with its `//`: the base plays no part in parsing it (once the base itself parses). */
const ABSOLUTE_HTTP = /^https?:\/\//i;
/** The last base checked, and whether it parses (a feed's items share one base). */
let lastBase: string | undefined;
let lastBaseParses = false;

function baseParses(base: string): boolean {
  if (base !== lastBase) {
    lastBase = base;
    lastBaseParses = URL.canParse(base);
  }
  return lastBaseParses;
}

/** A link resolved against `base` when it is http(s) without credentials; null otherwise. */
export function httpUrl(raw: string, base?: string): URL | null {
  const input = raw.trim();
  let url: URL;
  try {
    // `new URL(input, base)` parses the base again for every link; an absolute http(s) link does
    // not read it (the WHATWG parser goes straight to the authority after `scheme://`), as long as
    // the base parses (when it does not, the constructor throws for every link).
    url = base === undefined || (ABSOLUTE_HTTP.test(input) && baseParses(base)) ? new URL(input) : new URL(input, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}

/** A canonical link and the parts of it the normaliser reads. */
interface CanonicalLink {
  href: string;
  hostname: string;
  pathname: string;
}

/**
 * `canonicalUrl` with the parts callers also need, so a link is parsed once. Each step runs only
 * when it changes something (most links have no fragment and no trailing dot), and the query is
 * cut from the serialised href rather than set back into the URL (which would parse it again).
 */
function canonicalLink(raw: string, base?: string): CanonicalLink | null {
  const url = httpUrl(raw, base);
  if (!url) return null;
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  let href = url.href;
  // The fragment starts at the href's first `#` (an empty one, `…#`, included): a `#` anywhere
  // before it would have started the fragment, so paths and queries carry it escaped.
  const hash = href.indexOf('#');
  if (hash >= 0) href = href.slice(0, hash);
  const query = href.indexOf('?');
  if (query >= 0) {
    // Without tracking keys, the rest of the query re-serialised once (as deleting the keys one by
    // one would leave it); a query left without any key is dropped, `?` included. A serialised
    // query is what setting `search` to it would store: it holds no character the setter escapes.
    let rest = plainQueryWithoutTracking(href.slice(query + 1));
    if (rest === undefined) {
      const pairs = [...url.searchParams];
      const kept = pairs.filter(([key]) => !TRACKING_PARAM.test(key));
      rest = kept.length === 0 ? '' : kept.length < pairs.length ? new URLSearchParams(kept).toString() : null;
    }
    if (rest === '') href = href.slice(0, query);
    else if (rest !== null) href = `${href.slice(0, query + 1)}${rest}`;
  }
  return { href, hostname: url.hostname, pathname: url.pathname };
}

/** A query part whose form encoding is itself: a name, then optionally `=` and a value, of characters the encoding keeps. */
const PLAIN_PART = /^[A-Za-z0-9*\-._]*(?:=[A-Za-z0-9*\-._]*)?$/;

/**
 * What is left of a serialised query without its tracking keys, as `URLSearchParams` would write
 * it: '' when no key is left (the query goes), null when nothing was removed (the query stays as it
 * is); undefined when that needs `URLSearchParams` itself (a `%` or `+` to decode, or a kept part
 * that the form encoding would rewrite). The parts are split at `&` (empty ones skipped), a part's
 * name ends at its first `=`, and a kept part without `=` is written `name=`.
 */
function plainQueryWithoutTracking(query: string): string | null | undefined {
  if (query.includes('%') || query.includes('+')) return undefined;
  let rest = '';
  let parts = 0;
  let removed = false;
  let plain = true;
  for (let from = 0; from < query.length; ) {
    let to = query.indexOf('&', from);
    if (to < 0) to = query.length;
    if (to > from) {
      parts += 1;
      const part = query.slice(from, to);
      const eq = part.indexOf('=');
      if (TRACKING_PARAM.test(eq < 0 ? part : part.slice(0, eq))) removed = true;
      else if (!PLAIN_PART.test(part)) plain = false;
      // Every kept part writes at least `=`, so an empty `rest` means none yet.
      else rest += `${rest === '' ? '' : '&'}${eq < 0 ? `${part}=` : part}`;
    }
    from = to + 1;
  }
  if (parts === 0) return '';
  if (!removed) return null;
  return plain ? rest : undefined;
}

/**
 * Decode HTML character references with the full HTML5 table (`entities`): named, decimal and hex,
 * each only when closed by `;` (strict mode, so `AT&T` or `&copy 2024` stay as written); an
 * unknown name stays as written, and the Windows-1252 numbers feeds still send (`&#150;`) become
 * the characters they meant. A reference to a code point that cannot stand in text (`&#0;`, a
 * surrogate, past U+10FFFF) is dropped rather than shown as U+FFFD: the text is decoded between
 * its own U+FFFD characters (no reference spans one), so every U+FFFD in a decoded piece came from
 * such a reference, and the ones the feed itself wrote are kept.
 */
export function decodeEntities(text: string): string {
  const pieces = text.split(REPLACEMENT);
  for (let i = 0; i < pieces.length; i += 1) pieces[i] = decodeHTMLStrict(pieces[i]!).replaceAll(REPLACEMENT, '');
  return pieces.join(REPLACEMENT);
}

const REPLACEMENT = '\uFFFD';

/** Plain text from feed HTML: scripts and styles dropped with their content, tags stripped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  // Each pass runs only when its trigger character is present: a pass without it changes nothing,
  // and most titles carry no markup at all (this runs on every field of every feed item).
  let text = html;
  if (text.includes('<')) {
    if (text.includes('<![CDATA[')) text = text.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
    text = text.replace(/<(script|style|noscript|iframe|template)\b[\s\S]*?<\/\1\s*>/gi, ' ');
    if (text.includes('<!--')) text = text.replace(/<!--[\s\S]*?-->/g, ' ');
    text = text.replace(/<[^>]*>/g, ' ');
  }
  // Decode once, then strip again: titles often arrive with escaped markup (`&lt;b&gt;`).
  if (text.includes('&')) text = decodeEntities(text);
  if (text.includes('<')) text = text.replace(/<\/?[a-z][^>]*>/gi, ' ');
  if (text.includes('&')) text = decodeEntities(text);
  return squeezeSpace(text);
}

/**
 * `.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim()`:
 * control and zero-width characters dropped, every run of spaces made one space, the ends trimmed.
 * Only runs that are not already a single space are replaced (most of them are).
 */
function squeezeSpace(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '')
    .replace(/[^\S ]\s*| \s+/g, ' ')
    .trim();
}

/** Cut text at a word boundary to at most `max` characters (ellipsis included). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** A clean title: plain text, at most 300 characters; empty when nothing readable remains. */
export function cleanTitle(raw: string): string {
  return truncate(plainText(raw), 300);
}

/** The feed's own teaser as plain text, at most 600 characters (input for our summary only). */
export function teaserText(raw: string): string {
  return truncate(plainText(raw), 600);
}

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

/** URL fragments that mark a branded or generic share image, not a picture of the story. */
const GENERIC_IMAGE = /(logo|placeholder|default[-_.]?(image|img|thumb|share)?|share[-_]?(image|card)|og[-_]?(image|default)|social[-_]?(card|share)|fallback|favicon|apple-touch|avatar|gravatar|icon|sprite|spacer|pixel|1x1|blank|no[-_]?image|badge|banner|feedburner|feeds\.feedburner|wp-includes)/i;

/** One image candidate as found in the feed. */
export interface ImageCandidate {
  url: string;
  /** MIME type or media:medium when given. */
  type?: string | null;
  width?: number | null;
  height?: number | null;
}

/** The first usable image: http(s), looks like a picture, not generic, not tiny. */
export function chooseImage(candidates: ImageCandidate[], base?: string): string | null {
  for (const c of candidates) {
    // Each test only skips a candidate, so the cheap ones go first and the URL is parsed once, last.
    if ((c.width != null && c.width > 0 && c.width < 120) || (c.height != null && c.height > 0 && c.height < 80)) continue;
    const type = (c.type ?? '').toLowerCase();
    if (type && !type.startsWith('image') && type !== 'image') continue;
    const url = canonicalLink(c.url, base);
    if (!url) continue;
    const href = url.href;
    if (!type && /\.(mp3|mp4|m4a|ogg|wav|pdf|mov|webm)(\?|$)/i.test(href)) continue;
    if (GENERIC_IMAGE.test(url.pathname + url.hostname)) continue;
    return href;
  }
  return null;
}

/** `<img src>` candidates inside item HTML, in document order. */
export function imagesInHtml(html: string): ImageCandidate[] {
  const out: ImageCandidate[] = [];
  for (const match of html.matchAll(/<img\b[^>]*>/gi)) {
    const tag = match[0];
    const src = /\ssrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (!src) continue;
    const width = Number(/\swidth\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? NaN);
    const height = Number(/\sheight\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? NaN);
    out.push({ url: decodeEntities(src), width: Number.isNaN(width) ? null : width, height: Number.isNaN(height) ? null : height });
  }
  return out;
}

/**
 * Images that appear on more than one item of the same feed are the publisher's share card, not a
 * picture of each story: return the set to drop.
 */
export function repeatedImages(images: Array<string | null>): Set<string> {
  const counts = new Map<string, number>();
  for (const image of images) if (image) counts.set(image, (counts.get(image) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n > 1).map(([url]) => url));
}

/**
 * Domains that keep most stories behind a paywall (a hint only: no page is fetched to decide).
 * The last entry is the demo's fictional paywalled publisher.
 */
export const PAYWALL_DOMAINS: readonly string[] = [
  'nytimes.com', 'wsj.com', 'ft.com', 'economist.com', 'washingtonpost.com', 'bloomberg.com',
  'thetimes.co.uk', 'telegraph.co.uk', 'newyorker.com', 'theatlantic.com', 'wired.com', 'hbr.org',
  'newscientist.com', 'scientificamerican.com', 'latimes.com', 'bostonglobe.com', 'theinformation.com',
  'barrons.com', 'lemonde.fr', 'spiegel.de', 'nzz.ch', 'haaretz.com', 'theathletic.com', 'foreignpolicy.com',
  'quiet-ledger.example',
];

/** True when the URL's host is (a subdomain of) a paywall-hinted domain. */
export function isPaywalledUrl(url: string, domains: readonly string[] = PAYWALL_DOMAINS): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return isPaywalledHost(host, domains);
}

const PAYWALL_SET = new Set(PAYWALL_DOMAINS);

/** `isPaywalledUrl` for a parsed URL's hostname. */
function isPaywalledHost(hostname: string, domains: readonly string[] = PAYWALL_DOMAINS): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (domains !== PAYWALL_DOMAINS) return domains.some((d) => host === d || host.endsWith(`.${d}`));
  // The default list as a set: the host itself, then each suffix after a dot.
  if (PAYWALL_SET.has(host)) return true;
  for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
    if (PAYWALL_SET.has(host.slice(dot + 1))) return true;
  }
  return false;
}

/** One feed item after normalising, before deduplication and classification. */
export interface NormalizedItem {
  guid: string | null;
  url: string;
  title: string;
  teaser: string;
  image: string | null;
  paywalled: boolean;
  published_at: Date;
  /** Words of the item's full text, when the feed carries at least READABLE_WORDS of it (a reading-time estimate); absent otherwise. */
  words?: number;
}

/** Fewer words than this is a teaser, not the story: no reading time (core/domain/card.ts). */
export const READABLE_WORDS = 150;

/**
 * Words of an item's HTML when it is long enough to be the story itself; undefined for a teaser.
 * Counted on the markup with tags dropped (no entity decoding needed to count words).
 */
export function fullTextWords(html: string): number | undefined {
  // A teaser fits in well under 800 characters of markup: skip the count for those.
  if (html.length < 800) return undefined;
  const n = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return n >= READABLE_WORDS ? n : undefined;
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
    out.push({
      guid: guid ? guid.trim().slice(0, 500) || null : null,
      url: parsed.href,
      title,
      teaser: teaserText(teaserSource),
      image,
      // The canonical link's own hostname (reading its href back gives the same URL).
      paywalled: options.paywalled === true || isPaywalledHost(parsed.hostname),
      published_at: publicationDate([text(item.isoDate), text(item.pubDate), text(item['dc:date']), text(item.date)], options.now),
      ...(words ? { words } : {}),
    });
  }
  const repeated = repeatedImages(out.map((i) => i.image));
  for (const item of out) if (item.image && repeated.has(item.image)) item.image = null;
  return out;
}
