/**
 * Every real-world feed of ../shared/fixtures/feeds (without it, this file fails saying so) through the
 * real path: served by a loopback HTTP server and read by `readFeed` (safe fetch, charset
 * detection, rss-parser then the lenient parser or the JSON Feed reader, the normaliser). The
 * table is the reference: the usable items each file yields, or `refused` for a file that holds no
 * complete item (the fixtures README: a file with at least one complete item must yield items).
 * Any change of a count, in either direction, fails, and nothing may throw.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFeed, type FeedRead } from '../../core/pipeline/feed.ts';
import { runIngest } from '../../core/pipeline/ingest.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';
import { startFeedServer, type FeedServer } from './feed-server.ts';

const dir = sharedFixtures('feeds', 'README.md');
const NOW = new Date('2026-11-12T12:00:00Z');

/** Usable items per file (after the normaliser: a title and an http(s) link), or refused with a reason. */
const EXPECTED: Record<string, number | 'refused'> = {
  'atom-artificial-truth-large-2024.xml': 25,
  'atom-google-ads-blog-feedburner-2016.atom': 25,
  'atom-google-alerts-html-in-titles-2019.xml': 20,
  'atom-heise-developer-2016.atom': 15,
  'atom-intertwingly-xhtml-2012.atom': 20,
  'atom-missing-title-link.atom': 0,
  'atom-pet-shop-xhtml-title-2013.xml': 10,
  'atom-reddit-xhtml-2016.atom': 24,
  'atom-russcox-huge-entries-2019.atom': 19,
  'atom-tag-uri-links.xml': 0,
  'atom-tpm-news-2017.atom': 20,
  'atom-youtube-media-group-2015.xml': 15,
  'encoding-utf16le-bom.xml': 'refused',
  'encoding-win1252-smart-quote.xml': 0,
  'json-not-jsonfeed-rss-in-json.json': 'refused',
  'jsonfeed-1.0-daringfireball-2017.json': 48,
  'jsonfeed-1.0-pxlnv-http-version-url.json': 20,
  'jsonfeed-1.1-escaped-uris-tags-images.json': 30,
  'jsonfeed-script-in-content-html.json': 1,
  'malformed-document-moved.rss': 'refused',
  'malformed-greek-high-bit-date.xml': 0,
  'malformed-gzip-body-nshipster.xml': 25,
  'malformed-incomplete-cdata.xml': 'refused',
  'malformed-not-a-feed.html': 'refused',
  'malformed-sax-error.xml': 3,
  'malformed-unclosed-root-corrupted-ampersands.xml': 'refused',
  'malformed-undeclared-namespace.xml': 0,
  'rdf-biorxiv-plant-biology-2019.rdf': 30,
  'rdf-craigslist-html-in-titles-2017.rss': 25,
  'rdf-heise-online-nodates.xml': 60,
  'rdf-laut-de-music-news.xml': 20,
  'rdf-science-twis-2017.rss': 69,
  'redos-css-sanitisation-touchnokia-2009.xml': 15,
  'rss092-heraldsun-2002.rss': 2,
  'rss2-aktuality-slovak-2021.rss': 30,
  'rss2-bbc-urdu-rtl-2018.xml': 26,
  'rss2-bolddk-unescaped-ampersands-2019.xml': 20,
  'rss2-cre-podcast-long-shownotes-2015.xml': 30,
  'rss2-dailymail-mediacontent-dupes-2013.xml': 1,
  'rss2-dcrainmaker-huge-items-2017.xml': 8,
  'rss2-dotnet-a10-links-z-dates-2020.xml': 5,
  'rss2-duplicate-guids-braingle-2014.xml': 1,
  'rss2-giantbomb-podcast-huge-730-items.rss': 100,
  'rss2-golem-iso-8859-1-2018.xml': 40,
  'rss2-google-cloudblog-2019.rss': 20,
  'rss2-guardian-2018.rss': 55,
  'rss2-hackernews-comments-2022.xml': 30,
  'rss2-huffpost-canada-2017.xml': 2,
  'rss2-ilmessaggero-italian-dates-2022.xml': 1,
  'rss2-invalid-epoch-date-truncated.xml': 2,
  'rss2-iso-8859-1-no-declaration-2018.xml': 9,
  'rss2-jn-portuguese-iso-8859-1-2018.rss': 40,
  'rss2-kc0011-gb2312-2020.rss': 20,
  'rss2-livemint-2019.xml': 25,
  'rss2-macworld-2017.rss': 30,
  'rss2-medium-content-encoded-2018.rss': 7,
  'rss2-nbcny-nonstandard-date-2023.xml': 1,
  'rss2-nyt-category-domain-2013.xml': 1,
  'rss2-pcmag-illegally-nested-2018.xml': 10,
  'rss2-reddit-frontpage-2015.rss': 24,
  'rss2-relative-urls-two-digit-year-2017.xml': 2,
  'rss2-reuters-truncated-server-error-2020.xml': 'refused',
  'rss2-rubenerd-mixed-dates-2023.rss': 10,
  'rss2-scriptingnews-untitled-items-2017.rss': 11,
  'rss2-techcrunch-2011.xml': 20,
  'rss2-uol-noticias-portuguese-dates-malformed-2018.rss': 15,
  'rss2-utf8-bytes-windows-1252-prolog.xml': 0,
  'rss2-washingtonpost-wellness-2012.xml': 29,
  'rss2-windows-1251-ibash-2018.xml': 50,
  'rss2-windows-1251-oren-ru-2014.xml': 10,
  'xss-atom-base64-script.xml': 0,
  'xss-atom-malicious-comment-title.xml': 0,
  'xss-atom-title-crazy-html.xml': 0,
  'xss-rss-description-crazy-html.xml': 0,
};

/** How the publisher served it: JSON as JSON, everything else as XML with no charset (the bytes and the declaration decide). */
function headersFor(file: string): Record<string, string> {
  if (file.endsWith('.json')) return { 'content-type': 'application/json' };
  if (file.endsWith('.html')) return { 'content-type': 'text/html' };
  // The capture is the raw gzip body; on the wire it came with its Content-Encoding.
  if (file === 'malformed-gzip-body-nshipster.xml') return { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' };
  return { 'content-type': 'application/xml' };
}

if (dir) {
  const files = readdirSync(dir).filter((f) => f !== 'README.md' && f !== 'manifest.json').sort();
  let server: FeedServer;
  const reads = new Map<string, FeedRead>();

  test.before(async () => {
    server = await startFeedServer();
    for (const file of files) {
      const bytes = readFileSync(new URL(file, dir));
      server.routes.set(`/${file}`, (_req, res) => res.writeHead(200, headersFor(file)).end(bytes));
    }
    for (const file of files) {
      reads.set(file, await readFeed(`${server.base}/${file}`, { allowPrivate: true, publicBaseUrl: 'http://localhost:8080', now: NOW }));
    }
  });
  test.after(() => server.close());

  test('every fixture file has an expectation, and every expectation a file', () => {
    assert.equal(files, Object.keys(EXPECTED).sort());
  });

  test('every fixture yields exactly its expected items, or is refused with a reason (none throws)', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const read = reads.get(file)!;
      const got = read.kind === 'ok' ? read.items.length : read.kind === 'failed' ? 'refused' : read.kind;
      if (got !== EXPECTED[file]) wrong.push(`${file}: expected ${EXPECTED[file]}, got ${got}${read.kind === 'failed' ? ` (${read.error})` : ''}`);
      if (read.kind === 'failed') assert.not.match(read.error, /TypeError|Cannot read properties|undefined/, file);
    }
    assert.equal(wrong, []);
  });

  const items = (file: string) => {
    const read = reads.get(file)!;
    assert.is(read.kind, 'ok', file);
    return read.kind === 'ok' ? read.items : [];
  };

  test('no title or teaser of any fixture is mojibake (undeclared Latin-1, mixed and mislabelled UTF-8 decoded right)', () => {
    const bad: string[] = [];
    for (const file of files) {
      const read = reads.get(file)!;
      if (read.kind !== 'ok') continue;
      for (const item of read.items) if (/\uFFFD|Ã[\u0080-\u00ff]|â€/.test(item.title + item.teaser)) bad.push(`${file}: ${item.title}`);
    }
    assert.equal(bad, []);
  });

  test('undeclared Latin-1 (Le Cercle Psy) and Latin-1 declared over UTF-8 with one stray byte (bold.dk) read as written', () => {
    const psy = items('rss2-iso-8859-1-no-declaration-2018.xml').map((i) => i.title);
    assert.ok(psy.includes("La criminalité liée surtout à... l'ennui ?"), psy.join(' | '));
    const bold = items('rss2-bolddk-unescaped-ampersands-2019.xml');
    assert.ok(bold.some((i) => i.teaser.includes('Sidste runde i Superligaens grundspil afvikles søndag')), 'UTF-8 descriptions of a feed declared ISO-8859-1');
    const prolog = reads.get('rss2-utf8-bytes-windows-1252-prolog.xml')!;
    assert.is(prolog.kind === 'ok' ? prolog.title : null, 'Euro €', 'a windows-1252 prolog over UTF-8 bytes');
  });

  test('unescaped & (bold.dk): every item kept, its link and GUID with their query strings', () => {
    const bold = items('rss2-bolddk-unescaped-ampersands-2019.xml');
    assert.is(bold[0]!.title, 'OB er uskarpe - Esbjerg er effektive');
    assert.is(bold[0]!.url, 'https://www.bold.dk/fodbold/nyheder/ob-er-uskarpe--esbjerg-er-effektive/');
    assert.is(bold[0]!.guid, 'https://www.bold.dk/fodbold/nyheder/ob-er-uskarpe--esbjerg-er-effektive/?utm_source=bolddk&utm_medium=rss&utm_campaign=rss');
    assert.is(bold[0]!.image, 'https://mobil.bold.dk/picture/960x630/art128116.jpg');
    assert.is(bold[0]!.published_at.toISOString(), '2019-03-14T15:10:02.000Z');
  });

  test('a truncated document keeps its complete items, and the invalid epoch date gives way to pubDate', () => {
    const epoch = items('rss2-invalid-epoch-date-truncated.xml');
    assert.equal(epoch.map((i) => [i.title, i.published_at.toISOString()]), [
      ['Item 0 with an invalid date', '2017-10-16T15:10:00.000Z'],
      ['Item 1 with all valid dates', '2017-10-17T12:17:00.000Z'],
    ]);
  });

  test('<rss> without a version, in Latin-1, with Portuguese dates (UOL): every item, dated, not "now"', () => {
    const uol = items('rss2-uol-noticias-portuguese-dates-malformed-2018.rss');
    assert.is(uol[0]!.title, 'Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno');
    assert.is(uol[0]!.published_at.toISOString(), '2018-09-24T22:42:40.000Z', "'Seg, 24 Set 2018 19:42:40 -0300'");
    assert.ok(uol.every((i) => i.published_at.getTime() < NOW.getTime()), 'no date fell back to now');
  });

  test('items whose only link is an Atom link in another prefix (a10:link) are read', () => {
    assert.equal(items('rss2-dotnet-a10-links-z-dates-2020.xml').map((i) => i.url), [5, 4, 3, 2, 1].map((n) => `http://www.example.com/${n}`));
  });

  test('JSON Feed 1.0 and 1.1 (version URL over http or https, escaped slashes) are read; JSON that is not a JSON Feed is refused', () => {
    const fireball = items('jsonfeed-1.0-daringfireball-2017.json');
    assert.is(fireball[0]!.url, 'https://daringfireball.net/linked/2017/06/26/the-talk-show-195');
    assert.is(items('jsonfeed-1.1-escaped-uris-tags-images.json')[0]!.url, 'https://lukedorny.com/updates/new-font');
    assert.is(items('jsonfeed-1.0-pxlnv-http-version-url.json').length, 20);
    const script = items('jsonfeed-script-in-content-html.json');
    assert.is(script[0]!.title, 'post 2');
    const notFeed = reads.get('json-not-jsonfeed-rss-in-json.json')!;
    assert.match(notFeed.kind === 'failed' ? notFeed.error : '', /not a JSON Feed/);
  });

  test('an Atom title in XHTML (type="xhtml") is read as its text', () => {
    assert.ok(items('atom-pet-shop-xhtml-title-2013.xml').some((i) => i.title === 'Sentry Calming Collar for dogs'));
  });

  test('the whole pipeline polls every fixture as a source: none throws, each feed with items stores articles and stays healthy', async () => {
    const ctx = await createTestContext({ now: () => NOW });
    try {
      const ids = new Map(files.map((file, i) => [file, `fixture-${i}`]));
      await insertFixtures(ctx.db, { sources: files.map((file) => makeSource({ _id: ids.get(file)!, feed_url: `${server.base}/${file}`, next_poll_at: NOW })) });
      const summary = await runIngest({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => NOW, random: () => 0.5 });
      const refused = files.filter((f) => EXPECTED[f] === 'refused');
      assert.is(summary.polled, files.length);
      assert.is(summary.failed, refused.length);
      const unhealthy: string[] = [];
      for (const file of files) {
        const src = await sourcesCollection(ctx.db).findOne({ _id: ids.get(file)! });
        const stored = await articlesCollection(ctx.db).countDocuments({ source_id: ids.get(file)! });
        const expected = EXPECTED[file]!;
        if (expected === 'refused' ? !src!.last_error : src!.last_error !== null || (expected > 0 && stored === 0)) unhealthy.push(`${file}: ${stored} stored, last_error ${src!.last_error}`);
      }
      assert.equal(unhealthy, []);
    } finally {
      await ctx.close();
    }
  });
}

test.run();
