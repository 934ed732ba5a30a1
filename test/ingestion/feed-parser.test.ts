/**
 * Our rss-parser (core/pipeline/feed.ts) on the real feeds of ../shared/fixtures/feeds:
 * - it skips the fields of rss-parser's items we never read, `isoDate`, `contentSnippet` and
 *   `content:encodedSnippet`: on every feed rss-parser reads it gives a fresh stock parser's items
 *   without them (its XML read by saxes where that gives xml2js's tree:
 *   test/ingestion/xml-tree.test.ts), and the normaliser gives the same articles (the same
 *   `published_at` and teaser above all) from either;
 * - a refused document is refused for the stock parser's reason, line and column included (ours
 *   reads without sax's position count, and reads a refused document again with it);
 * - a feed reads the same whatever feed was read before it (xml2js's parser is not reusable after
 *   a document it refused: a shared one changed the next refusal's reason);
 * - a parsed feed is not kept alive by the parse once its reader lets it go, and what `parseFeed`
 *   keeps (its items, the feed's title) holds no part of the document's text.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Parser from 'rss-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeItems } from '../../core/domain/normalize.ts';
import { parseFeed, rssParserOptions, strictParse } from '../../core/pipeline/feed.ts';
import { sharedFixtures, xmlFeedTexts } from '../helpers/shared-fixtures.ts';
import { until } from '../helpers/until.ts';

const dir = sharedFixtures('feeds', 'README.md');
const NOW = new Date('2026-11-12T12:00:00Z');

/** What a parse gave: its items, or the refusal's message. */
async function settle(parse: Promise<{ items: unknown[] }>): Promise<{ items: Array<Record<string, unknown>> } | { refused: string }> {
  try {
    const feed = await parse;
    return { items: feed.items as Array<Record<string, unknown>> };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

if (dir) {
  test('on every real XML feed, our parser gives the stock items without isoDate and the snippets, and the same normalised articles', async () => {
    const texts = xmlFeedTexts(dir);
    assert.ok(texts.size >= 40, `only ${texts.size} XML feeds found`);
    let read = 0;
    let dated = 0;
    let snippets = 0;
    let atomSnippets = 0;
    let encodedSnippets = 0;
    for (const [name, whole] of texts) {
      const text = whole.trimStart();
      const ours = await settle(strictParse(text));
      if ('refused' in ours) continue;
      const theirs = await settle(new Parser(rssParserOptions()).parseString(text));
      assert.ok('items' in theirs, `${name}: the stock parser refused what ours read`);
      if (!('items' in theirs)) continue;
      read += 1;
      assert.is(ours.items.length, theirs.items.length, name);
      for (const [i, item] of ours.items.entries()) {
        for (const field of ['isoDate', 'contentSnippet', 'content:encodedSnippet']) assert.not.ok(field in item, `${name} item ${i} carries ${field}`);
        const { isoDate, contentSnippet, 'content:encodedSnippet': encodedSnippet, ...rest } = theirs.items[i]!;
        if (isoDate !== undefined) dated += 1;
        if (contentSnippet !== undefined) snippets += 1;
        if (contentSnippet !== undefined && /<feed\b/.test(text.slice(0, 2000))) atomSnippets += 1;
        if (encodedSnippet !== undefined) encodedSnippets += 1;
        assert.equal(item, rest, `${name} item ${i}`);
      }
      const options = { base: 'https://feed.example.org/', now: NOW };
      assert.equal(normalizeItems(ours.items, options), normalizeItems(theirs.items, options), name);
    }
    assert.ok(read >= 30, `only ${read} feeds read`);
    assert.ok(dated >= 300, `only ${dated} stock items carried an isoDate`);
    // Both kinds of snippet were there to leave out, in RSS and Atom feeds alike.
    assert.ok(snippets >= 300, `only ${snippets} stock items carried a contentSnippet`);
    assert.ok(atomSnippets >= 100, `only ${atomSnippets} stock Atom entries carried a contentSnippet`);
    assert.ok(encodedSnippets >= 100, `only ${encodedSnippets} stock items carried a content:encodedSnippet`);
  });
}

// Our parse reads documents without sax's line and column count (core/pipeline/feed.ts); a refusal
// must still say where, as the stock parser's does (a source's `last_error` shows it).
const BROKEN_DOCUMENTS: Record<string, string> = {
  'an unclosed root': '<?xml version="1.0"?>\n<rss version="2.0">\n<channel>\n<title>Calm</title>\n<item><title>A story</title></item>\n',
  'a mismatched tag': '<rss version="2.0"><channel>\n  <title>Calm</title>\n  <item><title>A story</item>\n</channel></rss>',
  'an unquoted attribute': '<rss version="2.0">\n<channel><title>Calm</title>\n<item><guid isPermaLink=false>1</guid></item></channel></rss>',
  'a bare ampersand': '<rss version="2.0"><channel>\n<title>Fish & chips</title></channel></rss>',
};

test('a refused document gives the stock parser\'s reason, with its line and column', async () => {
  for (const [kind, text] of Object.entries(BROKEN_DOCUMENTS)) {
    const ours = await settle(strictParse(text));
    const theirs = await settle(new Parser(rssParserOptions()).parseString(text));
    assert.ok('refused' in ours && 'refused' in theirs, `${kind}: not refused by both`);
    assert.is(ours.refused, theirs.refused, kind);
    // Where the document broke, not "Line: 0" (the count our first read leaves off).
    assert.match(ours.refused, /Line: [1-9]/, kind);
  }
});

if (dir) {
  test('every real feed rss-parser refuses is refused for the stock parser\'s reason', async () => {
    let refused = 0;
    for (const [name, whole] of xmlFeedTexts(dir)) {
      const text = whole.trimStart();
      const ours = await settle(strictParse(text));
      if (!('refused' in ours)) continue;
      refused += 1;
      const theirs = await settle(new Parser(rssParserOptions()).parseString(text));
      assert.equal(theirs, ours, name);
    }
    assert.ok(refused >= 5, `only ${refused} refused feeds`);
  });
}

/** V8's collector, called now (the flag set at run time, as `--expose-gc` would). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('no gc function');
  gc();
}

test('a parsed feed is released with its reader, not when the event loop next turns', async () => {
  const item = (i: number) => `<item><title>Story ${i}</title><link>https://news.example.org/${i}</link><description>${'calm words '.repeat(40)}</description></item>`;
  const text = `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title>${Array.from({ length: 50 }, (_, i) => item(i)).join('')}</channel></rss>`;
  let released = 0;
  const registry = new FinalizationRegistry(() => {
    released += 1;
  });
  // Feeds read one after another without I/O between them (the bench, the demo feeds): no turn of
  // the event loop between the parses and the collection.
  for (let i = 0; i < 20; i += 1) registry.register(await strictParse(text), i);
  collectGarbage();
  // The collector's callbacks run on a later turn (by then a queued check would have let go too,
  // but after the collection: nothing collects them again).
  await until(() => released >= 18, 3000, () => `the parsed feeds' release (only ${released} of 20 released)`);
});

/**
 * Heap bytes in use after two full collections. A match first: V8 keeps the subject of the last
 * regular expression match (for `RegExp.lastMatch`), which after a parse is a cut of its document.
 */
function heapInUse(): number {
  /calm/.exec('calm');
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

// Stories of ~400 KB each. Titles, links and ids are plain runs of text the parsers cut out of the
// document; the RSS teasers are short descriptions cut out of it too, the others are cut from the
// story's long text made plain.
const LONG = 'calm words '.repeat(36_000);
const FEED_TITLE = 'A calm feed of small good stories';
const stories = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Gardeners open a seed library in town ${i}`, link: `https://news.example.org/story/${i}`, id: `urn:calm:story:${i}` }));
const rssItems = (n: number) => stories(n).map((s) => `<item><title>${s.title}</title><link>${s.link}</link><guid isPermaLink="false">${s.id}</guid><description>A short and kind teaser of story ${s.id}.</description><content:encoded><![CDATA[<p>${LONG}</p>]]></content:encoded></item>`).join('');
const LARGE_DOCUMENTS: Record<string, (n: number) => string> = {
  'RSS 2.0 (rss-parser)': (n) => `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${FEED_TITLE}</title><link>https://news.example.org/</link>${rssItems(n)}</channel></rss>`,
  'Atom (rss-parser)': (n) => `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${FEED_TITLE}</title><id>urn:calm</id>${stories(n).map((s) => `<entry><title>${s.title}</title><link href="${s.link}"/><id>${s.id}</id><content type="html">&lt;p&gt;${LONG}&lt;/p&gt;</content></entry>`).join('')}</feed>`,
  'RSS without a version (the lenient parser)': (n) => `<rss><channel><title>${FEED_TITLE}</title>${rssItems(n)}</channel></rss>`,
  'JSON Feed': (n) => JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: FEED_TITLE, items: stories(n).map((s) => ({ id: s.id, url: s.link, title: s.title, content_text: LONG })) }),
};

// The text is made inside a plain function, so no frame of a test holds it across an await (a
// suspended async function keeps its temporaries): only what parseFeed returns can keep it.
const readMade = (document: (n: number) => string, n: number) => parseFeed(document(n), 'https://news.example.org/', { now: NOW });

// One test a format, so nothing one leaves in a frame is counted by the next.
for (const [kind, document] of Object.entries(LARGE_DOCUMENTS)) {
  test(`${kind}: the items and title parseFeed returns keep none of the document alive`, async () => {
    // A one-story document first, so the code it runs is compiled before the heap is read.
    await readMade(document, 1);
    const before = heapInUse();
    const result = await readMade(document, 12);
    const kept = heapInUse() - before;
    assert.is(result.items.length, 12);
    assert.is(result.title, FEED_TITLE);
    assert.ok(result.items.every((item) => item.guid?.startsWith('urn:calm:story:') && item.url.startsWith('https://news.example.org/story/')));
    // The document is ~4.8 million characters; the result itself is a few kilobytes.
    assert.ok(kept < 1_000_000, `${kept} bytes still in use with the result held`);
  });
}

/** What `parseFeed` makes of a file: its result, or its refusal's reason. */
async function readAs(text: string): Promise<string> {
  try {
    return JSON.stringify(await parseFeed(text, 'https://feed.example.org/', { now: NOW }));
  } catch (error) {
    return `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
}

if (dir) {
  test('every real feed reads the same after each feed rss-parser refuses as after a clean one', async () => {
    const texts = xmlFeedTexts(dir);
    const refused: string[] = [];
    for (const [name, text] of texts) if ('refused' in (await settle(strictParse(text.trimStart())))) refused.push(name);
    assert.ok(refused.length >= 5, `only ${refused.length} refused feeds: ${refused.join(', ')}`);
    const clean = texts.get('rss2-aktuality-slovak-2021.rss');
    assert.ok(clean, 'the clean feed is missing');
    for (const [name, text] of texts) {
      await readAs(clean!);
      const alone = await readAs(text);
      for (const before of refused) {
        await readAs(texts.get(before)!);
        assert.is(await readAs(text), alone, `${name} read after ${before}`);
      }
    }
  });
}

test.run();
