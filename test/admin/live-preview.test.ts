import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALL_INDEXES } from '../../core/store/schema.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { readPreview } from '../../app/lib/admin-answers.ts';
import { as, signIn } from './helpers.ts';

let ctx: TestContext;
let admin: ReturnType<typeof as>;
let server: http.Server;
let hits = 0;

// The embedded database has no listCollections: every collection the schema knows, plus the ones
// written without indexes of their own.
const COLLECTIONS = [...new Set([...ALL_INDEXES.map((i) => i.collection), 'sources', 'articles', 'meta', 'briefs', 'events', 'feedback', 'feedback_replies', 'users', 'sessions', 'candidates', 'migrations', 'saved', 'history'])];

async function snapshotAll(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of COLLECTIONS) out[name] = await ctx.db.collection(name).find({}).sort({ _id: 1 }).toArray();
  return out;
}

test.before(async () => {
  server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Live Feed</title>
<item><title>Gardeners share seeds with the whole street</title><link>https://news.example.org/seeds</link><pubDate>${new Date().toUTCString()}</pubDate></item>
<item><title>A museum lends telescopes to families</title><link>https://news.example.org/telescopes</link><pubDate>${new Date().toUTCString()}</pubDate></item>
</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx = await createTestContext();
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
});
test.after(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('the live preview of a source returns a preview and leaves every collection unchanged', async () => {
  const source = makeSource({ feed_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.xml`, failures: 2, last_error: 'HTTP 503' });
  await insertFixtures(ctx.db, { sources: [source], articles: [makeArticle({ source_id: source._id })] });
  const before = await snapshotAll();
  const res = await admin(`/api/admin/sources/${source._id}/preview`, { method: 'POST' });
  assert.is(res.status, 200);
  const body = (await res.json()) as { source_id: string; preview: { sample_size: number; feed_title: string; model_view?: unknown } };
  assert.is(body.source_id, source._id);
  assert.is(body.preview.sample_size, 2);
  assert.is(body.preview.feed_title, 'Live Feed');
  assert.ok(body.preview.model_view, 'the preview carries the classify view');
  assert.is(hits, 1, 'the feed was really fetched');
  assert.equal(await snapshotAll(), before, 'no write of any kind: no poll attempt, no health change, nothing staged');
});

test('the admin page reads the live preview the server writes, every field kept as sent (one shape: PreviewResult)', async () => {
  const source = makeSource({ feed_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/shape.xml` });
  await insertFixtures(ctx.db, { sources: [source] });
  const body = (await (await admin(`/api/admin/sources/${source._id}/preview`, { method: 'POST' })).json()) as { preview: unknown };
  const read = readPreview(body.preview);
  assert.ok(read);
  assert.equal(read, body.preview);
  assert.ok(read.model_view && read.topic_mix && read.flavor_mix, 'with the classify view');
});

test.run();
