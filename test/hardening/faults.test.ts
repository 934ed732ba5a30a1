/**
 * Faults: the database going away and coming back (through a loopback TCP proxy in front of an
 * embedded server of this file's own, so the outage is real at the socket level), the SMTP server
 * refusing a reply, the model server failing or answering nonsense (offline fallback), and a feed
 * server that hangs while another answers (the poll times out, the others proceed).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import { runIngest } from '../../core/pipeline/ingest.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../../core/store/embedded.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { signIn, until } from './helpers.ts';
import { startProxy } from '../helpers/tcp-proxy.ts';

let ctx: TestContext;
let smtp: TestSmtp;

test.before(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
});
test.after(async () => {
  await ctx.close();
  await smtp.close();
});

test('the database stopping and coming back: health 200, then 503 within the 2 s budget, then 200 again, and writes resume', async () => {
  let embedded: EmbeddedServer | null = null;
  let proxy: Awaited<ReturnType<typeof startProxy>> | null = null;
  let client: MongoClient | null = null;
  try {
    embedded = await startEmbeddedServer();
    const port = Number(new URL(embedded.uri).port);
    proxy = await startProxy({ host: '127.0.0.1', port });
    client = new MongoClient(`mongodb://127.0.0.1:${proxy.port}/`, { serverSelectionTimeoutMS: 1500, connectTimeoutMS: 1000, socketTimeoutMS: 3000 });
    await client.connect();
    const db = client.db('faults');
    const app = createApp({ ...ctx.deps, db });
    assert.is((await app.request('/api/health')).status, 200);
    proxy.down();
    const started = Date.now();
    const down = await app.request('/api/health');
    assert.is(down.status, 503);
    assert.equal(await down.json(), { ok: false, db: 'down' });
    assert.ok(Date.now() - started < 3500, `503 took ${Date.now() - started} ms`);
    const during = await app.request('/api/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'visit', visitor: 'fault-visitor-0123456789abcdef' }) });
    assert.ok(during.status === 204 || during.status >= 500, `an event during the outage is dropped or fails cleanly (${during.status})`);
    proxy.up();
    await until(async () => (await app.request('/api/health')).status === 200, 20_000, 'health back to 200');
    const after = await app.request('/api/events', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'visit', visitor: 'fault-visitor-after-0123456789' }) });
    assert.is(after.status, 204);
    assert.ok((await db.collection('events').countDocuments({})) >= 1, 'writes resumed on the same client');
  } finally {
    await client?.close(true).catch(() => undefined);
    await proxy?.close();
    await embedded?.stop();
  }
});

test('the SMTP server refusing a feedback reply: 502 mail_failed, nothing recorded; accepted again afterwards', async () => {
  const admin = await signIn(ctx.db, 'admin@example.org', true);
  const feedbackId = 'fb-fault-000000000001';
  await ctx.db.collection('feedback').insertOne({ _id: feedbackId as never, category: null, contact_email: 'reader@example.org', message: 'Thanks!', read_at: null, created_at: new Date() });
  const reply = () => ctx.request(`/api/admin/feedback/${feedbackId}/reply`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ html: '<p>Thank you for writing.</p>' }) });
  smtp.refusing = true;
  const refused = await reply();
  assert.is(refused.status, 502);
  assert.is(((await refused.json()) as { error: { code: string } }).error.code, 'mail_failed');
  assert.is(await ctx.db.collection('feedback_replies').countDocuments({}), 0);
  smtp.refusing = false;
  const ok = await reply();
  assert.ok(ok.status < 300, `after recovery: ${ok.status}`);
  assert.is(await ctx.db.collection('feedback_replies').countDocuments({}), 1);
});

/** A Chat Completions peer answering every request with `reply`. */
async function modelPeer(reply: (res: http.ServerResponse) => void) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => reply(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const completion = (content: string) => JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] });
const MODEL_FAULTS: Array<[string, (res: http.ServerResponse) => void]> = [
  ['HTTP 500', (res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}')],
  ['not JSON at all', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>')],
  ['JSON content outside the schema', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('{"summary":42,"what_happened":[]}'))],
  ['prose instead of JSON', (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion('Sure! Here is a summary: things happened.'))],
  ['a connection cut mid-answer', (res) => res.socket?.destroy()],
];
for (const [name, answer] of MODEL_FAULTS) {
  test(`the model answering with ${name}: the summary falls back offline, nothing lost, no 5xx`, async () => {
    const peer = await modelPeer(answer);
    const mctx = await createTestContext({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: peer.baseUrl } });
    try {
      const source = makeSource();
      const article = makeArticle({ source_id: source._id, teaser: 'Volunteers restored a wetland. Birds returned within a year. The town plans a boardwalk.' });
      await insertFixtures(mctx.db, { sources: [source], articles: [article] });
      const ready = await until(async () => {
        const res = await mctx.request(`/api/summary/${article._id}`);
        assert.ok(res.status === 200, `status ${res.status}`);
        const body = (await res.json()) as { status: string; summary?: string };
        return body.status === 'ready' ? body : null;
      }, 30_000, 'a ready summary');
      assert.ok((ready.summary ?? '').length > 10);
    } finally {
      await mctx.close();
      await peer.close();
    }
  });
}

test('a feed server that hangs times out while the other feeds of the same poll are read and stored', async () => {
  const hanging = http.createServer(() => undefined);
  const good = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Good</title><item><title>Gardeners share seeds with the whole street</title><link>https://news.example.org/seeds-fault</link><pubDate>${new Date().toUTCString()}</pubDate><description>Neighbours swapped seeds and planted a shared garden.</description></item></channel></rss>`);
  });
  await Promise.all([hanging, good].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  try {
    const slow = makeSource({ _id: 'hanging-feed', feed_url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/feed.xml` });
    const fine = makeSource({ _id: 'good-feed', feed_url: `http://127.0.0.1:${(good.address() as AddressInfo).port}/feed.xml` });
    await sourcesCollection(ctx.db).insertMany([slow, fine]);
    const started = Date.now();
    const summary = await runIngest(ctx.deps, { sources: [slow, fine] });
    const ms = Date.now() - started;
    assert.is(summary.failed, 1);
    assert.is(summary.ok, 1);
    assert.ok(ms < 25_000, `the poll took ${ms} ms`);
    assert.is(await articlesCollection(ctx.db).countDocuments({ source_id: 'good-feed' }), 1);
    const failed = await sourcesCollection(ctx.db).findOne({ _id: 'hanging-feed' });
    assert.match(String(failed?.last_error), /time|within/i);
  } finally {
    for (const s of [hanging, good]) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  }
});

test.run();
