/**
 * GET /api/summary/<id> (SPEC.md "Summary and explanation"): generated lazily once per article
 * however many requests arrive together, cached permanently, topped up with the notes, offline when
 * the model fails, 404 outside the public pool. The model is a loopback server speaking the OpenAI
 * Chat Completions API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MongoClient } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { offlineSummary } from '../../core/domain/offline-summary.ts';
import { offlineTexts } from '../../core/domain/offline-texts.ts';
import { OFFLINE_WRITER_VERSION, summaryInputOf } from '../../core/domain/summary.ts';
import { createSummarizer } from '../../core/pipeline/summarize.ts';
import { findPublicArticle } from '../../core/store/summaries.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

type Mode = 'ok' | 'error500' | 'garbage' | 'invalid' | 'hang';
let mode: Mode = 'ok';
const calls: Array<{ name: string; user: string }> = [];
const hanging: http.ServerResponse[] = [];
/** The model's good answers wait for this; a test that needs requests to overlap holds it (see hold()). */
let held: Promise<void> = Promise.resolve();

const MODEL_ANSWER = {
  summary: 'A town turned an empty lot into a shared orchard. Neighbours now pick fruit together every autumn.',
  what_happened: 'Residents planted an orchard on a vacant lot.',
  why_matters: 'Shared green space brings neighbours together.',
  why_belongs: 'It is a gentle story of people building something lasting.',
};

const openai = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  req.on('end', () => {
    const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }>; response_format: { json_schema: { name: string } } };
    calls.push({ name: body.response_format.json_schema.name, user: body.messages.find((m) => m.role === 'user')?.content ?? '' });
    const reply = (content: string) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        id: 'chatcmpl-test', object: 'chat.completion', created: 0, model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      }));
    };
    if (mode === 'hang') return void hanging.push(res);
    if (mode === 'error500') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end('{"error":{"message":"boom"}}');
    }
    if (mode === 'garbage') return reply('this is {not json');
    if (mode === 'invalid') return reply(JSON.stringify({ ...MODEL_ANSWER, summary: 'One. Two. Three. Four. Five. Six sentences.' }));
    void held.then(() => reply(JSON.stringify(MODEL_ANSWER)));
  });
});

let ctx: TestContext;
const visible = makeSource({ name: 'Calm Gazette' });
const hidden = makeSource({ name: 'Hidden Herald', content_visible: false });

test.before(async () => {
  await new Promise<void>((resolve) => openai.listen(0, '127.0.0.1', resolve));
  const port = (openai.address() as AddressInfo).port;
  ctx = await createTestContext({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` } });
  await insertFixtures(ctx.db, { sources: [visible, hidden] });
});
test.after(async () => {
  for (const res of hanging) res.destroy();
  openai.closeAllConnections();
  openai.close();
  await ctx.close();
});
test.before.each(() => {
  mode = 'ok';
  calls.length = 0;
  held = Promise.resolve();
});

/** Hold the model's answers until the returned function is called. */
function hold(): () => void {
  let release!: () => void;
  held = new Promise<void>((resolve) => (release = resolve));
  return release;
}

/**
 * An app on its own monitored client, and how many database commands it has started and has in
 * flight: no command in flight while the model holds its answer means every request has done its
 * reads and is waiting on the generation (the route calls the summarizer right after its read).
 */
async function monitoredApp(): Promise<{ app: ReturnType<typeof createApp>; started: () => number; inFlight: () => number; close: () => Promise<void> }> {
  const client = new MongoClient(`mongodb://${ctx.client.options.hosts[0]}`, { monitorCommands: true });
  await client.connect();
  let started = 0;
  let ended = 0;
  client.on('commandStarted', () => (started += 1));
  client.on('commandSucceeded', () => (ended += 1));
  client.on('commandFailed', () => (ended += 1));
  return { app: createApp({ ...ctx.deps, db: client.db(ctx.db.databaseName) }), started: () => started, inFlight: () => started - ended, close: () => client.close() };
}

async function article(overrides: Partial<ArticleDoc> = {}): Promise<ArticleDoc> {
  const doc = makeArticle({ source_id: visible._id, ...overrides });
  await insertFixtures(ctx.db, { articles: [doc] });
  return doc;
}

type Body = Record<string, unknown>;
async function get(id: string, app = ctx.app): Promise<{ status: number; body: Body }> {
  const res = await app.request(`/api/summary/${id}`);
  return { status: res.status, body: (await res.json()) as Body };
}

const stored = async (id: string) => (await ctx.db.collection<ArticleDoc>('articles').findOne({ _id: id }))?.summary ?? null;

test('50 concurrent requests for one uncached article cause exactly one generation', async () => {
  const a = await article({ title: 'Town plants a shared orchard' });
  const monitored = await monitoredApp();
  const release = hold();
  const pending = Promise.all(Array.from({ length: 50 }, () => get(a._id, monitored.app)));
  // The model holds its answer until all 50 have done their reads and wait on the one generation.
  await until(() => calls.length >= 1 && monitored.started() >= 50 && monitored.inFlight() === 0, 10_000, '50 requests waiting on the generation');
  release();
  const responses = await pending;
  await monitored.close();
  assert.is(calls.length, 1, 'one model request');
  assert.is(calls[0]?.name, 'summary');
  assert.ok(calls[0]?.user.includes('Town plants a shared orchard'), 'the title appears verbatim');
  for (const r of responses) {
    assert.is(r.status, 200);
    assert.equal(r.body, { id: a._id, status: 'ready', ...MODEL_ANSWER });
  }
  const cached = await stored(a._id);
  assert.is(cached?.generated_by, 'model');
  // Cached permanently: later views ask nobody.
  assert.equal((await get(a._id)).body, { id: a._id, status: 'ready', ...MODEL_ANSWER });
  assert.is(calls.length, 1);
});

test('two API processes on one database still generate once (the database lease)', async () => {
  const a = await article();
  const second = createApp(ctx.deps); // its own summarizer and in-flight table, like another process
  const release = hold();
  let answered = 0;
  const pending = Promise.all(Array.from({ length: 20 }, (_, i) => get(a._id, i % 2 ? second : ctx.app).finally(() => (answered += 1))));
  // While the model holds its answer, the process without the lease answers all ten of its requests.
  await until(() => calls.length >= 1 && answered >= 10, 10_000, 'the other process to answer its ten requests');
  release();
  const responses = await pending;
  assert.is(calls.length, 1);
  for (const r of responses) {
    assert.is(r.status, 200);
    assert.ok(r.body.status === 'ready' || r.body.status === 'pending', String(r.body.status));
    if (r.body.status === 'pending') assert.equal(Object.keys(r.body).sort(), ['id', 'status']);
  }
  const later = await get(a._id, second);
  assert.equal(later.body, { id: a._id, status: 'ready', ...MODEL_ANSWER });
  assert.is(calls.length, 1);
});

for (const failing of ['error500', 'garbage', 'invalid'] as const) {
  test(`a model answering ${failing} still yields an offline summary with the notes`, async () => {
    const a = await article({ title: 'Library opens a seed exchange', teaser: 'Visitors can now borrow seeds. They return some after the harvest.' });
    mode = failing;
    const r = await get(a._id);
    assert.ok(calls.length >= 1, 'the model was asked');
    assert.is(r.status, 200);
    assert.is(r.body.status, 'ready');
    assert.is(r.body.summary, offlineSummary(summaryInputOf(a, visible.name)).summary, 'the offline writer\'s summary');
    for (const key of ['what_happened', 'why_matters', 'why_belongs']) assert.type(r.body[key], 'string');
    assert.is((await stored(a._id))?.generated_by, 'offline');
  });
}

test('a failing model falls back to the offline summary stored with the article, word for word (not written again)', async () => {
  const offline = {
    retold: [{ sentence: 'A stored retelling has been read, never retold.', clause: null }],
    writer: OFFLINE_WRITER_VERSION,
    written_at: new Date('2026-11-20T13:00:00Z'),
  };
  const a = await article({ title: 'Ferry crew rescue a stranded seal pup', offline_summary: offline });
  mode = 'error500';
  const r = await get(a._id);
  assert.ok(calls.length >= 1, 'the model was asked first');
  assert.equal(r.body, { id: a._id, status: 'ready', ...offlineTexts(summaryInputOf(a, visible.name), offline.retold) });
  assert.match(String(r.body.summary), /^A stored retelling has been read, never retold\. /);
  assert.is((await stored(a._id))?.generated_by, 'offline');
});

test('a model that times out still yields an offline summary', async () => {
  const a = await article({ title: 'Volunteers mend bicycles for free' });
  mode = 'hang';
  const summarizer = createSummarizer(ctx.deps, { modelTimeoutMs: 300 });
  const target = await findPublicArticle(ctx.db, a._id);
  assert.ok(target);
  const summary = await summarizer.ensure(target);
  assert.ok(calls.length >= 1, 'the model was asked');
  assert.is(summary?.generated_by, 'offline');
  assert.is(summary?.summary, offlineSummary(summaryInputOf(a, visible.name)).summary, 'the offline writer\'s summary');
  assert.is((await stored(a._id))?.generated_by, 'offline');
});

test('an older summary without notes is topped up on its next view, keeping its text', async () => {
  const older = { summary: 'Our older summary. It came before the notes existed.', what_happened: null, why_matters: null, why_belongs: null, generated_by: 'seed' as const, generated_at: new Date('2026-01-01T00:00:00Z') };
  const a = await article({ summary: older });
  const r = await get(a._id);
  assert.is(calls.length, 1);
  assert.equal(r.body, {
    id: a._id,
    status: 'ready',
    summary: older.summary,
    what_happened: MODEL_ANSWER.what_happened,
    why_matters: MODEL_ANSWER.why_matters,
    why_belongs: MODEL_ANSWER.why_belongs,
  });
  const cached = await stored(a._id);
  assert.is(cached?.summary, older.summary);
  assert.is(cached?.what_happened, MODEL_ANSWER.what_happened);
});

test('the notes are returned only when all three exist', async () => {
  const partial = { summary: 'A partial summary. One note is missing.', what_happened: 'Something happened.', why_matters: null, why_belongs: 'It is calm.', generated_by: 'seed' as const, generated_at: new Date() };
  const a = await article({ summary: partial });
  // Another process holds the generation lease, so this view cannot top it up yet.
  await ctx.db.collection('summary_claims').insertOne({ _id: a._id as never, owner: 'elsewhere', expires_at: new Date(Date.now() + 60_000) });
  const r = await get(a._id);
  assert.equal(r.body, { id: a._id, status: 'ready', summary: partial.summary });
  assert.is(calls.length, 0);
});

test('an uncached article whose generation runs elsewhere answers pending', async () => {
  const a = await article();
  await ctx.db.collection('summary_claims').insertOne({ _id: a._id as never, owner: 'elsewhere', expires_at: new Date(Date.now() + 60_000) });
  const r = await get(a._id);
  assert.is(r.status, 200);
  assert.equal(r.body, { id: a._id, status: 'pending' });
});

test('an abandoned lease (a crashed process) expires and the next view generates', async () => {
  const a = await article();
  await ctx.db.collection('summary_claims').insertOne({ _id: a._id as never, owner: 'crashed', expires_at: new Date(Date.now() - 1000) });
  const r = await get(a._id);
  assert.equal(r.body, { id: a._id, status: 'ready', ...MODEL_ANSWER });
});

const outside: Array<[string, () => Promise<string>]> = [
  ['an unknown id', async () => 'NoSuchArticle123'],
  ['a rejected article', async () => (await article({ accepted: false, reject_reason: 'cortisol' }))._id],
  ['a duplicate', async () => (await article({ duplicate_of: 'someOtherId' }))._id],
  ['an article of a hidden source', async () => (await article({ source_id: hidden._id }))._id],
  ['a malformed id with dots', async () => 'bad..id'],
  ['a malformed id with a quote', async () => encodeURIComponent(`x'"<script>`)],
  ['a too-long id', async () => 'a'.repeat(65)],
  ['an id with a space', async () => 'two%20words'],
];
for (const [name, id] of outside) {
  test(`${name} gives 404 and asks no model`, async () => {
    const res = await ctx.request(`/api/summary/${await id()}`);
    assert.is(res.status, 404);
    const body = (await res.json()) as { error: { code: string } };
    assert.is(body.error.code, 'not_found');
    assert.is(calls.length, 0);
  });
}

test.run();
