/**
 * The site served from memory by the Node server (issue 23, api/static-files.ts): every text type
 * compressed when asked (br before gzip) and identity when not; strong ETag and Last-Modified with
 * 304s; Cache-Control and Content-Type by path (issue 18); a file the build publishes is served at
 * once; the index holds at most its byte bound and serves larger files from disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serveApp, type Listening } from '../../api/server.ts';
import { preferredEncoding } from '../../api/http-cache.ts';
import { StaticFiles } from '../../api/static-files.ts';
import { writeAtomic } from '../../site/_includes/publish.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { decoded, rawRequest } from '../helpers/raw-http.ts';

let ctx: TestContext;
let server: Listening;

/** Text that compresses (words, repeated) of about `bytes` bytes. */
const prose = (bytes: number, salt = '') => `${salt} A calm town opened a quiet library by the river. `.repeat(Math.ceil(bytes / 50)).slice(0, bytes);

/** site path → [file under dist, content type, body]. */
const TEXT_FILES: Array<[string, string, RegExp, string]> = [
  ['/', 'index.html', /^text\/html; charset=utf-8$/, `<!doctype html><title>Home</title>${prose(4000)}`],
  ['/today', 'today/index.html', /^text\/html; charset=utf-8$/, `<!doctype html><title>Today</title>${prose(3000)}`],
  ['/brief.json', 'brief.json', /^application\/json; charset=utf-8$/, JSON.stringify({ items: [prose(2000)] })],
  ['/feeds/today.atom', 'feeds/today.atom', /^application\/atom\+xml; charset=utf-8$/, `<?xml version="1.0"?><feed>${prose(2000)}</feed>`],
  ['/feeds/today.json', 'feeds/today.json', /^application\/feed\+json; charset=utf-8$/, JSON.stringify({ version: 'https://jsonfeed.org/version/1.1', title: prose(2000) })],
  ['/sources.opml', 'sources.opml', /^text\/x-opml; charset=utf-8$/, `<?xml version="1.0"?><opml version="2.0">${prose(2000)}</opml>`],
  ['/sitemap.xml', 'sitemap.xml', /^application\/xml; charset=utf-8$/, `<?xml version="1.0"?><urlset>${prose(2000)}</urlset>`],
  ['/assets/site.css?v=0123456789', 'assets/site.css', /^text\/css; charset=utf-8$/, `body { color: #222; } /* ${prose(2000)} */`],
  ['/app/reader.js', 'app/reader.js', /^text\/javascript; charset=utf-8$/, `export const text = ${JSON.stringify(prose(3000))};`],
  ['/app/chunks/games-AB12CD34.js', 'app/chunks/games-AB12CD34.js', /^text\/javascript; charset=utf-8$/, `export const games = ${JSON.stringify(prose(2000))};`],
  ['/manifest.webmanifest', 'manifest.webmanifest', /^application\/manifest\+json; charset=utf-8$/, JSON.stringify({ name: 'Tidings', description: prose(1500) })],
  ['/icon.svg', 'icon.svg', /^image\/svg\+xml/, `<svg xmlns="http://www.w3.org/2000/svg"><title>${prose(1500)}</title></svg>`],
  ['/robots.txt', 'robots.txt', /^text\/plain; charset=utf-8$/, `User-agent: *\nAllow: /\n# ${prose(1500)}\n`],
];

const write = (rel: string, data: string | Buffer) => {
  const file = path.join(ctx.config.distDir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
};

test.before(async () => {
  ctx = await createTestContext();
  for (const [, rel, , body] of TEXT_FILES) write(rel, body);
  write('a/AAAA1111BBBB2222/index.html', `<!doctype html><title>Story</title>${prose(3000)}`);
  write('photo.png', randomBytes(4096));
  write('favicon.ico', randomBytes(1500));
  write('icons/icon-192.png', randomBytes(3000));
  write('small.txt', 'short');
  server = await serveApp(ctx.app, 0, '127.0.0.1');
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${server.url}${pathname}`, { headers, method });

for (const [pathname, rel, type, body] of TEXT_FILES) {
  test(`${pathname} (${rel}): br when asked, gzip when only gzip is, identity otherwise, each with its type and Vary`, async () => {
    // The first read makes gzip at once and brotli in the background.
    await get(pathname, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    await ctx.app.staticFiles.settled();
    const br = await get(pathname, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    assert.is(br.status, 200);
    assert.match(String(br.headers['content-type']), type);
    assert.is(br.headers['content-encoding'], 'br');
    assert.is(br.headers.vary, 'Accept-Encoding');
    assert.ok(br.body.length < Buffer.byteLength(body) / 2, `br is ${br.body.length} bytes of ${Buffer.byteLength(body)}`);
    assert.is(decoded(br).toString('utf8'), body);
    assert.is(br.headers['content-length'], String(br.body.length));

    const gz = await get(pathname, { 'Accept-Encoding': 'gzip' });
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.is(decoded(gz).toString('utf8'), body);

    const plain = await get(pathname);
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.headers.vary, 'Accept-Encoding');
    assert.is(plain.body.toString('utf8'), body);
    assert.ok(plain.headers['content-security-policy'], 'the security headers are on static answers too');

    // Each coding is other bytes, so each has its own strong tag.
    assert.is(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size, 3);
    for (const answer of [br, gz, plain]) assert.match(String(answer.headers.etag), /^"[^"]+"$/);
  });
}

test('a file just read goes out in gzip until its brotli bytes are made, then in brotli', async () => {
  const body = `<!doctype html><title>Fresh</title>${prose(5000, 'fresh')}`;
  write('fresh/index.html', body);
  const first = await get('/fresh', { 'Accept-Encoding': 'br, gzip' });
  assert.is(first.headers['content-encoding'], 'gzip');
  assert.is(first.headers.vary, 'Accept-Encoding');
  assert.is(decoded(first).toString('utf8'), body);
  // Brotli only, before brotli is made: identity, never the gzip the client did not name (the
  // background job may win the race, then it is brotli).
  const onlyBr = await get('/fresh', { 'Accept-Encoding': 'br' });
  assert.ok(onlyBr.headers['content-encoding'] === undefined || onlyBr.headers['content-encoding'] === 'br');
  assert.is(decoded(onlyBr).toString('utf8'), body);
  assert.is(preferredEncoding('br', ['gzip']), null);
  assert.is(preferredEncoding('br, gzip', ['gzip']), 'gzip');
  assert.is(preferredEncoding('*', []), null);
  await ctx.app.staticFiles.settled();
  const later = await get('/fresh', { 'Accept-Encoding': 'br, gzip' });
  assert.is(later.headers['content-encoding'], 'br');
  assert.is(decoded(later).toString('utf8'), body);
});

test('codings refused with q=0 or not named are not sent; the highest q wins; unreadable headers mean identity', async () => {
  const cases: Array<[string, string | undefined]> = [
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip;q=2', undefined],
    ['gzip;q=abc, br;q=-1', undefined],
    [`${'x,'.repeat(5000)}br`, undefined],
  ];
  for (const [accept, coding] of cases) {
    const res = await get('/', { 'Accept-Encoding': accept });
    assert.is(res.status, 200, accept.slice(0, 40));
    assert.is(res.headers['content-encoding'], coding, accept.slice(0, 40));
  }
});

test('binary files and text under 1 KB go out as they are', async () => {
  for (const pathname of ['/photo.png', '/small.txt']) {
    const res = await get(pathname, { 'Accept-Encoding': 'gzip, br' });
    assert.is(res.status, 200);
    assert.is(res.headers['content-encoding'], undefined, pathname);
  }
  const png = await get('/photo.png');
  assert.is(png.headers['content-type'], 'image/png');
  assert.is(png.headers.vary, undefined, 'no other coding exists, so nothing varies');
});

test('icons (issue 18): their image types, revalidated (stable names) or a year when versioned', async () => {
  const cases: Array<[string, string, string]> = [
    ['/favicon.ico', 'image/x-icon', 'public, max-age=0, must-revalidate'],
    ['/icons/icon-192.png', 'image/png', 'public, max-age=0, must-revalidate'],
    ['/icons/icon-192.png?v=1a2b3c', 'image/png', 'public, max-age=31536000, immutable'],
    ['/icon.svg?v=1a2b3c', 'image/svg+xml; charset=utf-8', 'public, max-age=31536000, immutable'],
  ];
  for (const [pathname, type, cache] of cases) {
    const res = await get(pathname, { 'Accept-Encoding': 'gzip, br' });
    assert.is(res.status, 200, pathname);
    assert.is(res.headers['content-type'], type, pathname);
    assert.is(res.headers['cache-control'], cache, pathname);
    assert.is(res.headers['x-content-type-options'], 'nosniff', pathname);
  }
});

test('conditional GET: the ETag or the exact Last-Modified → 304 with no body; a changed tag or an older date → 200', async () => {
  await ctx.app.staticFiles.settled();
  for (const accept of [undefined, 'gzip, br']) {
    const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
    const first = await get('/today', headers);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    assert.ok(Date.parse(lastModified) > 0);

    const byTag = await get('/today', { ...headers, 'If-None-Match': etag });
    assert.is(byTag.status, 304);
    assert.is(byTag.body.length, 0);
    assert.is(byTag.headers.etag, etag);
    assert.is(byTag.headers['cache-control'], first.headers['cache-control']);
    assert.is((await get('/today', { ...headers, 'If-None-Match': `"other", ${etag}` })).status, 304, 'a list naming it');
    assert.is((await get('/today', { ...headers, 'If-None-Match': `W/${etag}` })).status, 304, 'weak comparison');
    assert.is((await get('/today', { ...headers, 'If-None-Match': '*' })).status, 304);
    assert.is((await get('/today', { ...headers, 'If-None-Match': '"other"' })).status, 200);

    assert.is((await get('/today', { ...headers, 'If-Modified-Since': lastModified })).status, 304);
    assert.is((await get('/today', { ...headers, 'If-Modified-Since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).status, 200);
    assert.is((await get('/today', { ...headers, 'If-Modified-Since': 'yesterday-ish' })).status, 200);
    assert.is((await get('/today', { ...headers, 'If-None-Match': '"other"', 'If-Modified-Since': lastModified })).status, 200, 'If-None-Match decides when present');
    assert.is((await get('/today', { ...headers, 'If-None-Match': etag }, 'HEAD')).status, 304);
  }
});

test('HEAD: the headers of the GET, no body', async () => {
  await ctx.app.staticFiles.settled();
  const head = await get('/today', { 'Accept-Encoding': 'br' }, 'HEAD');
  const full = await get('/today', { 'Accept-Encoding': 'br' });
  assert.is(head.status, 200);
  assert.is(head.body.length, 0);
  assert.is(head.headers['content-length'], full.headers['content-length']);
  assert.is(head.headers.etag, full.headers.etag);
});

test('Cache-Control by path: versioned and hashed assets a year, pages short, the rest revalidated', async () => {
  const cases: Array<[string, string]> = [
    ['/assets/site.css?v=0123456789', 'public, max-age=31536000, immutable'],
    ['/app/chunks/games-AB12CD34.js', 'public, max-age=31536000, immutable'],
    ['/app/reader.js?v=abc', 'public, max-age=31536000, immutable'],
    ['/app/reader.js', 'public, max-age=0, must-revalidate'],
    ['/today', 'public, max-age=60, stale-while-revalidate=300'],
    ['/today/', 'public, max-age=60, stale-while-revalidate=300'],
    ['/brief.json', 'public, max-age=60, stale-while-revalidate=300'],
    ['/sitemap.xml', 'public, max-age=300'],
    ['/feeds/today.atom', 'public, max-age=600'],
    ['/a/AAAA1111BBBB2222', 'public, max-age=300, stale-while-revalidate=3600'],
    ['/', 'public, max-age=0, must-revalidate'],
    ['/icon.svg', 'public, max-age=0, must-revalidate'],
  ];
  for (const [pathname, value] of cases) {
    const res = await get(pathname);
    assert.is(res.status, 200, pathname);
    assert.is(res.headers['cache-control'], value, pathname);
  }
});

test('hostile paths name no file: traversal, NUL, dot-files, bad escapes → the app answers (calm 404)', async () => {
  write('.secret.tmp', 'not for readers');
  for (const pathname of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%00', '/.secret.tmp', '/a/%E0%A4%A', '/today%5c..%5c', '//etc/passwd', `/${'a/'.repeat(1100)}`]) {
    const res = await get(pathname, { 'Accept-Encoding': 'gzip, br' });
    assert.ok(res.status === 404 || res.status === 400, `${pathname.slice(0, 40)}: ${res.status}`);
    assert.not.match(decoded(res).toString('utf8'), 'not for readers');
  }
});

test('a file the build publishes is served at once: new bytes, new tag, no stale copy', async () => {
  await ctx.app.staticFiles.settled();
  const before = await get('/brief.json', { 'Accept-Encoding': 'br' });
  const changed = JSON.stringify({ items: [prose(2500, 'changed')] });
  await writeAtomic(path.join(ctx.config.distDir, 'brief.json'), changed);
  const after = await get('/brief.json', { 'Accept-Encoding': 'br, gzip' });
  assert.is(decoded(after).toString('utf8'), changed);
  assert.is.not(after.headers.etag, before.headers.etag);
  assert.is((await get('/brief.json', { 'Accept-Encoding': 'br', 'If-None-Match': String(before.headers.etag) })).status, 200, 'the old tag no longer matches');
  // A new file appears, and a removed one is gone.
  await writeAtomic(path.join(ctx.config.distDir, 'a', 'NEW0000000000000', 'index.html'), '<!doctype html><title>New</title>');
  assert.is((await get('/a/NEW0000000000000')).body.toString('utf8'), '<!doctype html><title>New</title>');
  rmSync(path.join(ctx.config.distDir, 'small.txt'));
  assert.is((await get('/small.txt')).status, 404);
});

test('the index holds at most its byte bound; a file over the per-file bound streams from disk, still conditional and gzipped when asked', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'tidings-static-'));
  const files = new StaticFiles(root, { maxBytes: 16 * 1024, maxFileBytes: 6 * 1024 });
  const bounded = await serveApp({ fetch: () => new Response('from the app', { status: 404 }), staticFiles: files }, 0, '127.0.0.1');
  try {
    const bodies = new Map<string, string>();
    for (let i = 0; i < 12; i += 1) {
      // Random text compresses little, so each file costs about three times its size.
      const body = randomBytes(1500).toString('base64');
      bodies.set(`/f${i}.txt`, body);
      writeFileSync(path.join(root, `f${i}.txt`), body);
    }
    const big = prose(40_000, 'big');
    writeFileSync(path.join(root, 'big.html'), big);
    for (const [pathname, body] of bodies) {
      const res = await rawRequest(`${bounded.url}${pathname}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
      assert.is(decoded(res).toString('utf8'), body);
      assert.ok(files.stats().bytes <= files.maxBytes, `${files.stats().bytes} bytes held`);
    }
    assert.ok(files.stats().files < bodies.size, 'the oldest were let go');
    // Every file, held or not, is still served right.
    for (const [pathname, body] of bodies) assert.is((await rawRequest(`${bounded.url}${pathname}`)).body.toString('utf8'), body);

    const plain = await rawRequest(`${bounded.url}/big.html`);
    assert.is(plain.body.toString('utf8'), big);
    assert.is(plain.headers['content-length'], String(Buffer.byteLength(big)));
    const gz = await rawRequest(`${bounded.url}/big.html`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.is(decoded(gz).toString('utf8'), big);
    assert.ok(gz.body.length < big.length / 4);
    const again = await rawRequest(`${bounded.url}/big.html`, { headers: { 'If-None-Match': String(plain.headers.etag) } });
    assert.is(again.status, 304);
    assert.ok(files.stats().bytes <= files.maxBytes);
    assert.is((await rawRequest(`${bounded.url}/missing.txt`)).body.toString('utf8'), 'from the app');
  } finally {
    await bounded.close();
    rmSync(root, { recursive: true, force: true });
  }
});

test('TIDINGS_STATIC_CACHE_MB bounds the app’s index: beyond it files are served from disk, still right', async () => {
  const small = await createTestContext({ env: { TIDINGS_STATIC_CACHE_MB: '1' } });
  const served = await serveApp(small.app, 0, '127.0.0.1');
  try {
    const files = small.app.staticFiles;
    assert.is(files.maxBytes, 1024 * 1024);
    const dist = small.config.distDir;
    // Random text: compresses little, so each 100 KB file holds about 300 KB with its codings.
    const bodies = new Map<string, string>();
    for (let i = 0; i < 8; i += 1) {
      const body = randomBytes(75_000).toString('base64');
      bodies.set(`/page${i}.txt`, body);
      writeFileSync(path.join(dist, `page${i}.txt`), body);
    }
    // Over the per-file bound (an eighth of the whole): never held.
    const big = prose(200_000, 'large');
    writeFileSync(path.join(dist, 'large.html'), big);
    for (const [pathname, body] of bodies) {
      const res = await rawRequest(`${served.url}${pathname}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
      assert.is(decoded(res).toString('utf8'), body, pathname);
      await files.settled();
      assert.ok(files.stats().bytes <= 1024 * 1024, `${files.stats().bytes} bytes held`);
    }
    assert.ok(files.stats().files < bodies.size, `${files.stats().files} files held: the oldest were let go`);
    for (const [pathname, body] of bodies) assert.is((await rawRequest(`${served.url}${pathname}`)).body.toString('utf8'), body, `${pathname} again`);
    const large = await rawRequest(`${served.url}/large.html`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.is(large.headers['content-encoding'], 'gzip', 'from disk: gzipped on the way');
    assert.match(String(large.headers.etag), /^W\/"[0-9a-f]+-[0-9a-f]+-gz"$/, 'a size-and-time tag: the bytes were never held');
    assert.is(decoded(large).toString('utf8'), big);
    assert.ok(files.stats().bytes <= 1024 * 1024);
  } finally {
    await served.close();
    await small.close();
  }
});

test.run();
