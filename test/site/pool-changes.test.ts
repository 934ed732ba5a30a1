/**
 * Issue 11 (build.incremental_ratio): a rebuild reads only the articles changed since the last build
 * (their change marker, and the count of unmarked ones), and after every kind of change a writer
 * makes it publishes exactly what a full build from scratch publishes: new articles (marked by the
 * store or bulk-inserted without a marker), a summary cached, a canonical replaced by a better copy,
 * a source hidden and shown again, a source paused, an article re-seeded as rejected, a new brief.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MongoClient, type CommandSucceededEvent } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { seed } from '../../core/pipeline/seed.ts';
import { setSourceStatus, setSourceVisibility } from '../../core/store/admin-sources.ts';
import { insertArticles, replaceCanonical } from '../../core/store/articles.ts';
import { saveSummary } from '../../core/store/summaries.ts';
import { listFiles } from '../../site/_includes/publish.ts';
import { buildSite, type BuildResult } from '../../site/build.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { storeBrief, summaryOf } from './helpers.ts';

let ctx: TestContext;
const calm = makeSource({ name: 'Calm Weekly' });
const toHide = makeSource({ name: 'Hidden Soon' });
const toPause = makeSource({ name: 'Paused Soon', feed_url: 'https://paused.example.org/feed.xml' });
const flavors = ['wonder', 'heartwarming', 'constructive', 'light', 'grounded'];
const initial: ArticleDoc[] = Array.from({ length: 15 }, (_, i) =>
  makeArticle({ source_id: [calm, toHide, toPause][i % 3]!._id, flavor: flavors[i % flavors.length]!, tags: i % 2 ? ['space'] : ['kindness'] }));
/** Each step builds 16 minutes after the last, so the mood feeds re-select as a fresh build does. */
let step = 0;
const nextNow = () => new Date(Date.UTC(2026, 10, 21, 8, 0) + ++step * 16 * 60_000);

/** Build into the context's dist (incrementally after the first build). */
const incremental = (now: Date): Promise<BuildResult> => buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now });

/** Every file of a dist directory with its bytes. */
async function tree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const rel of (await listFiles(dir)).sort()) out.set(rel, await readFile(path.join(dir, rel), 'utf8'));
  return out;
}

/** Rebuild incrementally, build from scratch into a new dist, and require the same files and bytes. */
async function assertSameAsFullBuild(change: string): Promise<BuildResult> {
  const now = nextNow();
  const result = await incremental(now);
  assert.is(result.pool, 'changes', `${change}: the rebuild read only the changes`);
  const fresh = await mkdtemp(path.join(ctx.tmpDir, 'full-'));
  const full = await buildSite({ db: ctx.db, config: { ...ctx.config, distDir: fresh }, log: ctx.log, now });
  assert.is(full.pool, 'full');
  const [got, want] = await Promise.all([tree(ctx.config.distDir), tree(fresh)]);
  assert.equal([...got.keys()], [...want.keys()], `${change}: the same files`);
  for (const [rel, text] of want) assert.ok(got.get(rel) === text, `${change}: ${rel} differs from a full build`);
  return result;
}

const pagePath = (id: string) => path.join(ctx.config.distDir, 'a', id, 'index.html');
const page = (id: string) => readFile(pagePath(id), 'utf8').catch(() => null);

test.before(async () => {
  ctx = await createTestContext();
  // Bulk-inserted around the store: no change markers.
  await insertFixtures(ctx.db, { sources: [calm, toHide, toPause], articles: initial });
  await storeBrief(ctx, initial.slice(0, 7).map((a) => a._id));
  const first = await incremental(nextNow());
  assert.is(first.pool, 'full');
});
test.after(async () => {
  await ctx.close();
});

test('articles stored by ingestion (marked) and by a bulk insert (unmarked) are published like a full build', async () => {
  const ingested = [makeArticle({ source_id: calm._id, flavor: 'wonder', tags: ['space'] }), makeArticle({ source_id: toHide._id })];
  const dup = makeArticle({ source_id: calm._id, duplicate_of: ingested[0]!._id });
  assert.is((await insertArticles(ctx.db, [...ingested, dup])).length, 3);
  const bulk = [makeArticle({ source_id: toPause._id, flavor: 'light' }), makeArticle({ source_id: calm._id, flavor: 'grounded' })];
  await insertFixtures(ctx.db, { articles: bulk });
  const result = await assertSameAsFullBuild('new articles');
  assert.is(result.rendered, 4);
  for (const a of [...ingested, ...bulk]) assert.ok(await page(a._id), 'its page is published');
  assert.is(await page(dup._id), null, 'a duplicate has no page');
});

test('a summary cached on a bulk-inserted article is baked into its page', async () => {
  const target = initial[4]!;
  assert.ok(await saveSummary(ctx.db, target._id, summaryOf('The meadow is blooming again.')));
  const result = await assertSameAsFullBuild('summary');
  assert.is(result.rendered, 1);
  assert.match((await page(target._id)) ?? '', 'The meadow is blooming again.');
});

test('a better copy replacing a canonical takes the old article out of every file', async () => {
  const old = initial[1]!;
  const better = makeArticle({ source_id: calm._id, title: 'The better told story' });
  await insertArticles(ctx.db, [better]);
  await replaceCanonical(ctx.db, old._id, better._id, new Date());
  await assertSameAsFullBuild('canonical replaced');
  assert.is(await page(old._id), null);
  assert.ok(await page(better._id));
});

test('a source hidden by the admin leaves the site, and comes back when shown', async () => {
  // (initial[1] was replaced by a better copy above.)
  const ofHidden = initial.filter((a) => a.source_id === toHide._id && a !== initial[1]).map((a) => a._id);
  await setSourceVisibility(ctx.db, toHide._id, false, new Date());
  const hidden = await assertSameAsFullBuild('source hidden');
  assert.ok(hidden.removed >= ofHidden.length);
  for (const id of ofHidden) assert.is(await page(id), null);
  await setSourceVisibility(ctx.db, toHide._id, true, new Date());
  const shown = await assertSameAsFullBuild('source shown');
  assert.ok(shown.rendered >= ofHidden.length);
  for (const id of ofHidden) assert.ok(await page(id));
});

test('a paused source leaves the OPML and keeps its articles', async () => {
  await setSourceStatus(ctx.db, toPause._id, 'paused', new Date());
  await assertSameAsFullBuild('source paused');
  assert.not.match((await readFile(path.join(ctx.config.distDir, 'sources.opml'), 'utf8')), 'Paused Soon');
  assert.ok(await page(initial[2]!._id));
});

test('an article re-seeded as rejected and a source renamed by the seed are rebuilt like a full build', async () => {
  const target = initial[3]!;
  const report = await seed(ctx.db, {
    sources: [{ name: 'Paused Soon, Renamed', feed_url: toPause.feed_url, status: 'paused' }],
    articles: [{ source: calm._id, url: target.url, title: target.title, topic: 'community', tags: ['kindness'], flavor: 'heartwarming', cortisol: 1, ragebait: 0, promotional: 0, accepted: false }],
  }, new Date());
  assert.equal(report.invalid, []);
  await assertSameAsFullBuild('re-seeded');
  assert.is(await page(target._id), null);
  assert.match((await page(initial[5]!._id)) ?? '', 'Paused Soon, Renamed');
});

test('a new brief is published like a full build', async () => {
  await storeBrief(ctx, initial.slice(6, 13).map((a) => a._id), new Date('2026-11-21T09:00:00Z'));
  await assertSameAsFullBuild('new brief');
});

test('a rebuild after adding articles reads those articles, not the pool', async () => {
  // A database of its own: here the changes of the tests above would be read again (the margin).
  const other = await createTestContext();
  const uri = `mongodb://${other.client.options.hosts.map((h) => h.toString()).join(',')}/`;
  const watcher = new MongoClient(uri, { monitorCommands: true });
  let returned = 0;
  watcher.on('commandSucceeded', (event: CommandSucceededEvent) => {
    const reply: unknown = event.reply;
    const cursor = typeof reply === 'object' && reply !== null && 'cursor' in reply ? reply.cursor : null;
    if (typeof cursor !== 'object' || cursor === null || !('ns' in cursor) || cursor.ns !== `${other.db.databaseName}.articles`) return;
    const batch = 'firstBatch' in cursor ? cursor.firstBatch : 'nextBatch' in cursor ? cursor.nextBatch : null;
    if (Array.isArray(batch)) returned += batch.length;
  });
  try {
    const source = makeSource();
    await insertFixtures(other.db, { sources: [source], articles: Array.from({ length: 30 }, () => makeArticle({ source_id: source._id })) });
    await watcher.connect();
    const db = watcher.db(other.db.databaseName);
    const first = await buildSite({ db, config: other.config, log: other.log, now: nextNow() });
    assert.is(returned, 30, 'a first build reads the pool once');
    returned = 0;
    await insertArticles(other.db, [makeArticle({ source_id: source._id }), makeArticle({ source_id: source._id })]);
    await insertFixtures(other.db, { articles: [makeArticle({ source_id: source._id })] });
    const result = await buildSite({ db, config: other.config, log: other.log, now: nextNow() });
    assert.is(first.articles, 30);
    assert.is(result.articles, 33);
    assert.is(result.rendered, 3);
    assert.is(returned, 3, 'the three new articles, nothing else');
  } finally {
    await watcher.close();
    await other.close();
  }
});

test.run();
