/**
 * SPEC.md "HTML and text pages": the built `/a/<id>` and `/today` pages carry what readers and
 * link previews need, escape every feed-supplied string, and stay small and accessible.
 */
import { gzipSync } from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { escapeHtml } from '../../core/domain/html.ts';
import { offlineSummary, retellTeaser } from '../../core/domain/offline-summary.ts';
import { copiesFrom, OFFLINE_WRITER_VERSION, summaryInputOf } from '../../core/domain/summary.ts';
import { articlesCollection } from '../../core/store/collections.ts';
import { readPoolVersion } from '../../core/store/meta.ts';
import { build, distFile, storeBrief, summaryOf } from './helpers.ts';

const EVIL = '<script>alert(1)</script>';
let ctx: TestContext;
const source = makeSource({ name: 'Good Paper & Co' });
const ready = makeArticle({
  source_id: source._id,
  title: 'Town opens a library',
  url: 'https://paper.example.org/library?a=1&b=2',
  image: 'https://img.example.org/library.jpg',
  why: 'A quiet place for everyone.',
  tags: ['books', 'neighbours'],
  summary: summaryOf('The town opened a library with a reading garden.'),
});
const pending = makeArticle({ source_id: source._id, title: 'Otters return to the river', why: 'Nature coming back.' });
/** A retelling no writer would write of this teaser: a page showing it read it, it did not retell again. */
const storedOffline = {
  retold: [
    { sentence: 'Herons have nested in the stored retelling.', clause: null },
    { sentence: 'The second stored sentence has come too.', clause: 'the second stored sentence has come too' },
  ],
  writer: OFFLINE_WRITER_VERSION,
  written_at: new Date('2026-11-20T13:00:00Z'),
};
const stored = makeArticle({ source_id: source._id, title: 'Herons nest by the mill pond', teaser: 'Two pairs of herons built nests above the pond.', offline_summary: storedOffline });
let versionBefore = 0;
let versionAfter = 0;
const evil = makeArticle({ source_id: source._id, title: `Calm ${EVIL} title`, why: `Why ${EVIL}`, url: 'javascript:alert(1)' });

test.before(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: 'https://tidings.example' } });
  await insertFixtures(ctx.db, { sources: [source], articles: [ready, pending, evil, stored] });
  await storeBrief(ctx, [ready._id, pending._id, evil._id]);
  versionBefore = await readPoolVersion(ctx.db);
  await build(ctx);
  versionAfter = await readPoolVersion(ctx.db);
});
test.after(async () => {
  await ctx.close();
});

test('an /a page has the title, summary, notes, publisher link, source link, chips and self-canonical', async () => {
  const html = (await distFile(ctx, `a/${ready._id}/index.html`)) ?? '';
  assert.match(html, '<h1>Town opens a library</h1>');
  assert.match(html, 'The town opened a library with a reading garden.');
  assert.match(html, 'Why it matters</dt><dd>Everyone gets a quiet place to read.');
  assert.match(html, 'href="https://paper.example.org/library?a=1&amp;b=2"');
  assert.match(html, `href="/?source=${source._id}">Good Paper &amp; Co</a>`);
  assert.match(html, 'href="/?tag=books"');
  assert.match(html, `<link rel="canonical" href="https://tidings.example/a/${ready._id}">`);
  assert.match(html, 'data-copy=');
});

test('an /a page has Open Graph and Twitter metadata, with the why line as description and the image', async () => {
  const html = (await distFile(ctx, `a/${ready._id}/index.html`)) ?? '';
  const expected: Array<[string, string]> = [
    ['og:title', 'Town opens a library'],
    ['og:description', 'A quiet place for everyone.'],
    ['og:url', `https://tidings.example/a/${ready._id}`],
    ['og:image', 'https://img.example.org/library.jpg'],
    ['twitter:card', 'summary_large_image'],
  ];
  for (const [key, value] of expected) {
    assert.match(html, new RegExp(`<meta (property|name)="${key}" content="${value.replace(/[.?]/g, '\\$&')}">`), key);
  }
});

test('a page without a cached summary shows the offline summary in its static HTML, says a richer one needs a model, and loads the island as a deferred module', async () => {
  const html = (await distFile(ctx, `a/${pending._id}/index.html`)) ?? '';
  const offline = offlineSummary(summaryInputOf(pending, source.name));
  assert.ok(html.includes(escapeHtml(offline.summary)), 'the offline summary is in the page');
  assert.ok(html.includes(escapeHtml(offline.what_happened)), 'with its notes');
  assert.match(html, /without a language model; a richer summary needs one/);
  assert.not.match(html, /being written|in a moment/);
  assert.match(html, /<script type="module" src="\/assets\/article\.js\?v=[0-9a-f]{10}"><\/script>/);
  assert.ok(await distFile(ctx, 'assets/article.js'), 'the island script is published');
  // Written once: the build stored what it showed, so no later render writes it again.
  const doc = await articlesCollection(ctx.db).findOne({ _id: pending._id });
  assert.is(doc?.offline_summary?.writer, OFFLINE_WRITER_VERSION);
  assert.equal(doc?.offline_summary?.retold, retellTeaser(pending));
});

test('a build that retells a story moves the pool version (the API reloads the card line at once); a build with nothing to retell moves nothing', async () => {
  assert.ok(versionAfter > versionBefore, `the first build retold two stories: ${versionBefore} -> ${versionAfter}`);
  await build(ctx);
  assert.is(await readPoolVersion(ctx.db), versionAfter, 'every story shown has its retelling stored now');
});

test('a page composes its offline summary from the retelling stored with its article: the build does not retell again', async () => {
  const html = (await distFile(ctx, `a/${stored._id}/index.html`)) ?? '';
  assert.match(html, '<p class="summary" data-summary data-provisional>Herons have nested in the stored retelling. We picked it because');
  assert.match(html, '<dt>What happened</dt><dd>Good Paper &amp; Co also reports that the second stored sentence has come too.</dd>');
  assert.match(html, /without a language model; a richer summary needs one/);
  assert.equal((await articlesCollection(ctx.db).findOne({ _id: stored._id }))?.offline_summary, storedOffline);
});

test('no section of an offline /a page restates another: summary, the three notes, the note on the model (issue 18, item 3)', async () => {
  for (const a of [pending, stored]) {
    const html = (await distFile(ctx, `a/${a._id}/index.html`)) ?? '';
    const sections = [
      ...(html.match(/<p class="summary"[^>]*>([^<]+)<\/p>/)?.slice(1) ?? []),
      ...[...html.matchAll(/<dd>([^<]+)<\/dd>/g)].map((m) => m[1] ?? ''),
      ...(html.match(/<p class="summary-note"[^>]*>([^<]+)<\/p>/)?.slice(1) ?? []),
    ];
    assert.is(sections.length, 5, a.title);
    sections.forEach((x, i) => sections.slice(i + 1).forEach((y) => assert.not.ok(copiesFrom(x, y, 5), `${a.title}:\n  ${x}\n  ${y}`)));
  }
});

test('a title with <script> is escaped on /a, /today, the sitemap, the feeds and the brief JSON', async () => {
  const files = [`a/${evil._id}/index.html`, 'today/index.html', 'index.html', 'sitemap.xml', 'feeds/today.atom', 'feeds/today.json', 'brief.json'];
  for (const rel of files) {
    const text = (await distFile(ctx, rel)) ?? '';
    assert.ok(text.length > 0, `${rel} exists`);
    assert.not.match(text, '<script>alert', rel);
  }
  assert.match((await distFile(ctx, `a/${evil._id}/index.html`)) ?? '', 'Calm &lt;script&gt;alert(1)&lt;/script&gt; title');
  assert.match((await distFile(ctx, 'today/index.html')) ?? '', 'Calm &lt;script&gt;alert(1)&lt;/script&gt; title');
  assert.match((await distFile(ctx, 'feeds/today.atom')) ?? '', 'Calm &lt;script&gt;alert(1)&lt;/script&gt; title');
  const feed = JSON.parse((await distFile(ctx, 'feeds/today.json')) ?? '{}') as { items: Array<{ title: string }> };
  assert.ok(feed.items.some((i) => i.title === `Calm ${EVIL} title`), 'JSON keeps the exact text, \\u-escaped');
});

test('a javascript: publisher URL never becomes a link target', async () => {
  const html = (await distFile(ctx, `a/${evil._id}/index.html`)) ?? '';
  assert.not.match(html, 'javascript:');
  assert.match(html, 'href="#" rel="noopener" data-source-link');
});

test('/today lists the brief: each title links to its /a page, with summary and publisher link', async () => {
  const html = (await distFile(ctx, 'today/index.html')) ?? '';
  assert.match(html, `<a href="/a/${ready._id}">Town opens a library</a>`);
  assert.match(html, 'The town opened a library with a reading garden.');
  assert.match(html, 'href="https://paper.example.org/library?a=1&amp;b=2" rel="noopener">Good Paper &amp; Co</a>');
  assert.match(html, '<link rel="canonical" href="https://tidings.example/today">');
  assert.match(html, '<meta property="og:url" content="https://tidings.example/today">');
  assert.match(html, '<meta name="twitter:card"');
});

test('/a and /today are small, one stylesheet, no render-blocking script, landmarks and one h1', async () => {
  for (const rel of [`a/${ready._id}/index.html`, 'today/index.html']) {
    const html = (await distFile(ctx, rel)) ?? '';
    assert.ok(gzipSync(html).length < 20 * 1024, `${rel} under 20 KB gzipped`);
    assert.is(html.match(/<link rel="stylesheet"/g)?.length, 1, `${rel}: one stylesheet`);
    for (const tag of html.match(/<script[^>]*>/g) ?? []) assert.match(tag, /type="module"|defer/, `${rel}: ${tag} does not block`);
    assert.not.match(html, /<style|style="/, `${rel}: no inline styles`);
    assert.match(html, '<html lang="en">');
    assert.match(html, '<main id="main">');
    assert.is(html.match(/<h1[ >]/g)?.length, 1, `${rel}: one h1`);
  }
});

test('the stylesheet honours prefers-color-scheme and prefers-reduced-motion', async () => {
  const css = (await distFile(ctx, 'assets/site.css')) ?? '';
  assert.match(css, '@media (prefers-color-scheme:dark)');
  assert.match(css, '@media (prefers-reduced-motion:reduce)');
});

test('the home page carries the brief as the app draws it, before any JavaScript, with its JSON beside it; no page carries a build timestamp', async () => {
  const html = (await distFile(ctx, 'index.html')) ?? '';
  const app = html.slice(html.indexOf('<div id="app">'), html.indexOf('<script type="application/json" id="brief-data">'));
  const ids = [...app.matchAll(/<article class="card[^"]*" aria-labelledby="t-([^"]+)" data-id="([^"]+)"/g)].map((m) => m[2]);
  // The story with a javascript: link is left out, as the app leaves it out (app/lib/cards.ts).
  assert.equal(ids, [ready._id, pending._id], 'the brief\'s cards, in order, the lead first');
  assert.match(app, '<article class="card hero"');
  for (const id of ids) assert.match(app, `<a href="/a/${id}" aria-keyshortcuts="o">`, 'each title links to its /a page');
  // An empty alt is written `alt` or `alt=""` (the same attribute to a browser).
  assert.match(app, /<img class="card-image" src="https:\/\/img\.example\.org\/library\.jpg" alt(="")? width="960" height="540" loading="eager" fetchpriority="high"/, 'the lead image has its space reserved');
  assert.match(app, '<p class="why">The town opened a library with a reading garden.</p>', 'the cached summary\'s first sentence as the line');
  assert.match(app, `href="/?source=${source._id}">Good Paper &amp; Co</a>`);
  assert.match(app, /<nav class="lanes" aria-label="Lanes">.*Highlights.*Latest.*Calm Filters/s, 'the lane bar the app draws first');
  assert.not.match(app, /<time[^>]*>[^<]*ago</, 'dates are plain dates, never relative, on a static page');
  const json = html.slice(html.indexOf('id="brief-data">') + 'id="brief-data">'.length, html.lastIndexOf('</script>'));
  assert.equal((JSON.parse(json) as { items: Array<{ id: string }> }).items.map((i) => i.id), [...ids, evil._id], 'the brief the app renders over the cards');
  assert.equal(JSON.parse(json), JSON.parse((await distFile(ctx, 'brief.json')) ?? '{}'), 'the same brief as /brief.json');
  const again = await build(ctx, new Date('2026-11-22T08:00:00Z'));
  assert.is(again.written, 0, 'a rebuild at a later time with the same data writes nothing');
});

test.run();
