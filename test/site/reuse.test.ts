/**
 * Issue 11 (build.incremental_ratio): a rebuild keeps the files outside `/a` whose inputs did not
 * change (the Eleventy pages and assets, the reader bundle, the brief JSON and feeds) instead of
 * rendering them again, and still renders them when their inputs change or they left `dist`.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listFiles } from '../../site/_includes/publish.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { build, distFile, storeBrief } from './helpers.ts';

let ctx: TestContext;
const source = makeSource({ name: 'Reuse Source' });
const initial = Array.from({ length: 12 }, () => makeArticle({ source_id: source._id }));
/** Files rendered at every build from the whole pool (never kept). */
// Made at every build from the site's settings (written only when their bytes change): never counted as reused.
const ALWAYS = new Set(['sitemap.xml', 'robots.txt', 'sources.opml', 'manifest.webmanifest']);

test.before(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db, { sources: [source], articles: initial });
  await storeBrief(ctx, initial.slice(0, 7).map((a) => a._id));
  const first = await build(ctx);
  assert.is(first.reused, 0, 'a first build has nothing to keep');
});
test.after(async () => {
  await ctx.close();
});

test('adding articles keeps every file outside /a but the sitemap, robots.txt, the OPML and the manifest', async () => {
  await insertFixtures(ctx.db, { articles: [makeArticle({ source_id: source._id }), makeArticle({ source_id: source._id })] });
  const outside = (await listFiles(ctx.config.distDir, new Set(['a']))).filter((rel) => !ALWAYS.has(rel));
  assert.ok(outside.includes(path.join('today', 'index.html')) && outside.includes('brief.json') && outside.includes('sw.js'));
  const result = await build(ctx);
  assert.is(result.rendered, 2);
  assert.is(result.reused, outside.length);
  assert.is(result.written, 3, 'the two pages and the sitemap');
});

test('a kept file removed from dist is rendered again at the next build', async () => {
  await rm(path.join(ctx.config.distDir, 'today', 'index.html'));
  await rm(path.join(ctx.config.distDir, 'sw.js'));
  const result = await build(ctx);
  assert.ok(await distFile(ctx, 'today/index.html'), '/today is back');
  assert.ok(await distFile(ctx, 'sw.js'), 'the service worker is back');
  assert.is(result.written, 2);
});

test('a new brief renders /today, the brief JSON and the feeds again', async () => {
  const fresh = makeArticle({ source_id: source._id, title: 'A freshly briefed story' });
  await insertFixtures(ctx.db, { articles: [fresh] });
  await storeBrief(ctx, [fresh._id, ...initial.slice(0, 6).map((a) => a._id)], new Date('2026-11-21T07:30:00Z'));
  const result = await build(ctx);
  assert.match((await distFile(ctx, 'today/index.html')) ?? '', `/a/${fresh._id}`);
  assert.match((await distFile(ctx, 'brief.json')) ?? '', fresh._id);
  assert.match((await distFile(ctx, 'feeds/today.atom')) ?? '', fresh._id);
  const outside = (await listFiles(ctx.config.distDir, new Set(['a']))).filter((rel) => rel.startsWith('app') || rel === 'sw.js');
  assert.is(result.reused, outside.length, 'only the reader bundle is kept');
});

test.run();
