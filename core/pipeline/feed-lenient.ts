/**
 * The lenient parser: how Tidings reads the XML feeds rss-parser refuses or finds empty.
 *
 * feedsmith (on fast-xml-parser) reads the whole document first. It resolves namespaces by URI (an
 * item whose only link is `<a10:link>` is read), and it accepts an `<rss>` without a version, in a
 * default namespace or in capitals, and text with an unescaped `&`. A broken document (an unclosed
 * tag, a stray `<`, a cut inside an element) makes it throw, and a document cut between two tags
 * of an item would give that item half; in both cases every complete item is read on its own: the
 * document's head (everything before its first item) followed by that one item, and an item that
 * still fails is skipped. A cut-off last item has no end tag, so it is never read. Where the head
 * itself is broken or missing (no `<channel>`), a head made of the root's start tag is used.
 *
 * Bounded for hostile input (the body is at most the fetcher's 2 MiB): fast-xml-parser never
 * expands DOCTYPE entities here and caps nesting; item boundaries are found with `indexOf` and
 * one linear pattern; at most `2 × limit` items are tried, each with a head of at most 16 KiB.
 */
import { detectAtomFeed, detectRdfFeed, detectRssFeed, parseAtomFeed, parseRdfFeed, parseRssFeed, type AtomFeed, type MediaNs, type RdfFeed, type RssFeed } from 'feedsmith';
import type { FeedItemFields, MediaFields } from '../domain/normalize.ts';

/** The XML feed formats feedsmith tells apart. */
type Format = 'rss' | 'atom' | 'rdf';

/** What the lenient parser read: the items in the normaliser's shape. */
export interface LenientRead {
  format: Format;
  title: string | null;
  items: FeedItemFields[];
  /** True when the whole document did not parse and its items were read one by one. */
  itemByItem: boolean;
}

/** Heads longer than this are replaced by the root's start tag (so n items never cost n × a huge head). */
const MAX_HEAD_CHARS = 16 * 1024;

function formatOf(text: string): Format | null {
  if (detectRssFeed(text)) return 'rss';
  if (detectAtomFeed(text)) return 'atom';
  if (detectRdfFeed(text)) return 'rdf';
  return null;
}

/** The link of an Atom entry: the first `alternate` (or rel-less) link, else the first link. */
function atomLink(links: ReadonlyArray<AtomFeed.Link<string>> | undefined): string | undefined {
  if (!links || links.length === 0) return undefined;
  return (links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0])?.href;
}

/** Media RSS contents and thumbnails (inside `media:group` too), as rss-parser's custom fields give them. */
function mediaFields(media: MediaNs.ItemOrFeed | undefined): Pick<FeedItemFields, 'mediaContent' | 'mediaThumbnail'> {
  if (!media) return {};
  const groups = media.groups ?? [];
  const contents = [...(media.contents ?? []), ...groups.flatMap((g) => g.contents ?? [])];
  const thumbnails = [...(media.thumbnails ?? []), ...groups.flatMap((g) => g.thumbnails ?? [])];
  const mediaContent: MediaFields[] = contents.flatMap((c) => (c.url ? [{ $: { url: c.url, type: c.type, medium: c.medium, width: c.width, height: c.height } }] : []));
  const mediaThumbnail: MediaFields[] = thumbnails.flatMap((t) => (t.url ? [{ $: { url: t.url, width: t.width, height: t.height } }] : []));
  return { mediaContent, mediaThumbnail };
}

function fromRss(item: RssFeed.Item<string>): FeedItemFields {
  const enclosure = item.enclosures?.find((e) => e.url);
  return {
    title: item.title,
    link: item.link ?? atomLink(item.atom?.links),
    guid: item.guid?.value,
    'content:encoded': item.content?.encoded,
    content: item.description,
    enclosure: enclosure?.url ? { url: enclosure.url, type: enclosure.type } : undefined,
    ...mediaFields(item.media),
    itunes: item.itunes?.image ? { image: item.itunes.image } : undefined,
    pubDate: item.pubDate,
    'dc:date': item.dc?.dates?.[0],
    date: item.atom?.published ?? item.atom?.updated,
  };
}

function fromAtom(entry: AtomFeed.Entry<string>): FeedItemFields {
  return {
    title: entry.title?.value,
    link: atomLink(entry.links),
    id: entry.id,
    content: entry.content?.value,
    summary: entry.summary?.value,
    ...mediaFields(entry.media),
    pubDate: entry.published ?? entry.updated,
    'dc:date': entry.dc?.dates?.[0],
  };
}

function fromRdf(item: RdfFeed.Item<string>): FeedItemFields {
  return {
    title: item.title,
    link: item.link ?? item.rdf?.about,
    'content:encoded': item.content?.encoded,
    content: item.description,
    ...mediaFields(item.media),
    'dc:date': item.dc?.dates?.[0],
  };
}

/** Parse one whole document of a known format (throws when fast-xml-parser or feedsmith refuses it). */
function parseWhole(text: string, format: Format, limit: number): { title: string | null; items: FeedItemFields[] } {
  const options = { maxItems: limit };
  if (format === 'atom') {
    const feed = parseAtomFeed(text, options);
    return { title: feed.title?.value ?? null, items: (feed.entries ?? []).map(fromAtom) };
  }
  if (format === 'rdf') {
    const feed = parseRdfFeed(text, options);
    return { title: feed.title ?? null, items: (feed.items ?? []).map(fromRdf) };
  }
  const feed = parseRssFeed(text, options);
  return { title: feed.title ?? null, items: (feed.items ?? []).map(fromRss) };
}

/** The start of every item (`<item`, `<entry`, any prefix, any case), with the tag name as written. */
const ITEM_START = /<((?:[\w.-]+:)?(?:item|entry))(?=[\s>/])/gi;

/** The complete items of a document, as [start, end) ranges, at most `max`. */
function itemRanges(text: string, max: number): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  ITEM_START.lastIndex = 0;
  for (let match = ITEM_START.exec(text); match && ranges.length < max; match = ITEM_START.exec(text)) {
    const close = text.indexOf(`</${match[1]}`, match.index);
    const end = close < 0 ? -1 : text.indexOf('>', close);
    if (end < 0) break; // cut off inside this item: nothing after it is complete
    ranges.push([match.index, end + 1]);
    ITEM_START.lastIndex = end + 1;
  }
  return ranges;
}

/** True when the document ends inside an item: its last item start has no end tag after it (a cut-off body). */
function endsInsideItem(text: string): boolean {
  let last: RegExpExecArray | null = null;
  ITEM_START.lastIndex = 0;
  for (let match = ITEM_START.exec(text); match; match = ITEM_START.exec(text)) last = match;
  return last !== null && text.indexOf(`</${last[1]}`, last.index) < 0;
}

/** The root's start tag, with `<channel>` after it for RSS (where items live), or null. */
function minimalHead(text: string, format: Format): string | null {
  // `[^<>]`: no `<` can stand inside a start tag, so a try reads at most up to the next `<` (with
  // `[^>]`, each of 400,000 unclosed `<rss ` read 8 KiB on: 6 s for a 2 MiB body).
  const root = /<(?:[\w.-]+:)?(?:rss|feed|rdf)\b[^<>]{0,8192}>/i.exec(text);
  if (!root) return null;
  return format === 'rss' ? `${root[0]}<channel>` : root[0];
}

/** Read the complete items one by one (see the module comment). */
function readItemByItem(text: string, format: Format, limit: number): { title: string | null; items: FeedItemFields[] } {
  const ranges = itemRanges(text, limit * 2);
  if (ranges.length === 0) return { title: null, items: [] };
  const fallback = minimalHead(text, format);
  const ownHead = text.slice(0, ranges[0]![0]);
  let head: string | null = ownHead.length <= MAX_HEAD_CHARS ? ownHead : fallback;
  let title: string | null = null;
  const items: FeedItemFields[] = [];
  for (const [start, end] of ranges) {
    if (items.length >= limit || head === null) break;
    const chunk = text.slice(start, end);
    let read = tryParse(head + chunk, format);
    if (!read && fallback !== null && head !== fallback) {
      read = tryParse(fallback + chunk, format);
      // The document's own head is broken or has no channel: the root's start tag serves the rest.
      if (read) head = fallback;
    }
    if (!read) continue;
    title ??= read.title;
    items.push(...read.items.slice(0, 1));
  }
  return { title, items };
}

function tryParse(text: string, format: Format): { title: string | null; items: FeedItemFields[] } | null {
  try {
    return parseWhole(text, format, 1);
  } catch {
    return null;
  }
}

/**
 * Read an XML feed leniently; null when the text is not an RSS, Atom or RDF document at all.
 * Never throws on a broken document: what cannot be read is left out.
 */
export function parseLeniently(text: string, limit = 100): LenientRead | null {
  const format = formatOf(text);
  if (!format) return null;
  // fast-xml-parser accepts a document cut between two tags, and would give its last item half.
  if (endsInsideItem(text)) return { format, ...readItemByItem(text, format, limit), itemByItem: true };
  try {
    const whole = parseWhole(text, format, limit);
    if (whole.items.length > 0) return { format, ...whole, itemByItem: false };
    const rescued = readItemByItem(text, format, limit);
    return rescued.items.length > 0 ? { format, title: whole.title ?? rescued.title, items: rescued.items, itemByItem: true } : { format, ...whole, itemByItem: false };
  } catch {
    return { format, ...readItemByItem(text, format, limit), itemByItem: true };
  }
}
