/**
 * Untrusted fetch (CONTRACT.md "Safe fetch of untrusted URLs"), attacked with the project's copy of
 * the SSRF corpus (220 must-refuse, 16 must-allow URLs) and with loopback servers playing hostile
 * publishers. Canary listeners on 127.0.0.1 (the address every name is made to resolve to, and
 * where most literal forms land) count connections: a refusal must happen before any socket opens.
 * Nothing here leaves the machine: every name goes through an injected resolver.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import { FetchError, checkUrl, safeFetch, type SafeFetchOptions } from '../../core/pipeline/fetcher.ts';
import { runIngest } from '../../core/pipeline/ingest.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeSource } from '../helpers/fixtures.ts';
import { errorCode, signIn } from './helpers.ts';
import { pointingResolver, readCorpus, startCanary, type Canary } from './ssrf-peers.ts';

const refuse = readCorpus('urls.annotated.tsv');
const allow = readCorpus('should-allow.annotated.tsv');

let canary: Canary;
let ctx: TestContext;

/** Run one fetch and say how it ended: 'ok', or the FetchError kind, or 'other: …'. */
async function outcome(url: string, options: SafeFetchOptions): Promise<string> {
  try {
    await safeFetch(url, { totalTimeoutMs: 3000, headersTimeoutMs: 2000, ...options });
    return 'ok';
  } catch (error) {
    return error instanceof FetchError ? error.kind : `other: ${String(error)}`;
  }
}

/** A loopback HTTP server; `handler` decides each answer. */
async function server(handler: http.RequestListener, host = '127.0.0.1', port = 0) {
  const s = http.createServer(handler);
  let connections = 0;
  s.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => s.listen(port, host, resolve));
  return {
    port: (s.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => {
      s.closeAllConnections();
      s.close(() => resolve());
    }),
  };
}

// The loopback server plays "the public internet" through the fetcher's test policy seam: only
// 127.0.0.1 counts as public, every other private address (127.0.0.2 included) stays refused.
const loopbackIsPublic: SafeFetchOptions['policy'] = { isPublic: (a) => a === '127.0.0.1' || a === '::ffff:127.0.0.1', anyPort: true };

test.before(async () => {
  canary = await startCanary('127.0.0.1', [80, 443, 8080, 8443]);
  if (canary.skipped.length) console.log(`note: canary ports ${canary.skipped.join(', ')} could not be bound (busy or not root); those ports go unwatched`);
  ctx = await createTestContext({ env: { FETCH_ALLOW_PRIVATE: 'false' } });
  mkdirSync(ctx.config.distDir, { recursive: true }); // quiet serveStatic's missing-root warning
});
test.after(async () => {
  await canary.close();
  await ctx.close();
});

test('the corpus copy is complete: 220 must-refuse lines in 31 categories and 16 must-allow lines', () => {
  assert.is(refuse.length, 220);
  assert.is(new Set(refuse.map((l) => l.category)).size, 31);
  assert.is(allow.length, 16);
  assert.ok(refuse.some((l) => l.url.startsWith('  ')), 'the line with two leading spaces survived');
});

// Table test: every must-refuse URL, every name resolving to the canary address (the worst case a
// hostile DNS can give), is refused as `refused`, and no canary port ever sees a connection.
for (const category of [...new Set(refuse.map((l) => l.category))]) {
  const lines = refuse.filter((l) => l.category === category);
  test(`every ${category} URL (${lines.length}) is refused before any connection`, async () => {
    const before = canary.connections.length;
    const wrong: string[] = [];
    for (const line of lines) {
      const result = await outcome(line.url, { allowPrivate: false, resolver: pointingResolver('127.0.0.1') });
      if (result !== 'refused') wrong.push(`${JSON.stringify(line.url)} → ${result}`);
    }
    assert.equal(wrong, []);
    assert.is(canary.connections.length, before, 'a canary saw a connection');
  });
}

test('names are refused on their DNS answer even when it is IPv6 or IPv4-mapped private', async () => {
  for (const address of ['::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', 'fd00:ec2::254', '10.1.2.3', '100.100.100.200']) {
    assert.is(await outcome('https://feeds.example.org/rss', { allowPrivate: false, resolver: pointingResolver(address) }), 'refused', address);
  }
});

test('every must-allow URL passes the URL checks (no over-blocking)', () => {
  const refused: string[] = [];
  for (const line of allow) {
    try {
      checkUrl(line.url, false);
    } catch (error) {
      refused.push(`${line.url}: ${String(error)}`);
    }
  }
  assert.equal(refused, []);
});

test('must-allow host names really dial the address their (injected) DNS gives', async () => {
  // Each name resolves to the canary, which the test policy counts as public: the fetch must reach
  // it (plain http gets the canary's 204; https fails its handshake, which is a network error).
  const named = allow.filter((l) => l.hostKind === 'name');
  assert.ok(named.length >= 10);
  for (const line of named) {
    const port = new URL(line.url).protocol === 'https:' ? 443 : 80;
    if (!canary.ports.includes(port)) continue;
    const asked: string[] = [];
    const before = canary.connections.length;
    const result = await outcome(line.url, { allowPrivate: false, resolver: pointingResolver('127.0.0.1', asked), policy: { isPublic: (a) => a === '127.0.0.1' } });
    assert.ok(result === 'ok' || result === 'network', `${line.url} → ${result}`);
    assert.is(canary.connections.length, before + 1, `${line.url} reached its address`);
    assert.equal(asked, [new URL(line.url).hostname], 'the resolver was asked for the host itself');
  }
});

test('a public name whose DNS answer mixes a public and a private address is refused (every address checked)', async () => {
  const resolver = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ];
  const before = canary.connections.length;
  assert.is(await outcome('http://good-news.example/feed', { allowPrivate: false, resolver }), 'refused');
  assert.is(canary.connections.length, before);
});

test('a redirect chain from a "public" host that ends on a private name is refused on that hop, and the private listener never sees a connection', async () => {
  const privateListener = await startCanary('127.0.0.2', [0]);
  const target = `http://internal.example:${privateListener.ports[0]}/secret`;
  const publisher = await server((req, res) => {
    if (req.url === '/a') res.writeHead(302, { location: '/b' }).end();
    else if (req.url === '/b') res.writeHead(307, { location: target }).end();
    else res.writeHead(404).end();
  });
  const resolver = async (name: string) => [{ address: name === 'internal.example' ? '127.0.0.2' : '127.0.0.1', family: 4 }];
  try {
    assert.is(await outcome(`http://public.example:${publisher.port}/a`, { allowPrivate: false, resolver, policy: loopbackIsPublic }), 'refused');
    assert.is(await outcome(`http://public.example:${publisher.port}/b`, { allowPrivate: false, resolver, policy: loopbackIsPublic }), 'refused');
    assert.is(privateListener.connections.length, 0, 'the private address was never dialled');
    assert.is(publisher.connections, 3, 'each hop dialled afresh (/a, /b, then /b again)');
  } finally {
    await publisher.close();
    await privateListener.close();
  }
});

test('DNS rebinding across hops: the same name answering public then private is refused on the second hop', async () => {
  const privateListener = await startCanary('127.0.0.2', [0]);
  let calls = 0;
  const publisher = await server((_req, res) => res.writeHead(302, { location: `http://rebind.example:${privateListener.ports[0]}/x` }).end());
  const resolver = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
  try {
    assert.is(await outcome(`http://rebind.example:${publisher.port}/`, { allowPrivate: false, resolver, policy: loopbackIsPublic }), 'refused');
    assert.is(calls, 2, 'each hop resolved again');
    assert.is(privateListener.connections.length, 0);
  } finally {
    await publisher.close();
    await privateListener.close();
  }
});

test('redirects never carry cookies or credentials, and more than 5 hops fail', async () => {
  const seen: Array<string | undefined> = [];
  const publisher = await server((req, res) => {
    seen.push(req.headers.cookie ?? req.headers.authorization);
    const n = Number((req.url ?? '/0').slice(1));
    res.writeHead(302, { location: `/${n + 1}`, 'set-cookie': 'track=1; Path=/' }).end();
  });
  try {
    const result = await outcome(`http://127.0.0.1:${publisher.port}/0`, { allowPrivate: true, headers: { cookie: 'a=b', authorization: 'Bearer x' } });
    assert.is(result, 'too_many_redirects');
    assert.is(seen.length, 6, 'the first request and 5 redirects');
    assert.equal(seen, new Array(6).fill(undefined));
  } finally {
    await publisher.close();
  }
});

for (const [encoding, compress] of [
  ['gzip', zlib.gzipSync],
  ['deflate', zlib.deflateSync],
  ['br', zlib.brotliCompressSync],
] as const) {
  test(`a ${encoding} body that inflates past 2 MiB is refused (too_large), even with a small Content-Length`, async () => {
    const bomb = compress(Buffer.alloc(3 * 1024 * 1024, 0x20));
    assert.ok(bomb.length < 64 * 1024);
    const publisher = await server((_req, res) => res.writeHead(200, { 'content-encoding': encoding, 'content-length': String(bomb.length), 'content-type': 'application/rss+xml' }).end(bomb));
    try {
      assert.is(await outcome(`http://127.0.0.1:${publisher.port}/`, { allowPrivate: true }), 'too_large');
    } finally {
      await publisher.close();
    }
  });
}

test('an endless chunked body without Content-Length is cut at the cap', async () => {
  const publisher = await server((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (res.write(chunk)) if (res.destroyed) return;
      res.once('drain', pump);
    };
    res.on('error', () => undefined);
    pump();
  });
  try {
    assert.is(await outcome(`http://127.0.0.1:${publisher.port}/`, { allowPrivate: true }), 'too_large');
  } finally {
    await publisher.close();
  }
});

test('a server that never sends headers, and one that trickles its body forever, both time out near the deadline', async () => {
  const silent = await server(() => undefined);
  const trickle = await server((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    const timer = setInterval(() => res.write('<'), 50);
    res.on('close', () => clearInterval(timer));
  });
  try {
    let started = Date.now();
    assert.is(await outcome(`http://127.0.0.1:${silent.port}/`, { allowPrivate: true, headersTimeoutMs: 300, totalTimeoutMs: 2000 }), 'timeout');
    assert.ok(Date.now() - started < 1500, 'headers deadline honoured');
    started = Date.now();
    assert.is(await outcome(`http://127.0.0.1:${trickle.port}/`, { allowPrivate: true, headersTimeoutMs: 300, totalTimeoutMs: 600 }), 'timeout');
    assert.ok(Date.now() - started < 1500, 'total deadline honoured');
  } finally {
    await silent.close();
    await trickle.close();
  }
});

// The entry points use the system resolver, so they get only the lines that need no DNS at all:
// IP literals, localhost, unparsable URLs and other schemes. Names are covered by the poller
// (which takes a resolver) and by the table above.
const noDnsLines = refuse.filter((l) => {
  if (l.parsed === 'INVALID' || l.hostKind !== 'name') return true;
  const u = new URL(l.parsed);
  return (u.protocol !== 'http:' && u.protocol !== 'https:') || u.hostname === 'localhost';
});

test('the poller refuses every corpus URL: each source failed with a recorded error, nothing stored, no canary touched', async () => {
  const sources = refuse.map((l, i) => makeSource({ _id: `ssrf-${i}`, feed_url: l.url }));
  await sourcesCollection(ctx.db).insertMany(sources);
  const before = canary.connections.length;
  const summary = await runIngest({ ...ctx.deps, resolver: pointingResolver('127.0.0.1'), concurrency: 8 }, { sources });
  assert.is(summary.failed, sources.length);
  assert.is(summary.new_articles, 0);
  assert.is(await articlesCollection(ctx.db).countDocuments({}), 0);
  const withoutError = await sourcesCollection(ctx.db).countDocuments({ _id: { $in: sources.map((s) => s._id) }, last_error: null });
  assert.is(withoutError, 0, 'every refused source records why');
  assert.is(canary.connections.length, before);
  await sourcesCollection(ctx.db).deleteMany({ _id: { $in: sources.map((s) => s._id) } });
});

test('GET /api/source-preview refuses every no-DNS corpus URL with 422, never 200 or 500, and dials nothing', async () => {
  assert.ok(noDnsLines.length > 150, `${noDnsLines.length} lines`);
  const before = canary.connections.length;
  const wrong: string[] = [];
  let app = createApp(ctx.deps);
  for (const [i, line] of noDnsLines.entries()) {
    // The route allows 10 previews a minute per client address: a fresh app instance per batch.
    if (i % 10 === 0) app = createApp(ctx.deps);
    const res = await app.request(`/api/source-preview?url=${encodeURIComponent(line.url)}`);
    if (res.status !== 422) wrong.push(`${JSON.stringify(line.url)} → ${res.status}`);
  }
  assert.equal(wrong, []);
  assert.is(canary.connections.length, before);
});

test('admin candidates and the live source preview refuse the same URLs with 422 and stage nothing', async () => {
  const admin = await signIn(ctx.db, 'ssrf-admin@example.org', true);
  const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
  const before = canary.connections.length;
  const wrong: string[] = [];
  const sample = noDnsLines.filter((_, i) => i % 3 === 0);
  for (const line of sample) {
    const res = await ctx.request('/api/admin/candidates', { method: 'POST', headers, body: JSON.stringify({ url: line.url }) });
    if (res.status !== 422) wrong.push(`candidate ${JSON.stringify(line.url)} → ${res.status} ${await errorCode(res)}`);
  }
  assert.is(await ctx.db.collection('candidates').countDocuments({}), 0, 'no candidate staged');
  const live = sample.map((l, i) => makeSource({ _id: `live-${i}`, feed_url: l.url }));
  await sourcesCollection(ctx.db).insertMany(live);
  for (const source of live) {
    const res = await ctx.request(`/api/admin/sources/${source._id}/preview`, { method: 'POST', headers });
    if (res.status !== 422) wrong.push(`live ${JSON.stringify(source.feed_url)} → ${res.status} ${await errorCode(res)}`);
  }
  assert.equal(wrong, []);
  assert.is(canary.connections.length, before);
});

test.run();
