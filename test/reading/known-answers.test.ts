/**
 * Known answers (api/known-answers.ts): once the app has answered a reading query and remembered
 * its answer (from the query's second request on: the reading caches admit on second sight),
 * Node's server answers the same query without running the app, with the same status,
 * headers (in the same order), bytes and request log line; whatever the app would decide
 * differently (CORS, HEAD, a body, a query not remembered, a changed pool) still goes to the app.
 */
import { request } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serveApp, type Fetchable, type Listening } from '../../api/server.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { saveBrief } from '../../core/store/briefs.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { load, prefsParam } from './pool.ts';

const HOUR = 3_600_000;
const clock = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
let server: Listening;
/** How many requests reached the app. */
let appCalls = 0;
const sources = Array.from({ length: 2 }, (_, i) => makeSource({ _id: `known-src-${i}` }));
const articles = Array.from({ length: 20 }, (_, i) =>
  makeArticle({ source_id: sources[i % 2]!._id, title: `Lantern walk number ${i} lights the harbour`, published_at: new Date(clock.getTime() - (i + 1) * HOUR) }),
);

test.before(async () => {
  ctx = await createTestContext({ now: () => clock });
  await load(ctx.db, { sources, articles });
  await saveBrief(ctx.db, articles.slice(0, 7).map((a) => a._id), clock);
  await readModelFor(ctx.db).refresh();
  // The app as the server sees it, counting the requests that reach it.
  const counted: Fetchable = {
    fetch: (req, env) => {
      appCalls += 1;
      return ctx.app.fetch(req, env);
    },
    staticFiles: ctx.app.staticFiles,
    knownAnswers: ctx.app.knownAnswers,
  };
  server = await serveApp(counted, 0, '127.0.0.1');
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

interface Wire {
  status: number;
  /** Header names and values in the order they came, without `Date` (the clock's, not ours). */
  headers: string[];
  body: Buffer;
}

/** One request; the answer as it came over the socket. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        const raw = res.rawHeaders;
        const pairs: string[] = [];
        for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() !== 'date') pairs.push(`${raw[i]}: ${raw[i + 1]}`);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

/** The answer of `path` and how many requests reached the app for it. */
async function sendCounted(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ wire: Wire; app: number }> {
  const before = appCalls;
  const wire = await send(path, headers, method);
  return { wire, app: appCalls - before };
}

const requestLines = () => ctx.log.lines.filter((l) => l.includes(' request method='));

const WARM = [
  '/api/brief',
  `/api/brief?prefs=${prefsParam({ avoid_terms: ['lantern walk number 3'] })}&exclude=${articles[1]!._id}`,
  '/api/feed',
  '/api/feed?sort=latest&limit=5&offset=2',
];

for (const path of WARM) {
  test(`${path}: asked again, answered without the app, the same on the wire in every coding and as a 304`, async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'gzip, deflate, br, zstd' }, { 'Accept-Encoding': 'gzip' }] as Array<Record<string, string>>) {
      const first = await sendCounted(path, headers);
      await send(path, headers); // the second request: now the query and its answer are kept
      const linesBefore = requestLines().length;
      const again = await sendCounted(path, headers);
      assert.is(again.app, 0, `${JSON.stringify(headers)}: the app does not run`);
      assert.is(again.wire.status, 200);
      assert.equal(again.wire.headers, first.wire.headers, 'the same headers in the same order');
      assert.ok(again.wire.body.equals(first.wire.body), 'the same bytes');
      const lines = requestLines().slice(linesBefore);
      assert.is(lines.length, 1, 'one request line');
      const pathname = path.split('?')[0]!;
      assert.match(lines[0]!, ` request method=GET path=${pathname} status=200 ms=`);
      assert.not.match(lines[0]!, '?', 'no query string in the log');
    }
    const etag = (await send(path)).headers.find((h) => h.startsWith('etag: '))!.slice('etag: '.length);
    const viaApp = await ctx.app.request(path, { headers: { 'If-None-Match': etag } });
    const known = await sendCounted(path, { 'If-None-Match': etag });
    assert.is(known.app, 0);
    assert.is(known.wire.status, 304);
    assert.is(viaApp.status, 304);
    assert.is(known.wire.body.length, 0);
    assert.equal(known.wire.headers.filter((h) => /^(etag|vary|cache-control):/.test(h)), [`cache-control: ${viaApp.headers.get('cache-control')}`, `etag: ${etag}`, `vary: ${viaApp.headers.get('vary')}`]);
  });
}

test('what the app decides otherwise still reaches the app', async () => {
  const path = '/api/feed?limit=4';
  await send(path);
  await send(path);
  // Cross-origin: the app's CORS headers.
  const cors = await sendCounted(path, { Origin: 'https://elsewhere.example' });
  assert.is(cors.app, 1);
  assert.ok(cors.wire.headers.includes('access-control-allow-origin: *'), cors.wire.headers.join('\n'));
  // HEAD, another path spelling, a body announced, a query never validated.
  assert.is((await sendCounted(path, {}, 'HEAD')).app, 1);
  assert.is((await sendCounted('/api/feed/?limit=4')).app, 1);
  assert.is((await sendCounted(path, { 'Content-Length': '0' })).app, 1);
  // A host the adapter checks itself (a port out of range is its 400, not our answer).
  assert.is((await send(path, { Host: 'localhost:99999' })).status, 400, 'the adapter refuses it');
  assert.is((await sendCounted('/api/feed?limit=4&sort=ranked')).app, 1, 'a new query string: validated by the app first');
  // Not remembered: depends on the clock (a pause) or the caller (following).
  const paused = `/api/feed?prefs=${prefsParam({ pauses: [{ kind: 'topic', value: 'nature', until: '2026-11-21T00:00:00Z' }] })}`;
  for (const p of [paused, '/api/feed?following=true']) {
    await send(p);
    await send(p);
    assert.is((await sendCounted(p)).app, 1, p);
  }
  // A refused query is the app's 422 every time.
  const refused = await sendCounted('/api/feed?limit=abc');
  assert.is(refused.wire.status, 422);
  assert.is((await sendCounted('/api/feed?limit=abc')).app, 1);
});

test('a new snapshot: the first request goes to the app again, with the new answer', async () => {
  const path = '/api/feed?sort=latest&limit=3';
  await send(path);
  await send(path);
  assert.is((await sendCounted(path)).app, 0);
  await load(ctx.db, { articles: [makeArticle({ source_id: sources[0]!._id, title: 'A fresh lantern story', published_at: new Date(clock.getTime() - 60_000) })] });
  await readModelFor(ctx.db).refresh();
  const fresh = await sendCounted(path);
  assert.is(fresh.app, 1, 'the old answer is not sent');
  assert.match(fresh.wire.body.toString('utf8'), 'A fresh lantern story');
  assert.is((await sendCounted(path)).app, 1, 'kept from its second request in the new snapshot');
  assert.is((await sendCounted(path)).app, 0);
});

test.run();
