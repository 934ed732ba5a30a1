import zlib from 'node:zlib';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FetchError, safeFetch, type SafeFetchOptions } from '../../core/pipeline/fetcher.ts';
import { isPublicAddress } from '../../core/domain/address.ts';
import { runIngest } from '../../core/pipeline/ingest.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { startFeedServer, xml, type FeedServer } from './feed-server.ts';

let server: FeedServer;
test.before(async () => {
  server = await startFeedServer();
});
test.after(async () => {
  await server.close();
});

/** The rules on, with 127.0.0.1 (only) playing a public host so redirects can be followed from it. */
const loopbackIsPublic: SafeFetchOptions = { allowPrivate: false, policy: { isPublic: (ip) => ip === '127.0.0.1' || isPublicAddress(ip), anyPort: true } };

async function refusal(url: string, options: SafeFetchOptions): Promise<FetchError> {
  try {
    await safeFetch(url, options);
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error(`expected ${url} to be refused`);
}

const cases: Array<[string, string, RegExp]> = [
  ['loopback IPv4', 'http://127.0.0.1/', /not a public address/],
  ['loopback IPv6', 'http://[::1]/', /not a public address/],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', /not a public address/],
  ['decimal loopback', 'http://2130706433/', /not a public address/],
  ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/', /not a public address/],
  ['file URL', 'file:///etc/passwd', /Only http and https/],
  ['ftp URL', 'ftp://example.com/feed.xml', /Only http and https/],
  ['userinfo', 'http://user:pass@example.com/', /user name or password/],
  ['odd port', 'http://example.com:6379/', /Port 6379/],
];
for (const [name, url, message] of cases) {
  test(`the safe fetcher refuses ${name} (${url}) without connecting`, async () => {
    const connections = server.connections;
    const error = await refusal(url, { allowPrivate: false, resolver: async () => [{ address: '93.184.216.34', family: 4 }] });
    assert.is(error.kind, 'refused');
    assert.is(error.status, 422);
    assert.match(error.message, message);
    assert.is(server.connections, connections);
  });
}

test('a public name that resolves to a private address is refused at connect time (DNS rebinding)', async () => {
  const connections = server.connections;
  const error = await refusal(`http://feeds.rebind.example:8080/feed.xml`, { allowPrivate: false, resolver: async () => [{ address: '10.0.0.7', family: 4 }] });
  assert.is(error.kind, 'refused');
  assert.match(error.message, /resolves to 10\.0\.0\.7/);
  assert.is(server.connections, connections);
});

test('a public host that redirects to a private address is refused on that hop', async () => {
  server.routes.set('/to-metadata', (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end());
  server.routes.set('/to-internal-name', (_req, res) => res.writeHead(301, { location: `http://internal.corp.example:${server.port}/secret` }).end());
  const direct = await refusal(`${server.base}/to-metadata`, loopbackIsPublic);
  assert.is(direct.kind, 'refused');
  assert.match(direct.message, /169\.254\.169\.254 is not a public address/);
  const named = await refusal(`${server.base}/to-internal-name`, { ...loopbackIsPublic, resolver: async (host) => [{ address: host === 'internal.corp.example' ? '192.168.1.10' : '127.0.0.1', family: 4 }] });
  assert.match(named.message, /resolves to 192\.168\.1\.10/);
  assert.not.ok(server.requests.some((r) => r.path === '/secret'));
});

test('redirect chains over 5 hops fail with a clear error', async () => {
  for (let i = 0; i < 8; i++) server.routes.set(`/loop/${i}`, (_req, res) => res.writeHead(302, { location: `/loop/${i + 1}`, 'set-cookie': 'tracker=1' }).end());
  const error = await refusal(`${server.base}/loop/0`, loopbackIsPublic);
  assert.is(error.kind, 'too_many_redirects');
  assert.match(error.message, /More than 5 redirects/);
  const hops = server.requests.filter((r) => r.path.startsWith('/loop/'));
  assert.is(hops.length, 6);
  assert.ok(hops.every((h) => h.headers.cookie === undefined), 'no cookies are sent back');
});

test('a body over 2 MiB after decompression is refused (gzip bomb)', async () => {
  const bomb = zlib.gzipSync(Buffer.alloc(3 * 1024 * 1024, 32));
  server.routes.set('/bomb.xml', (_req, res) => res.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip', 'content-length': String(bomb.length) }).end(bomb));
  const error = await refusal(`${server.base}/bomb.xml`, { allowPrivate: true });
  assert.is(error.kind, 'too_large');
  assert.match(error.message, /larger than 2097152 bytes/);
});

test('a server that never answers times out', async () => {
  server.routes.set('/silent', () => undefined);
  const error = await refusal(`${server.base}/silent`, { allowPrivate: true, headersTimeoutMs: 200 });
  assert.is(error.kind, 'timeout');
});

test('FETCH_ALLOW_PRIVATE lifts the address and port rules only: a loopback feed is fetched and decoded', async () => {
  server.routes.set('/latin1.xml', (_req, res) => res.writeHead(200, { 'content-type': 'text/xml; charset=iso-8859-1' }).end(Buffer.from('<rss><channel><title>Caf\xe9</title></channel></rss>', 'latin1')));
  const res = await safeFetch(`${server.base}/latin1.xml`, { allowPrivate: true });
  assert.is(res.status, 200);
  assert.match(res.body, /Café/);
  const stillRefused = await refusal('ftp://127.0.0.1/feed', { allowPrivate: true });
  assert.match(stillRefused.message, /Only http and https/);
});

test('polling refused URLs records a clear last_error per source and stores nothing', async () => {
  const ctx: TestContext = await createTestContext({ env: { FETCH_ALLOW_PRIVATE: 'false' } });
  try {
    server.routes.set('/private.xml', xml('<rss version="2.0"><channel><title>x</title><item><title>Never stored</title><link>https://x.example/a</link></item></channel></rss>'));
    const now = new Date();
    await insertFixtures(ctx.db, {
      sources: [
        makeSource({ _id: 'r-loop', feed_url: `http://127.0.0.1:${server.port}/private.xml`, next_poll_at: now }),
        makeSource({ _id: 'r-meta', feed_url: 'http://169.254.169.254/feed', next_poll_at: now }),
        makeSource({ _id: 'r-file', feed_url: 'file:///etc/passwd', next_poll_at: now }),
      ],
    });
    const summary = await runIngest({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => now });
    assert.is(summary.failed, 3);
    const sources = await sourcesCollection(ctx.db).find({}).sort({ _id: 1 }).toArray();
    assert.match(sources.find((s) => s._id === 'r-file')!.last_error ?? '', /Only http and https/);
    assert.match(sources.find((s) => s._id === 'r-meta')!.last_error ?? '', /not a public address/);
    assert.match(sources.find((s) => s._id === 'r-loop')!.last_error ?? '', /Port|not a public address/);
    assert.is(await articlesCollection(ctx.db).countDocuments({}), 0);
    assert.not.ok(server.requests.some((r) => r.path === '/private.xml'));
  } finally {
    await ctx.close();
  }
});

test.run();
