import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient, type CommandStartedEvent } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import type { CandidateDoc } from '../../core/domain/candidate.ts';
import { candidatesCollection } from '../../core/store/candidates.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { readCandidate } from '../../app/lib/admin-answers.ts';
import { as, asSent, errorCode, signIn } from './helpers.ts';

let ctx: TestContext;
let strict: TestContext;
let admin: ReturnType<typeof as>;
let server: http.Server;
let base = '';
/** Network work seen by the feed server: [start, end] of each request, in ms. */
const feedRequests: Array<[number, number]> = [];

function rss(title: string, items: string[]): string {
  const day = 86_400_000;
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>${base}/</link>
${items.map((t, i) => `<item><title>${t}</title><link>${base}/story/${encodeURIComponent(t)}</link><guid>${base}/g/${i}</guid><pubDate>${new Date(Date.now() - i * day).toUTCString()}</pubDate><description>${t}. A small, calm story.</description></item>`).join('\n')}
</channel></rss>`;
}

const CALM = ['Volunteers plant a community orchard', 'Library opens a free tool lending shelf', 'Astronomers share a new photo of a comet', 'Neighbours restore an old footbridge'];

test.before(async () => {
  server = http.createServer((req, res) => {
    const started = performance.now();
    // A little latency so a database call made during the fetch would overlap it.
    setTimeout(() => {
      const body = req.url === '/empty.xml' ? rss('Empty Feed', []) : rss('Good Things Daily', CALM);
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(body, () => feedRequests.push([started, performance.now()]));
    }, 150);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = await createTestContext();
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
  strict = await createTestContext({ env: { FETCH_ALLOW_PRIVATE: 'false' } });
});
test.after(async () => {
  await ctx.close();
  await strict.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function stage(path: string): Promise<{ status: number; candidate: Record<string, any> }> {
  const res = await admin('/api/admin/candidates', { json: { url: `${base}${path}` } });
  const body = (await res.json()) as { candidate: Record<string, any> };
  return { status: res.status, candidate: body.candidate };
}

test('POST stages a suggested candidate with a full preview_json (every Preview result field and the classify view)', async () => {
  const { status, candidate } = await stage('/good.xml');
  assert.is(status, 201);
  assert.is(candidate.status, 'suggested');
  assert.is(candidate.name, 'Good Things Daily');
  assert.is(candidate.url, `${base}/good.xml`);
  const preview = candidate.preview_json;
  for (const key of ['sample_size', 'freshness', 'acceptance_rate', 'recent_7_days', 'avg_cortisol', 'avg_ragebait', 'avg_promotional', 'examples', 'topic_mix', 'flavor_mix', 'model_view']) {
    assert.ok(key in preview, key);
  }
  assert.is(preview.sample_size, 4);
  assert.ok(Array.isArray(preview.examples.accepted));
  const stored = await candidatesCollection(ctx.db).findOne({ _id: candidate.id });
  assert.is(stored?.status, 'suggested');
  assert.is(await sourcesCollection(ctx.db).countDocuments({ feed_url: `${base}/good.xml` }), 0, 'a candidate is not a source');
  const list = (await (await admin('/api/admin/candidates')).json()) as { items: Array<{ id: string }> };
  assert.ok(list.items.some((i) => i.id === candidate.id));
  assert.is((await stage('/good.xml')).status, 409, 'the same URL is staged only once');
});

test('the admin page reads the candidates the server writes: every field kept as sent, the preview whole (one shape: CandidateView)', async () => {
  const res = await admin('/api/admin/candidates', { json: { url: `${base}/shape.xml` } });
  const sent = ((await res.json()) as { candidate: unknown }).candidate;
  const read = readCandidate(sent);
  assert.ok(read);
  assert.equal(read, asSent(read, sent));
  assert.ok(read.preview_json && read.preview_json.sample_size === 4 && read.preview_json.model_view, 'the preview read whole');
  const list = ((await (await admin('/api/admin/candidates')).json()) as { items: unknown[] }).items;
  const listed = list.map(readCandidate).find((c) => c?.id === read.id);
  assert.equal(listed, read, 'the list answers the same shape');
});

test('a feed with nothing to accept is quarantined', async () => {
  const { status, candidate } = await stage('/empty.xml');
  assert.is(status, 201);
  assert.is(candidate.status, 'quarantined');
});

test('no database call is in flight while the candidate feed is fetched', async () => {
  const client = new MongoClient(`mongodb://${ctx.client.options.hosts[0]}`, { monitorCommands: true });
  await client.connect();
  try {
    const commands: Array<{ name: string; at: number }> = [];
    client.on('commandStarted', (e: CommandStartedEvent) => commands.push({ name: e.commandName, at: performance.now() }));
    const app = createApp({ ...ctx.deps, db: client.db(ctx.db.databaseName) });
    const token = (await signIn(ctx.db, { email: 'watcher@example.org', is_admin: true })).token;
    const before = feedRequests.length;
    const res = await app.request('/api/admin/candidates', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${base}/watched.xml` }),
    });
    assert.is(res.status, 201);
    const fetches = feedRequests.slice(before);
    assert.is(fetches.length, 1);
    const [start, end] = fetches[0]!;
    assert.ok(commands.some((c) => c.at < start), 'the gate and duplicate checks ran before the fetch');
    assert.ok(commands.some((c) => c.at > end && c.name === 'insert'), 'the candidate was written after the fetch');
    assert.equal(commands.filter((c) => c.at >= start && c.at <= end), [], 'nothing was sent to the database during the fetch');
  } finally {
    await client.close();
  }
});

test('a candidate URL pointing to a private address is refused and nothing is staged', async () => {
  const strictAdmin = as(strict, (await signIn(strict.db, { email: 'admin@example.org', is_admin: true })).token);
  for (const url of [`${base}/good.xml`, 'http://10.0.0.8/feed.xml', 'http://[::1]/feed.xml', 'http://localhost/feed.xml', 'ftp://example.org/feed.xml', 'http://user:pw@example.org/feed.xml']) {
    const res = await strictAdmin('/api/admin/candidates', { json: { url } });
    assert.is(res.status, 422, url);
    assert.is(await errorCode(res), 'url_refused', url);
  }
  assert.is(await candidatesCollection(strict.db).countDocuments({}), 0);
  assert.is((await strictAdmin('/api/admin/candidates', { json: { url: 42 } })).status, 422);
});

test('re-preview refreshes preview_json and keeps the status; a rejected candidate stays rejected', async () => {
  const { candidate } = await stage('/repreview.xml');
  await candidatesCollection(ctx.db).updateOne({ _id: candidate.id }, { $set: { preview_json: { stale: true } } });
  let res = await admin(`/api/admin/candidates/${candidate.id}/preview`, { method: 'POST' });
  assert.is(res.status, 200);
  let body = (await res.json()) as { candidate: Record<string, any> };
  assert.is(body.candidate.status, 'suggested');
  assert.is(body.candidate.preview_json.sample_size, 4);

  res = await admin(`/api/admin/candidates/${candidate.id}/reject`, { method: 'POST' });
  assert.is(res.status, 200);
  assert.is(((await res.json()) as { candidate: CandidateDoc }).candidate.status, 'rejected');
  res = await admin(`/api/admin/candidates/${candidate.id}/preview`, { method: 'POST' });
  assert.is(res.status, 200);
  body = (await res.json()) as { candidate: Record<string, any> };
  assert.is(body.candidate.status, 'rejected');
  assert.is((await candidatesCollection(ctx.db).findOne({ _id: candidate.id }))?.status, 'rejected');
  assert.is((await admin(`/api/admin/candidates/${candidate.id}/promote`, { json: {} })).status, 409, 'a rejected candidate cannot be promoted');
  assert.is(await sourcesCollection(ctx.db).countDocuments({ feed_url: candidate.url }), 0, 'rejecting creates no source');
});

test('promote creates a paused source by default and returns {source, candidate}', async () => {
  const { candidate } = await stage('/promote-paused.xml');
  const res = await admin(`/api/admin/candidates/${candidate.id}/promote`, { method: 'POST' });
  assert.is(res.status, 201);
  const body = (await res.json()) as { source: Record<string, any>; candidate: Record<string, any> };
  assert.equal([body.source.status, body.source.active, body.source.content_visible], ['paused', false, true]);
  assert.is(body.source.feed_url, `${base}/promote-paused.xml`);
  assert.equal([body.candidate.status, body.candidate.source_id], ['promoted', body.source.id]);
  const stored = await sourcesCollection(ctx.db).findOne({ _id: body.source.id });
  assert.equal([stored?.status, stored?.active], ['paused', false]);
  assert.is((await admin(`/api/admin/candidates/${candidate.id}/promote`, { json: {} })).status, 409, 'promoted only once');
  assert.is((await admin(`/api/admin/candidates/${candidate.id}/reject`, { method: 'POST' })).status, 409);
});

test('promote with {"activate":true} creates an active source', async () => {
  const { candidate } = await stage('/promote-active.xml');
  const res = await admin(`/api/admin/candidates/${candidate.id}/promote`, { json: { activate: true } });
  assert.is(res.status, 201);
  const body = (await res.json()) as { source: Record<string, any> };
  assert.equal([body.source.status, body.source.active], ['active', true]);
  assert.is((await admin(`/api/admin/candidates/${candidate.id}/promote`, { json: { activate: 'yes' } })).status, 422);
});

test.run();
