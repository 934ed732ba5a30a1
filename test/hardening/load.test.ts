/**
 * Load, short variant for `npm test` (the full 60 s / 10,000-article run is the soak section of `npm run bench`):
 * 2,000 seeded articles, 30 concurrent clients over real HTTP on loopback for 8 s, each mixing feed,
 * brief, replacement, summary and event requests. Properties: zero errors (no 5xx, no failed
 * connection), bounded heap growth, and afterwards the events collection holds exactly one row per
 * distinct (day, visitor, kind, article) the clients sent, however often they sent it.
 */
import { serveApp, type Listening } from '../../api/server.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { checkEventRows, runMixedLoad } from '../../scripts/bench/mixed-load.ts';

const ARTICLES = 2000;
const CLIENTS = 30;
const DURATION_MS = 8000;
const HEAP_GROWTH_LIMIT = 200 * 1024 * 1024;

let ctx: TestContext;
let server: Listening;
let base: string;
let ids: string[];

test.before(async () => {
  ctx = await createTestContext();
  const sources = Array.from({ length: 10 }, (_, i) => makeSource({ _id: `load-${i}`, name: `Load ${i}` }));
  const topics = ['science', 'nature', 'community', 'culture', 'learning', 'technology'];
  const docs: ArticleDoc[] = Array.from({ length: ARTICLES }, (_, i) =>
    makeArticle({ source_id: sources[i % 10]!._id, topic: topics[i % topics.length]!, cortisol: i % 4, ragebait: i % 3, title: `Load story ${i} about gardens and comets` }),
  );
  await insertFixtures(ctx.db, { sources });
  for (let i = 0; i < docs.length; i += 500) await insertFixtures(ctx.db, { articles: docs.slice(i, i + 500) });
  ids = docs.map((d) => d._id);
  const at = new Date('2026-11-20T08:00:00Z');
  await ctx.db.collection<BriefDoc>('briefs').insertOne({ _id: 'current', item_ids: docs.filter((d) => d.cortisol === 0).slice(0, 7).map((d) => d._id), generated_at: at, checked_at: at });
  await bumpPoolVersion(ctx.db);
  server = await serveApp(ctx.app, 0, '127.0.0.1');
  base = server.url;
});
test.after(async () => {
  server.server.closeAllConnections();
  await server.close();
  await ctx.close();
});

test(`${CLIENTS} clients for ${DURATION_MS / 1000} s over ${ARTICLES} articles: zero errors, bounded heap, exact event rows`, async () => {
  // Warm up the read model so the heap baseline includes it.
  assert.is((await fetch(`${base}/api/feed`)).status, 200);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const run = await runMixedLoad(base, ids, CLIENTS, DURATION_MS);
  global.gc?.();
  const growth = process.memoryUsage().heapUsed - heapBefore;
  console.log(`load: ${run.requests} requests (${Math.round(run.requests / (DURATION_MS / 1000))}/s), ${run.events} events, ${run.sent.length} distinct, heap +${Math.round(growth / 1048576)} MiB`);
  assert.equal(run.errors.slice(0, 10), []);
  assert.ok(run.requests > CLIENTS * 5, `only ${run.requests} requests`);
  assert.ok(growth < HEAP_GROWTH_LIMIT, `heap grew by ${Math.round(growth / 1048576)} MiB`);
  // Events are written before the 204, so the collection is complete now.
  const rows = await checkEventRows(ctx.db, run.sent);
  assert.is(rows.duplicates, 0, 'no duplicate rows');
  assert.ok(rows.exact, `one row per distinct (visitor, kind, article): ${rows.rows} rows for ${run.sent.length} tuples`);
});

test.run();
