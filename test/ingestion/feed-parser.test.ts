/**
 * Our rss-parser (core/pipeline/feed.ts) on the real feeds of ../shared/fixtures/feeds:
 * - it skips the fields of rss-parser's items we never read, `isoDate`, `contentSnippet` and
 *   `content:encodedSnippet`: on every feed rss-parser reads it gives a fresh stock parser's items
 *   without them, and the normaliser gives the same articles (the same `published_at` and teaser
 *   above all) from either;
 * - a feed reads the same whatever feed was read before it (xml2js's parser is not reusable after
 *   a document it refused: a shared one changed the next refusal's reason);
 * - a parsed feed is not kept alive by the parse once its reader lets it go.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Parser from 'rss-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { normalizeItems } from '../../core/domain/normalize.ts';
import { parseFeed, rssParserOptions, strictParse } from '../../core/pipeline/feed.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';
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
    const files = readdirSync(dir).filter((name) => /\.(xml|rss|atom|rdf)$/.test(name));
    assert.ok(files.length >= 40, `only ${files.length} XML feeds found`);
    let read = 0;
    let dated = 0;
    let snippets = 0;
    let atomSnippets = 0;
    let encodedSnippets = 0;
    for (const name of files) {
      const text = readFileSync(new URL(name, dir), 'utf8').replace(/^\uFEFF/, '').trimStart();
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
    const files = readdirSync(dir).filter((name) => /\.(xml|rss|atom|rdf)$/.test(name));
    const texts = new Map(files.map((name) => [name, readFileSync(new URL(name, dir), 'utf8').replace(/^\uFEFF/, '')]));
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
