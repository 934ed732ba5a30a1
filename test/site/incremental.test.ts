/**
 * Issue "rebuild job": a rebuild rewrites only pages whose content changed (adding N articles to a
 * built site changes about N `/a` files), and hiding a source removes its articles from `/today`,
 * the brief JSON, the sitemap and the feeds at the next build.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { saveSummary } from '../../core/store/summaries.ts';
import { listFiles } from '../../site/_includes/publish.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { build, distFile, storeBrief, summaryOf } from './helpers.ts';

let ctx: TestContext;
const kept = makeSource({ name: 'Kept Source' });
const toHide = makeSource({ name: 'Soon Hidden' });
const flavors = ['wonder', 'heartwarming', 'constructive', 'light', 'grounded'];
const initial: ArticleDoc[] = Array.from({ length: 20 }, (_, i) =>
  makeArticle({ source_id: i % 4 === 0 ? toHide._id : kept._id, flavor: flavors[i % flavors.length] ?? 'light' }));
const hiddenIds = initial.filter((a) => a.source_id === toHide._id).map((a) => a._id);

/** Hash and mtime of every file in dist. */
async function snapshot(): Promise<Map<string, { hash: string; mtimeMs: number }>> {
  const out = new Map<string, { hash: string; mtimeMs: number }>();
  for (const rel of await listFiles(ctx.config.distDir)) {
    const file = path.join(ctx.config.distDir, rel);
    out.set(rel, { hash: createHash('sha256').update(await readFile(file)).digest('hex'), mtimeMs: (await stat(file)).mtimeMs });
  }
  return out;
}

function changed(before: Map<string, { hash: string; mtimeMs: number }>, after: Map<string, { hash: string; mtimeMs: number }>): string[] {
  return [...after].filter(([rel, v]) => before.get(rel)?.hash !== v.hash || before.get(rel)?.mtimeMs !== v.mtimeMs).map(([rel]) => rel).sort();
}

test.before(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db, { sources: [kept, toHide], articles: initial });
  await storeBrief(ctx, initial.slice(0, 7).map((a) => a._id));
  await build(ctx);
});
test.after(async () => {
  await ctx.close();
});

test('adding N articles to a built site writes exactly those N /a pages and touches no other /a page', async () => {
  const before = await snapshot();
  const added = Array.from({ length: 5 }, () => makeArticle({ source_id: kept._id, published_at: new Date('2026-11-21T07:00:00Z') }));
  await insertFixtures(ctx.db, { articles: added });
  const result = await build(ctx);
  const after = await snapshot();
  const pages = changed(before, after).filter((rel) => rel.startsWith(`a${path.sep}`));
  assert.equal(pages, added.map((a) => path.join('a', a._id, 'index.html')).sort());
  assert.is(result.rendered, 5, 'only the new pages were rendered');
  // Beside the pages: the sitemap and the feeds the new articles entered; never the templated pages.
  const others = changed(before, after).filter((rel) => !rel.startsWith(`a${path.sep}`));
  assert.ok(others.includes('sitemap.xml'));
  assert.ok(others.every((rel) => rel === 'sitemap.xml' || rel.startsWith(`feeds${path.sep}`)), others.join(', '));
});

test('a summary cached since the last build rewrites that one page only', async () => {
  const target = initial[5];
  assert.ok(target);
  const before = await snapshot();
  assert.ok(await saveSummary(ctx.db, target._id, summaryOf('A freshly written summary.')));
  await build(ctx);
  const after = await snapshot();
  const pages = changed(before, after).filter((rel) => rel.startsWith(`a${path.sep}`));
  assert.equal(pages, [path.join('a', target._id, 'index.html')]);
  assert.match((await distFile(ctx, `a/${target._id}/index.html`)) ?? '', 'A freshly written summary.');
});

test('a lost build record costs a re-render but rewrites no unchanged page', async () => {
  const before = await snapshot();
  const { rm } = await import('node:fs/promises');
  await rm(path.join(ctx.config.dataDir, 'build'), { recursive: true, force: true });
  const result = await build(ctx);
  assert.is(result.rendered, 25);
  // Only the mood feeds may move: their remembered selection went with the record.
  const moved = changed(before, await snapshot());
  assert.ok(moved.every((rel) => rel.startsWith(`feeds${path.sep}`)), moved.join(', '));
});

test('mood feeds take in new articles at the brief cadence: after 15 minutes or a new brief, not at every build', async () => {
  const fresh = makeArticle({ source_id: kept._id, flavor: 'wonder', tags: ['space'], published_at: new Date('2026-11-21T07:30:00Z') });
  await insertFixtures(ctx.db, { articles: [fresh] });
  const feed = async () => (await distFile(ctx, 'feeds/wonder.json')) ?? '';
  await build(ctx, new Date('2026-11-21T08:05:00Z'));
  assert.ok(await distFile(ctx, `a/${fresh._id}/index.html`), 'its page is published at once');
  assert.not.match(await feed(), fresh._id);
  await build(ctx, new Date('2026-11-21T08:16:00Z'));
  assert.match(await feed(), fresh._id);
});

test('hiding a source removes its articles from /today, the brief JSON, the sitemap, the feeds and /a', async () => {
  for (const id of hiddenIds) assert.ok(await distFile(ctx, `a/${id}/index.html`), 'built while visible');
  await sourcesCollection(ctx.db).updateOne({ _id: toHide._id }, { $set: { content_visible: false } });
  const result = await build(ctx);
  assert.ok(result.removed >= hiddenIds.length);
  const today = (await distFile(ctx, 'today/index.html')) ?? '';
  const brief = JSON.parse((await distFile(ctx, 'brief.json')) ?? '{}') as { items: Array<{ id: string; source_id: string }> };
  const sitemap = (await distFile(ctx, 'sitemap.xml')) ?? '';
  assert.ok(brief.items.length > 0, 'the visible items stay');
  assert.ok(brief.items.every((i) => i.source_id === kept._id));
  for (const id of hiddenIds) {
    assert.not.match(today, `/a/${id}`);
    assert.not.match(sitemap, `/a/${id}`);
    assert.is(await distFile(ctx, `a/${id}/index.html`), null);
    for (const rel of await listFiles(path.join(ctx.config.distDir, 'feeds'))) {
      assert.not.match((await distFile(ctx, `feeds/${rel}`)) ?? '', id, rel);
    }
  }
  assert.not.match(today, 'Soon Hidden');
});

test.run();
