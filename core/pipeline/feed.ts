/**
 * Reading one feed: the safe fetch (with conditional GET), or the bundled demo file for a
 * `tidings-demo:<file>` URL, then the parse (rss-parser for RSS 2.0, RSS 1.0 and Atom, the lenient
 * parser for what it refuses, the JSON Feed reader) and the one normaliser. Failures come back as data (`kind: 'failed'`), never as a throw: one broken feed
 * never stops the others (Miniflux's rule: feed errors are state on the feed).
 */
import { createRequire } from 'node:module';
import Parser from 'rss-parser';
import { describeError } from '../platform/errors.ts';
import { FetchError, safeFetch, type Resolver } from './fetcher.ts';
import { isDemoFeedUrl, readDemoFeed } from '../demo/index.ts';
import { parseLeniently } from './feed-lenient.ts';
import { readXmlTree } from './xml-tree.ts';
import { readJsonFeed } from '../domain/jsonfeed.ts';
import { normalizeItems, ownCopy, type NormalizedItem } from '../domain/normalize.ts';
import { retryAfterMs } from '../domain/poll.ts';

/** What reading a feed needs. */
export interface FeedReadOptions {
  allowPrivate: boolean;
  publicBaseUrl: string;
  now: Date;
  resolver?: Resolver;
  etag?: string | null;
  lastModified?: string | null;
  /** Mark every item paywalled (the source's own flag). */
  paywalled?: boolean;
  maxItems?: number;
}

/** The result of reading a feed. */
export type FeedRead =
  | { kind: 'ok'; items: NormalizedItem[]; title: string | null; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'failed'; error: string; status?: number; retryAfterMs?: number | null; refused?: boolean };

/**
 * rss-parser's options, new for each parser (its constructor writes its defaults into them): the
 * Media RSS elements an item's image may come from, kept as the normaliser reads them.
 */
export function rssParserOptions(): Parser.ParserOptions<Record<string, unknown>, Record<string, unknown>> {
  return {
    customFields: {
      item: [
        ['media:content', 'mediaContent', { keepArray: true }],
        ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
        ['media:group', 'mediaGroup'],
      ],
    },
  };
}

/** An element as xml2js gives it to rss-parser: child elements by name, each a list. */
type XmlElement = Record<string, unknown[] | undefined>;

/** The rss-parser methods `FeedParser` wraps (its own, not in its type declarations). */
interface ItemBuilders {
  parseItemRss(xmlItem: XmlElement, itemFields: readonly unknown[]): Record<string, unknown>;
  parseItemAtom(entry: XmlElement): Record<string, unknown>;
}
const stock = Parser.prototype as unknown as ItemBuilders;

/** rss-parser's own reading of an element's content (text, or markup serialised back), the one it gives `content`. */
const { getContent } = createRequire(import.meta.url)('rss-parser/lib/utils.js') as { getContent(value: unknown): unknown };

/** The item fields without their `includeSnippet` option (`content:encoded` has it), by the list rss-parser passed. */
const fieldsWithoutSnippets = new WeakMap<readonly unknown[], unknown[]>();
function withoutSnippets(fields: readonly unknown[]): unknown[] {
  let plain = fieldsWithoutSnippets.get(fields);
  if (!plain) {
    plain = fields.map((f) => (Array.isArray(f) && f.length > 2 ? [f[0], f[1], { ...f[2], includeSnippet: false }] : f));
    fieldsWithoutSnippets.set(fields, plain);
  }
  return plain;
}

/**
 * rss-parser without the fields of its items we never read, each derived from another field:
 * - `isoDate`, its copy of the item's `pubDate` (or `dc:date`) as `new Date(text.trim()).toISOString()`.
 *   The normaliser reads that date itself (`publicationDate` tries `isoDate`, then `pubDate`,
 *   `dc:date`, `date`: without `isoDate` the first of the others that parses is the same text,
 *   parsed by the same `Date.parse`, so `published_at` is unchanged). About 1 µs an item, 5-6 % of
 *   rss-parser's parse of the ingest bench's feeds (28 Nov 2026).
 * - `contentSnippet` and `content:encodedSnippet`: the item's HTML made text by rss-parser's regexes
 *   and `entities` (the normaliser makes its own from the raw HTML: core/domain/feed-html.ts). The
 *   stock methods run on the item with its `description` (RSS) or `content` (Atom) held back and
 *   `content:encoded`'s `includeSnippet` off; `content` is then set from the held-back element by
 *   rss-parser's own `getContent`, as the stock method would have. About 1.3 µs an item, ~8 % of the
 *   parse of the bench's feeds (their 250-character teasers; longer HTML costs more).
 * test/ingestion/feed-parser.test.ts checks, on every real feed, that the items are the stock
 * parser's without these three fields and normalise to the same articles. The overridden methods
 * are rss-parser 3.13's; should a release rename them, the overrides are simply never called and
 * the fields come back, with the same articles.
 */
class FeedParser extends Parser {
  setISODate(): void {}

  parseItemRss(xmlItem: XmlElement, itemFields: readonly unknown[]): Record<string, unknown> {
    const description = xmlItem.description;
    // xml2js made this element for this parse only: nothing else reads it.
    xmlItem.description = undefined;
    const item = stock.parseItemRss.call(this, xmlItem, withoutSnippets(itemFields));
    if (description) item.content = getContent(description[0]);
    return item;
  }

  parseItemAtom(entry: XmlElement): Record<string, unknown> {
    const content = entry.content;
    entry.content = undefined;
    const item = stock.parseItemAtom.call(this, entry);
    if (content && content.length > 0) item.content = getContent(content[0]);
    return item;
  }
}

/** What `parseFeed` needs besides the text. */
export type ParseOptions = Pick<FeedReadOptions, 'now' | 'paywalled' | 'maxItems'> & {
  /** The response's Content-Type (JSON Feed may be recognised by it). */
  contentType?: string;
};

/**
 * rss-parser's xml2js parser (`xmlParser`, whose `parseString` its own calls) and the sax parser
 * under it (`saxParser`, its `trackPosition` set from sax's `position` option, which xml2js does not
 * pass on): neither library declares these. Should a release rename the first, the stock parser
 * simply reads every document, and the second, it counts positions again: the same results.
 */
interface XmlReader {
  parseString(xml: string, done: (error: unknown, result: unknown) => void): unknown;
  saxParser?: { trackPosition?: boolean };
}

/**
 * One parse of `text` on a parser of its own, always settled. xml2js parses synchronously but
 * never calls back on a document without a root element ('<?xml version="1.0"?>' alone, a lone
 * CDATA section): the promise stayed pending for ever, and a whole ingest run with it. Whatever is
 * still unsettled once the parse has returned is such a document.
 *
 * A new parser per document (5 µs; a 50-item feed parses in about 2 ms): xml2js's parser is not
 * reusable after a document it refused or never finished (its maintainers say so: node-xml2js
 * issues 365 and 388). With one parser shared by every feed, a refused feed changed what the next
 * refused feed was refused for ("Unclosed root tag, line 13" became "Unable to parse XML.", the
 * text a source's `last_error` shows); test/ingestion/feed-parser.test.ts reads every real feed
 * after every refused one.
 *
 * `positions: false` is the first read: the tree comes from saxes when it gives xml2js's very tree
 * (core/pipeline/xml-tree.ts, about half the time), else from the stock parser with sax's count of
 * lines and columns off (it keeps it for every character only for its error messages: 3-4 % of the
 * parse). `positions: true` is the stock parser as it comes, for a refusal's reason.
 */
function parseOnce(text: string, positions: boolean): ReturnType<FeedParser['parseString']> {
  return new Promise((resolve, reject) => {
    const unsettled = setImmediate(() => reject(new Error('the document has no root element')));
    const parser = new FeedParser(rssParserOptions());
    const holder = parser as unknown as { xmlParser?: XmlReader };
    const stock = holder.xmlParser;
    if (!positions && stock) {
      if (stock.saxParser) stock.saxParser.trackPosition = false;
      holder.xmlParser = {
        parseString: (xml, done) => {
          const tree = readXmlTree(xml);
          return tree ? done(null, tree) : stock.parseString(xml, done);
        },
      };
    }
    // The check is cleared as soon as the parse settles: left queued, it kept the parsed feed alive
    // until the event loop next turned, and a run reading feeds without I/O in between (the bench,
    // the demo feeds) held every one of them.
    parser.parseString(text).then(
      (feed) => {
        clearImmediate(unsettled);
        resolve(feed);
      },
      (error: unknown) => {
        clearImmediate(unsettled);
        reject(error);
      },
    );
  });
}

/**
 * rss-parser's `parseString` of `text`, its XML read by saxes or without sax's line and column
 * count (see `parseOnce`); a document it refuses is read once more by the stock parser, so the
 * refusal says where ("Unclosed root tag Line: 12 Column: 7", the text a source's `last_error`
 * shows) exactly as the stock parser's does. Only refused documents (a few in a hundred real
 * feeds) pay for the second parse.
 */
export async function strictParse(text: string): ReturnType<FeedParser['parseString']> {
  try {
    return await parseOnce(text, false);
  } catch {
    return parseOnce(text, true);
  }
}

/** A feed's title (every format's): trimmed, at most 200 characters, a string of its own (see ownCopy), or null. */
function titleOf(title: string | null | undefined): string | null {
  const cut = title?.trim().slice(0, 200);
  return cut ? ownCopy(cut) : null;
}

/** rss-parser's refusal in words a source's `last_error` can show (its TypeError on a channel-less `<rss>` included). */
function refusalText(error: unknown): string {
  if (error instanceof TypeError) return 'the document has no RSS channel';
  return describeError(error);
}

/**
 * Parse feed text and normalise its items; throws (with a reason) on text that is not a feed.
 * JSON Feed goes to its reader; XML goes to rss-parser first, and to the lenient parser
 * (core/pipeline/feed-lenient.ts) only when rss-parser refuses the document, yields no usable item or gives
 * an XHTML title it cannot read (the lenient result is kept when it has more items), so documents
 * rss-parser reads well cost nothing more. A document rss-parser refused and in which
 * the lenient parser finds no usable item either stays refused, with rss-parser's reason.
 */
export async function parseFeed(body: string, base: string, options: ParseOptions): Promise<{ items: NormalizedItem[]; title: string | null }> {
  const trimmed = body.replace(/^\uFEFF/, '').trimStart();
  const limit = options.maxItems ?? 100;
  const normalize = (items: unknown[]) => normalizeItems(items, { base, now: options.now, paywalled: options.paywalled, maxItems: limit });
  if (trimmed.startsWith('{')) {
    const json = readJsonFeed(trimmed, options.contentType, limit);
    if (json.kind === 'refused') throw new Error(json.reason);
    return { items: normalize(json.items), title: titleOf(json.title) };
  }
  if (!trimmed.startsWith('<')) throw new Error('the response is neither XML nor JSON');
  let strict: { items: NormalizedItem[]; title: string | null } | null = null;
  let refusal: unknown = null;
  try {
    const feed = await strictParse(trimmed);
    const items: unknown[] = Array.isArray(feed.items) ? feed.items : [];
    const title = typeof feed.title === 'string' ? titleOf(feed.title) : null;
    if (!/<(rss|feed|rdf:RDF|channel)\b/i.test(trimmed.slice(0, 4000))) throw new Error('the document is not an RSS or Atom feed');
    strict = { items: normalize(items), title };
    if (strict.items.length > 0 && !items.some(hasMarkupTitle)) return strict;
  } catch (error) {
    refusal = error;
  }
  const lenient = parseLeniently(trimmed, limit);
  const items = lenient ? normalize(lenient.items) : [];
  if (items.length > (strict?.items.length ?? 0)) return { items, title: strict?.title ?? titleOf(lenient?.title) };
  if (strict) return strict;
  throw new Error(refusalText(refusal));
}

/**
 * True for an item whose title rss-parser gives as an element tree (an Atom `type="xhtml"` title):
 * the normaliser cannot read it (the tree has lost the order of text and tags), the lenient parser can.
 */
function hasMarkupTitle(item: unknown): boolean {
  return typeof item === 'object' && item !== null && 'title' in item && typeof item.title === 'object' && item.title !== null;
}

/** Fetch (or read the demo file) and parse one feed. Never throws. */
export async function readFeed(feedUrl: string, options: FeedReadOptions): Promise<FeedRead> {
  let body: string;
  let base = feedUrl;
  let etag: string | null = null;
  let lastModified: string | null = null;
  let contentType: string | undefined;
  if (isDemoFeedUrl(feedUrl)) {
    const text = readDemoFeed(feedUrl, options.now, options.publicBaseUrl);
    if (text === null) return { kind: 'failed', error: `no bundled demo feed named ${feedUrl}` };
    body = text;
    base = options.publicBaseUrl;
  } else {
    const headers: Record<string, string> = {};
    if (options.etag) headers['if-none-match'] = options.etag;
    if (options.lastModified) headers['if-modified-since'] = options.lastModified;
    try {
      const res = await safeFetch(feedUrl, {
        allowPrivate: options.allowPrivate,
        resolver: options.resolver,
        headers,
        userAgent: `Tidings/0.1 (calm news reader; +${options.publicBaseUrl})`,
      });
      if (res.status === 304) return { kind: 'not_modified' };
      if (res.status === 429 || res.status === 503) {
        return { kind: 'failed', status: res.status, error: `HTTP ${res.status} (asked to slow down)`, retryAfterMs: retryAfterMs(res.headers['retry-after'], options.now) };
      }
      if (res.status < 200 || res.status > 299) return { kind: 'failed', status: res.status, error: `HTTP ${res.status}` };
      body = res.body;
      base = res.url;
      contentType = res.headers['content-type'];
      etag = res.headers.etag?.slice(0, 300) ?? null;
      lastModified = res.headers['last-modified']?.slice(0, 100) ?? null;
    } catch (error) {
      return { kind: 'failed', error: describeError(error).slice(0, 300), refused: error instanceof FetchError && error.kind === 'refused' };
    }
  }
  try {
    const parsed = await parseFeed(body, base, { ...options, contentType });
    return { kind: 'ok', ...parsed, etag, lastModified };
  } catch (error) {
    return { kind: 'failed', error: `not a readable feed: ${describeError(error)}`.slice(0, 300) };
  }
}
