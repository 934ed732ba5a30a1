/**
 * The build's copy of the public pool (site/_includes/pool-sync.ts): what a rebuild reads, when it
 * falls back to a scan of the whole pool, and the build record that carries the copy between
 * processes.
 */
import { copyFile, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { articlesCollection } from '../../core/store/collections.ts';
import { insertArticles } from '../../core/store/articles.ts';
import { countUnmarkedPool, databaseToken } from '../../core/store/site.ts';
import { saveSummary } from '../../core/store/summaries.ts';
import { MARGIN_MS, RESCAN_MS, syncPool, type PoolSync, type PoolView } from '../../site/_includes/pool-sync.ts';
import { readState, writeState } from '../../site/_includes/state.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { summaryOf } from './helpers.ts';

let ctx: TestContext;
let token: string;
const source = makeSource();
const article = (overrides: Partial<ArticleDoc> = {}) => makeArticle({ source_id: source._id, ...overrides });

/** One sync at wall-clock `at` (ms), counting the unmarked articles first as the build does. */
async function sync(previous: PoolView | null, at = Date.now(), full = false): Promise<PoolSync> {
  return syncPool({ db: ctx.db, previous, token, full, unmarked: await countUnmarkedPool(ctx.db), clock: () => at });
}

/** A fresh pool of `n` bulk-inserted articles and its first (full) sync. */
async function freshPool(n: number): Promise<{ ids: string[]; view: PoolView }> {
  await articlesCollection(ctx.db).deleteMany({});
  const docs = Array.from({ length: n }, () => article());
  await insertFixtures(ctx.db, { articles: docs });
  const first = await sync(null, Date.now(), true);
  assert.is(first.kind, 'full');
  return { ids: docs.map((d) => d._id), view: first.view };
}

test.before(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db, { sources: [source] });
  token = await databaseToken(ctx.db);
});
test.after(async () => {
  await ctx.close();
});

test('the database token is made once and kept', async () => {
  assert.is(await databaseToken(ctx.db), token);
  const other = await createTestContext();
  try {
    assert.is.not(await databaseToken(other.db), token);
  } finally {
    await other.close();
  }
});

test('bulk-inserted articles without a marker are found by the count, without a scan', async () => {
  const { view } = await freshPool(12);
  const added = [article(), article()];
  await insertFixtures(ctx.db, { articles: added });
  const next = await sync(view);
  assert.is(next.kind, 'changes');
  assert.is(next.view.rows.size, 14);
  assert.equal(next.docs.map((d) => d._id).sort(), added.map((a) => a._id).sort(), 'their full articles, for rendering');
});

test('marked changes are read, and an article leaving the pool leaves the copy', async () => {
  const { ids, view } = await freshPool(8);
  const [stored] = [article()];
  await insertArticles(ctx.db, [stored!]);
  assert.ok(await saveSummary(ctx.db, ids[0]!, summaryOf('Kept for later.')));
  await articlesCollection(ctx.db).updateOne({ _id: ids[1] }, { $set: { accepted: false, changed_at: new Date() } });
  const next = await sync(view);
  assert.is(next.kind, 'changes');
  assert.ok(next.view.rows.has(stored!._id));
  assert.ok(next.view.rows.get(ids[0]!)?.summary_at, 'the summary is in the row');
  assert.not.ok(next.view.rows.has(ids[1]!));
  assert.is(next.view.rows.size, 8);
});

test('a write marked shortly before the last read (in flight then) is read at the next sync', async () => {
  const { view } = await freshPool(5);
  const late = article();
  await insertFixtures(ctx.db, { articles: [{ ...late, changed_at: new Date(view.checked - MARGIN_MS / 2) }] });
  const next = await sync(view);
  assert.is(next.kind, 'changes');
  assert.ok(next.view.rows.has(late._id));
});

test('an unmarked article leaving the pool without a marker is caught by a scan', async () => {
  const { ids, view } = await freshPool(6);
  await articlesCollection(ctx.db).updateOne({ _id: ids[2] }, { $set: { duplicate_of: ids[3] } });
  const next = await sync(view);
  assert.is(next.kind, 'scan');
  assert.not.ok(next.view.rows.has(ids[2]!));
  assert.is(next.view.rows.size, 5);
});

test('an unmarked article marked after the count makes the check fail into a scan, losing nothing', async () => {
  const { ids, view } = await freshPool(6);
  const early = article();
  await insertFixtures(ctx.db, { articles: [early] });
  const counted = await countUnmarkedPool(ctx.db);
  // Marked between the count and the reads: the known unmarked articles shift in natural order.
  assert.ok(await saveSummary(ctx.db, ids[5]!, summaryOf('Written meanwhile.')));
  const next = await syncPool({ db: ctx.db, previous: view, token, full: false, unmarked: counted, clock: Date.now });
  assert.is(next.kind, 'scan');
  assert.ok(next.view.rows.has(early._id));
  assert.ok(next.view.rows.get(ids[5]!)?.summary_at);
});

test('a copy from another database, or whose last scan is an hour old, is scanned again', async () => {
  const { view } = await freshPool(3);
  assert.is((await syncPool({ db: ctx.db, previous: view, token: 'another-database', full: false, unmarked: 3, clock: Date.now })).kind, 'scan');
  assert.is((await sync(view, view.scanned + RESCAN_MS - 60_000)).kind, 'changes');
  assert.is((await sync(view, view.scanned + RESCAN_MS)).kind, 'scan');
});

test('more changes than a fifth of the pool are read by one light scan', async () => {
  const { ids, view } = await freshPool(1200);
  await articlesCollection(ctx.db).updateMany({ _id: { $in: ids.slice(0, 1001) } }, { $set: { changed_at: new Date() } });
  const next = await sync(view);
  assert.is(next.kind, 'scan');
  assert.is(next.view.rows.size, 1200);
});

test('the build record carries the copy to another process unchanged', async () => {
  const { view } = await freshPool(4);
  await saveSummary(ctx.db, [...view.rows.keys()][0]!, summaryOf('Notes and all.'));
  const { view: synced } = await sync(view);
  const dir = await mkdtemp(path.join(ctx.tmpDir, 'state-'));
  const file = path.join(dir, 'state.json');
  await writeState(file, { key: 'k', pages: { a: { s: '1|2|0|S', h: 'ff' } }, pool: synced });
  // A copy under another name is parsed, not taken from this process's memory.
  const copy = path.join(dir, 'copy.json');
  await copyFile(file, copy);
  const read = await readState(copy, 'k');
  assert.equal(read.pages, { a: { s: '1|2|0|S', h: 'ff' } });
  assert.ok(read.pool);
  assert.equal({ ...read.pool, rows: [...read.pool.rows.values()] }, { ...synced, rows: [...synced.rows.values()] });
  assert.equal((await readState(copy, 'another key')).pages, {}, 'a record made under another key is not used');
});

test.run();
