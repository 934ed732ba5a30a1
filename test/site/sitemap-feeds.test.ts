/**
 * SPEC.md `/sitemap.xml` and `/robots.txt`, and the feeds beyond the spec: the sitemap lists exactly
 * home, `/today` and every accepted, non-duplicate, visible article with lastmod (an index past the
 * per-file limit); robots.txt points to it; the Atom and JSON Feed files carry their formats'
 * required elements; the OPML lists the active, visible sources.
 */
import Parser from 'rss-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderSitemaps } from '../../site/_includes/sitemap.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { build, distFile, storeBrief, summaryOf } from './helpers.ts';

const BASE = 'https://tidings.example';
let ctx: TestContext;
const visible = makeSource({ name: 'Calm <b>Weekly</b>' });
const hidden = makeSource({ content_visible: false, name: 'Hidden Daily' });
const paused = makeSource({ status: 'paused', active: false, name: 'Paused Post' });
const wonder = makeArticle({ source_id: visible._id, flavor: 'wonder', tags: ['space'], summary: summaryOf('Stars, seen anew.') });
const kind = makeArticle({ source_id: visible._id, flavor: 'heartwarming', tags: ['kindness'] });
const fromPaused = makeArticle({ source_id: paused._id, flavor: 'grounded', tags: ['books'] });
const rejected = makeArticle({ source_id: visible._id, accepted: false, reject_reason: 'ragebait' });
const duplicate = makeArticle({ source_id: visible._id, duplicate_of: wonder._id });
const ofHidden = makeArticle({ source_id: hidden._id, flavor: 'wonder' });
const publicIds = [wonder._id, kind._id, fromPaused._id];

test.before(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: BASE } });
  await insertFixtures(ctx.db, { sources: [visible, hidden, paused], articles: [wonder, kind, fromPaused, rejected, duplicate, ofHidden] });
  await storeBrief(ctx, [wonder._id, kind._id, ofHidden._id]);
  await build(ctx);
});
test.after(async () => {
  await ctx.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

test('the sitemap lists exactly home, /today and the accepted non-duplicate visible articles, each with lastmod', async () => {
  const xml = (await distFile(ctx, 'sitemap.xml')) ?? '';
  assert.match(xml, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const expected = [`${BASE}/`, `${BASE}/today`, ...publicIds.map((id) => `${BASE}/a/${id}`)];
  assert.equal(locs(xml).sort(), expected.sort());
  assert.is(xml.match(/<url>/g)?.length, xml.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/g)?.length);
});

test('past the per-file limit the sitemap becomes an index of numbered files holding every URL once', () => {
  const urls = ['/', '/today', '/a/a1', '/a/a2', '/a/a3'].map((p) => ({ path: p, lastmod: new Date('2026-11-20T00:00:00Z') }));
  const files = renderSitemaps(urls, BASE, 2);
  assert.equal([...files.keys()].sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap.xml']);
  const index = files.get('sitemap.xml') ?? '';
  assert.match(index, '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  assert.equal(locs(index), [1, 2, 3].map((n) => `${BASE}/sitemap-${n}.xml`));
  const all = [1, 2, 3].flatMap((n) => locs(files.get(`sitemap-${n}.xml`) ?? ''));
  assert.equal(all, urls.map((u) => BASE + u.path));
});

test('robots.txt allows all and points to the sitemap', async () => {
  const robots = (await distFile(ctx, 'robots.txt')) ?? '';
  assert.match(robots, /^User-agent: \*$/m);
  assert.match(robots, /^Allow: \/$/m);
  assert.match(robots, new RegExp(`^Sitemap: ${BASE}/sitemap\\.xml$`, 'm'));
});

/** The direct children of an element block named `tag`. */
const child = (block: string, tag: string) => new RegExp(`<${tag}[\\s>]`).test(block);

test('the Atom feeds are well-formed and carry the required feed and entry elements (RFC 4287)', async () => {
  for (const stem of ['today', 'wonder', 'people-helping', 'solutions', 'light-only', 'grounded']) {
    const xml = (await distFile(ctx, `feeds/${stem}.atom`)) ?? '';
    const parsed = await new Parser().parseString(xml); // throws on malformed XML
    const head = xml.slice(0, xml.indexOf('<entry>') === -1 ? undefined : xml.indexOf('<entry>'));
    assert.match(head, '<feed xmlns="http://www.w3.org/2005/Atom">', stem);
    for (const tag of ['id', 'title', 'updated', 'author']) assert.ok(child(head, tag), `${stem}: feed <${tag}>`);
    assert.match(head, `<link rel="self" type="application/atom+xml" href="${BASE}/feeds/${stem}.atom"/>`);
    const entries = xml.split('<entry>').slice(1);
    assert.is(entries.length, parsed.items.length, stem);
    for (const entry of entries) for (const tag of ['id', 'title', 'updated', 'link']) assert.ok(child(entry, tag), `${stem}: entry <${tag}>`);
  }
});

test('the JSON Feeds carry version, title and items with id and content (JSON Feed 1.1)', async () => {
  for (const stem of ['today', 'wonder', 'grounded']) {
    const feed = JSON.parse((await distFile(ctx, `feeds/${stem}.json`)) ?? '{}') as Record<string, unknown>;
    assert.is(feed.version, 'https://jsonfeed.org/version/1.1');
    assert.type(feed.title, 'string');
    assert.is(feed.feed_url, `${BASE}/feeds/${stem}.json`);
    assert.ok(Array.isArray(feed.items), stem);
    for (const item of feed.items as Array<Record<string, unknown>>) {
      assert.type(item.id, 'string');
      assert.ok(typeof item.content_text === 'string' || typeof item.content_html === 'string', `${stem}: item content`);
    }
  }
});

test('the today feed is the visible brief; a mood feed holds only that mood’s public articles', async () => {
  const today = JSON.parse((await distFile(ctx, 'feeds/today.json')) ?? '{}') as { items: Array<{ id: string; content_text: string }> };
  assert.equal(today.items.map((i) => i.id), [wonder._id, kind._id].map((id) => `${BASE}/a/${id}`));
  assert.is(today.items[0]?.content_text, 'Stars, seen anew.');
  const mood = JSON.parse((await distFile(ctx, 'feeds/wonder.json')) ?? '{}') as { items: Array<{ id: string }> };
  assert.equal(mood.items.map((i) => i.id), [`${BASE}/a/${wonder._id}`]);
});

test('the OPML lists the active, visible sources with escaped names', async () => {
  const opml = (await distFile(ctx, 'sources.opml')) ?? '';
  assert.match(opml, '<opml version="2.0">');
  assert.match(opml, 'text="Calm &lt;b&gt;Weekly&lt;/b&gt;"');
  assert.not.match(opml, 'Hidden Daily');
  assert.not.match(opml, 'Paused Post');
});

test.run();
