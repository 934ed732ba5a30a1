/**
 * Load, short variant for `npm test` (the full 60 s / 10,000-article run belongs to `npm run bench`):
 * 2,000 seeded articles, 30 concurrent clients over real HTTP on loopback for 8 s, each mixing feed,
 * brief, replacement, summary and event requests. Properties: zero errors (no 5xx, no failed
 * connection), bounded heap growth, and afterwards the events collection holds exactly one row per
 * distinct (day, visitor, kind, article) the clients sent, however often they sent it.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';

const ARTICLES = 2000;
const CLIENTS = 30;
const DURATION_MS = 8000;
const HEAP_GROWTH_LIMIT = 200 * 1024 * 1024;

let ctx: TestContext;
let server: ServerType;
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
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.after(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
  await ctx.close();
});

test(`${CLIENTS} clients for ${DURATION_MS / 1000} s over ${ARTICLES} articles: zero errors, bounded heap, exact event rows`, async () => {
  // Warm up the read model so the heap baseline includes it.
  assert.is((await fetch(`${base}/api/feed`)).status, 200);
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const errors: string[] = [];
  const sent = new Set<string>();
  const counts = { requests: 0, events: 0 };
  const deadline = Date.now() + DURATION_MS;
  const kinds = ['open', 'summary_viewed', 'visit', 'full_story', 'replace_used'];

  const client = async (n: number) => {
    const visitor = `load-visitor-${n}-${'x'.repeat(20)}`;
    let step = 0;
    while (Date.now() < deadline) {
      step += 1;
      const id = ids[(n * 37 + step * 11) % 60]!; // a small hot set, so events repeat
      const roll = step % 6;
      let res: Response;
      try {
        if (roll === 0) res = await fetch(`${base}/api/feed?offset=${(step * 20) % 400}&sort=${step % 2 ? 'latest' : 'ranked'}`);
        else if (roll === 1) res = await fetch(`${base}/api/brief?prefs=${encodeURIComponent(JSON.stringify({ mute_topics: ['culture'] }))}`);
        else if (roll === 2) res = await fetch(`${base}/api/replacement?exclude=${ids.slice(0, 7).join(',')}`);
        else if (roll === 3) res = await fetch(`${base}/api/summary/${id}`);
        else {
          const kind = kinds[step % kinds.length]!;
          const articleId = kind === 'visit' ? null : id;
          res = await fetch(`${base}/api/events`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ kind, article_id: articleId, visitor }) });
          if (res.status === 204) sent.add(`${visitor}|${kind}|${articleId}`);
          counts.events += 1;
        }
        await res.arrayBuffer();
        counts.requests += 1;
        if (res.status >= 500 || (res.status >= 400 && res.status !== 404)) errors.push(`${res.url} → ${res.status}`);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  global.gc?.();
  const growth = process.memoryUsage().heapUsed - heapBefore;
  console.log(`load: ${counts.requests} requests (${Math.round(counts.requests / (DURATION_MS / 1000))}/s), ${counts.events} events, ${sent.size} distinct, heap +${Math.round(growth / 1048576)} MiB`);
  assert.equal(errors.slice(0, 10), []);
  assert.ok(counts.requests > CLIENTS * 5, `only ${counts.requests} requests`);
  assert.ok(growth < HEAP_GROWTH_LIMIT, `heap grew by ${Math.round(growth / 1048576)} MiB`);
  // Events are written before the 204, so the collection is complete now. The run may straddle
  // UTC midnight; then a tuple legitimately has one row per day.
  const rows = await ctx.db.collection('events').find({}).toArray();
  const days = new Set(rows.map((r) => String(r.day)));
  const distinctRows = new Set(rows.map((r) => `${r.day}|${r.visitor_hash}|${r.kind}|${r.article_id}`));
  assert.is(distinctRows.size, rows.length, 'no duplicate rows');
  if (days.size === 1) assert.is(rows.length, sent.size, 'one row per distinct (visitor, kind, article)');
  else assert.ok(rows.length >= sent.size && rows.length <= sent.size * 2);
});

test.run();
