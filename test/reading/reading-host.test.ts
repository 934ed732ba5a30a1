/**
 * The reading host (api/reading-host.ts): Node's server answers the anonymous `GET /api/brief` and
 * `GET /api/feed` itself, a query's first request included, with the status, headers (in the same
 * order), bytes and request log line the app's route gives for the same request (compared with a
 * server of the same app without the host); whatever the app would decide differently (CORS, HEAD,
 * a body, a URL the adapter rewrites, a refused query, a pause, `following`) still goes to the app.
 * Its answers go out when the event loop's turn ends: pipelined requests in their order, a closed
 * connection's answer dropped without holding up the others.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { QUERY_AS_IS } from '../../api/reading-host.ts';
import { serveApp, type Fetchable, type Listening } from '../../api/server.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { saveBrief } from '../../core/store/briefs.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { load, prefsParam } from './pool.ts';

const HOUR = 3_600_000;
const clock = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
/** The server as production runs it, and the same app served without the reading host. */
let server: Listening;
let appServer: Listening;
/** How many requests reached the app through `server`. */
let appCalls = 0;
const sources = Array.from({ length: 2 }, (_, i) => makeSource({ _id: `known-src-${i}` }));
const articles = Array.from({ length: 20 }, (_, i) =>
  makeArticle({ source_id: sources[i % 2]!._id, title: `Lantern walk number ${i} lights the harbour of Malmö 🏮`, published_at: new Date(clock.getTime() - (i + 1) * HOUR) }),
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
    readingHost: ctx.app.readingHost,
  };
  server = await serveApp(counted, 0, '127.0.0.1');
  appServer = await serveApp({ fetch: (req, env) => ctx.app.fetch(req, env), staticFiles: ctx.app.staticFiles }, 0, '127.0.0.1');
});
test.after(async () => {
  await server.close();
  await appServer.close();
  await ctx.close();
});

interface Wire {
  status: number;
  /** Header names and values in the order they came, without `Date` (the clock's, not ours). */
  headers: string[];
  body: Buffer;
}

/** One request to `to` (the production server unless said); the answer as it came over the socket. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET', to: Pick<Listening, 'port'> = server): Promise<Wire> {
  return new Promise((resolve, reject) => {
    // The path as it is, not through `new URL` (which would escape what the test sends raw).
    const req = request({ host: '127.0.0.1', port: to.port, path, method, headers }, (res) => {
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

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

/** Queries no earlier request sent: the host parses and composes them as the route would. */
const FIRST_SEEN = [
  '/api/brief',
  `/api/brief?prefs=${prefsParam({ avoid_terms: ['lantern walk number 3'] })}&exclude=${articles[1]!._id}`,
  `/api/brief?prefs=${prefsParam({ mute_topics: ['nature'], max_cortisol: 2 })}&exclude=${articles[2]!._id}&exclude=${articles[3]!._id}`,
  '/api/feed',
  '/api/feed?sort=latest&limit=5&offset=2',
  `/api/feed?prefs=${prefsParam({ avoid_terms: ['number 4', 'Hárbour'] })}&limit=0&tag=&offset=+3`,
  '/api/feed?prefs={%22avoid_terms%22:[%22lantern+walk+number+5%22]}&sort=ranked&mood=wonder',
  '/api/feed?prefs=%E0%A4%A&limit=3&gentle=yes&exclude=a,,b&unknown=1&limit=9',
  '/api/feed?__proto__=x&__proto__=y&constructor=z&limit=2',
];

for (const path of FIRST_SEEN) {
  test(`${path}: answered without the app from its first request, as the app answers it, in every coding and as a 304`, async () => {
    const linesBefore = requestLines().length;
    const first = await sendCounted(path);
    assert.is(first.app, 0, 'the first request does not reach the app');
    assert.is(first.wire.status, 200, first.wire.body.toString('utf8'));
    const lines = requestLines().slice(linesBefore);
    assert.is(lines.length, 1, 'one request line');
    assert.match(lines[0]!, ` request method=GET path=${path.split('?')[0]} status=200 ms=`);
    assert.not.match(lines[0]!, '?', 'no query string in the log');
    const app = await send(path, {}, 'GET', appServer);
    assert.equal(first.wire.headers, app.headers, 'the same headers in the same order');
    assert.ok(first.wire.body.equals(app.body), 'the same bytes');
    // From the second request on the answer is kept: both hosts send its codings.
    for (const headers of [BROWSER, { 'Accept-Encoding': 'gzip' }]) {
      const viaApp = await send(path, headers, 'GET', appServer);
      const hosted = await sendCounted(path, headers);
      assert.is(hosted.app, 0);
      assert.equal(hosted.wire.headers, viaApp.headers, `${JSON.stringify(headers)}: the same headers`);
      assert.ok(hosted.wire.body.equals(viaApp.body), `${JSON.stringify(headers)}: the same bytes`);
    }
    const etag = first.wire.headers.find((h) => h.startsWith('etag: '))!.slice('etag: '.length);
    const viaApp = await send(path, { 'If-None-Match': etag }, 'GET', appServer);
    const known = await sendCounted(path, { 'If-None-Match': etag });
    assert.is(known.app, 0);
    assert.is(known.wire.status, 304);
    assert.is(viaApp.status, 304);
    assert.is(known.wire.body.length, 0);
    assert.equal(known.wire.headers, viaApp.headers);
  });
}

test('a query string is taken as it is exactly when the URL standard leaves it as it is', () => {
  for (let code = 0x20; code < 0x7f; code += 1) {
    const ch = String.fromCharCode(code);
    const url = `http://127.0.0.1:4000/api/feed?a=${ch}b`;
    const unchanged = ch !== '#' && new URL(url).href === url;
    assert.is(QUERY_AS_IS.test(`a=${ch}b`), unchanged, JSON.stringify(ch));
  }
  for (const ch of ['é', '\u00a0', '\u2028', '\t']) assert.not.ok(QUERY_AS_IS.test(`a=${ch}`), JSON.stringify(ch));
});

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
  // A query string the adapter's URL would rewrite (a quote, a space, a non-ASCII byte): the app's.
  for (const raw of ["/api/feed?prefs='x'", '/api/feed?prefs=%22x%22&a="b"', '/api/feed?x=<y>']) {
    const viaApp = await send(raw, {}, 'GET', appServer);
    const sent = await sendCounted(raw);
    assert.is(sent.app, 1, raw);
    assert.is(sent.wire.status, viaApp.status, raw);
  }
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

test('a new snapshot: the kept answer is not sent again, the new one is', async () => {
  const path = '/api/feed?sort=latest&limit=3';
  await send(path);
  const old = await sendCounted(path);
  assert.is(old.app, 0);
  await load(ctx.db, { articles: [makeArticle({ source_id: sources[0]!._id, title: 'A fresh lantern story', published_at: new Date(clock.getTime() - 60_000) })] });
  await readModelFor(ctx.db).refresh();
  const fresh = await sendCounted(path);
  assert.is(fresh.app, 0);
  assert.match(fresh.wire.body.toString('utf8'), 'A fresh lantern story');
  assert.not.equal(fresh.wire.headers, old.wire.headers, 'a new ETag');
  const viaApp = await send(path, {}, 'GET', appServer);
  assert.ok(fresh.wire.body.equals(viaApp.body), 'the app gives the same new answer');
});

/** A bare Node server calling the reading host alone; `seen` says, per request, whether the host took it and whether its answer was written before the host returned. */
function hostOnly(onTaken: (req: IncomingMessage, res: ServerResponse) => void = () => undefined): { server: Server; seen: { hosted: boolean; writtenAtReturn: boolean }[] } {
  const seen: { hosted: boolean; writtenAtReturn: boolean }[] = [];
  const bare = createServer((req, res) => {
    const hosted = ctx.app.readingHost(req, res);
    seen.push({ hosted, writtenAtReturn: res.headersSent });
    if (hosted) onTaken(req, res);
    else res.writeHead(500).end();
  });
  return { server: bare, seen };
}

function listenOn(bare: Server): Promise<number> {
  return new Promise((resolve) => bare.listen(0, '127.0.0.1', () => resolve((bare.address() as AddressInfo).port)));
}

/** Stop `bare`, its kept-alive connections included. */
function stop(bare: Server): Promise<void> {
  return new Promise((resolve) => {
    bare.close(() => resolve());
    bare.closeAllConnections();
  });
}

test('an answer is written when the event loop turn that made it ends, not before the host returns', async () => {
  const { server: bare, seen } = hostOnly();
  const port = await listenOn(bare);
  try {
    const path = '/api/feed?limit=2&sort=latest';
    const hosted = await send(path, {}, 'GET', { port });
    const viaApp = await send(path, {}, 'GET', appServer);
    assert.equal(seen, [{ hosted: true, writtenAtReturn: false }]);
    assert.is(hosted.status, 200);
    assert.ok(hosted.body.equals(viaApp.body), 'the same bytes once written');
  } finally {
    await stop(bare);
  }
});

test('pipelined requests on one connection are answered in their order, each as the app answers it', async () => {
  const paths = ['/api/brief', '/api/feed?limit=3', '/api/feed?sort=latest&limit=1', `/api/feed?prefs=${prefsParam({ avoid_terms: ['number 2'] })}&limit=4`];
  const expected = await Promise.all(paths.map((p) => send(p, {}, 'GET', appServer)));
  const socket = connect(server.port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  // All four in one write: the server reads them in one turn and answers them in it.
  socket.write(paths.map((p) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`).join(''));
  const bodies = await new Promise<Buffer[]>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('data', () => {
      const parsed = splitResponses(Buffer.concat(received));
      if (parsed.length === paths.length) resolve(parsed);
    });
  });
  socket.destroy();
  bodies.forEach((body, i) => assert.ok(body.equals(expected[i]!.body), `${paths[i]}: its own answer, in its place`));
});

/** The bodies of the complete `HTTP/1.1 200` answers at the start of `raw` (each with its Content-Length). */
function splitResponses(raw: Buffer): Buffer[] {
  const bodies: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = raw.indexOf('\r\n\r\n', at);
    if (end < 0) return bodies;
    const head = raw.subarray(at, end).toString('latin1');
    assert.match(head, /^HTTP\/1\.1 200 /);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    if (raw.length < end + 4 + length) return bodies;
    bodies.push(raw.subarray(end + 4, end + 4 + length));
    at = end + 4 + length;
  }
}

test('a connection closed before its answer is written: the answer is dropped and the server goes on', async () => {
  let closeNext = true;
  const { server: bare, seen } = hostOnly((req) => {
    if (closeNext) req.socket.destroy();
    closeNext = false;
  });
  const port = await listenOn(bare);
  const linesBefore = ctx.log.lines.length;
  try {
    const path = '/api/feed?limit=1';
    const refused = await send(path, {}, 'GET', { port }).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    assert.match(refused, /socket hang up|ECONNRESET/);
    const next = await send(path, {}, 'GET', { port });
    assert.is(next.status, 200);
    assert.equal(seen.map((s) => s.hosted), [true, true]);
    assert.ok(ctx.log.lines.slice(linesBefore).every((l) => !l.includes('reading answer not written')), 'nothing failed to write');
  } finally {
    await stop(bare);
  }
});

test('an answer that cannot be written closes its own connection, says why in the log, and the others still go', async () => {
  // Something else answers the first request before the turn ends: the host's write then finds its headers sent.
  let answerFirst = true;
  const { server: bare } = hostOnly((_req, res) => {
    if (!answerFirst) return;
    answerFirst = false;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('answered elsewhere');
  });
  const port = await listenOn(bare);
  try {
    const before = ctx.log.lines.length;
    // The first answer may arrive before the connection closes, or not: either is fine, only the log and the next request count.
    await send('/api/feed?limit=2', {}, 'GET', { port }).catch(() => null);
    const errors = ctx.log.lines.slice(before).filter((l) => l.includes('reading answer not written'));
    assert.is(errors.length, 1, ctx.log.lines.slice(before).join('\n'));
    assert.match(errors[0]!, 'path=/api/feed');
    const next = await send('/api/feed?limit=2', {}, 'GET', { port });
    assert.is(next.status, 200);
    assert.match(next.headers.join('\n'), 'content-type: application/json');
  } finally {
    await stop(bare);
  }
});

test.run();
