import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { SmartRouter } from 'hono/router/smart-router';
import path from 'node:path';
import { API_HEADERS, DOCUMENT_HEADERS, securityHead } from '../../api/security-headers.ts';
import { serveApp } from '../../api/server.ts';
import { unsubscribeToken } from '../../core/domain/digest.ts';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import type { CacheFigures } from '../../core/platform/cache.ts';
import { hashToken } from '../../api/session.ts';
import { sessionsCollection } from '../../core/store/sessions.ts';
import { signIn } from '../admin/helpers.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { OWN_BRIEF_SCRIPT_HASH } from '../../core/pages/own-brief.ts';

let ctx: TestContext;
test.before(async () => {
  ctx = await createTestContext();
});
test.after(async () => {
  await ctx.close();
});

test('GET /api/health answers 200 {ok:true,db:"up"} when the database answers', async () => {
  const res = await ctx.request('/api/health');
  assert.is(res.status, 200);
  assert.equal(await res.json(), { ok: true, db: 'up' });
});

test("an admin's /api/health adds the caches' figures; anyone else gets exactly the contract body; nothing is written", async () => {
  const admin = await signIn(ctx.db, { email: 'ops@example.org', is_admin: true });
  const reader = await signIn(ctx.db, { email: 'reader@example.org' });
  // An admin session due for its sliding extension: a read through currentUser would write it.
  const stale = new Date(Date.now() - 3 * 3_600_000);
  await sessionsCollection(ctx.db).updateOne({ token_hash: hashToken(admin.token) }, { $set: { last_used_at: stale } });
  const feed = `/api/feed?prefs=${encodeURIComponent(JSON.stringify({ avoid_terms: ['health-check-term'] }))}`;
  // Three times: a query is kept from its second request on, so the third is a hit.
  for (let i = 0; i < 3; i += 1) assert.is((await ctx.request(feed)).status, 200);
  const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  for (const init of [undefined, bearer(reader.token), bearer('x'.repeat(40)), { headers: { Cookie: `${SESSION_COOKIE}=${reader.token}` } }]) {
    const res = await ctx.request('/api/health', init);
    assert.is(res.status, 200);
    assert.equal(await res.json(), { ok: true, db: 'up' });
  }
  for (const init of [bearer(admin.token), { headers: { Cookie: `${SESSION_COOKIE}=${admin.token}` } }]) {
    const res = await ctx.request('/api/health', init);
    assert.is(res.status, 200);
    assert.is(res.headers.get('cache-control'), 'no-store');
    assert.is(res.headers.get('set-cookie'), null, 'the session is not extended');
    const body = (await res.json()) as { ok: boolean; db: string; caches: Record<string, CacheFigures> };
    assert.equal(Object.keys(body), ['ok', 'db', 'caches']);
    assert.is(body.ok, true);
    const queries = body.caches['readmodel.queries'];
    assert.ok(queries && queries.hits >= 1 && queries.misses >= 1 && queries.size >= 1 && queries.max === 512, JSON.stringify(queries));
    for (const name of ['readmodel.prefs', 'readmodel.answers.feed', 'readmodel.avoid']) assert.ok(body.caches[name], `${name} is listed`);
  }
  const session = await sessionsCollection(ctx.db).findOne({ token_hash: hashToken(admin.token) });
  assert.equal(session?.last_used_at, stale, 'health never writes, not even a session extension');
});

test("every route fits Hono's RegExpRouter, so the app routes with it rather than the slower TrieRouter", async () => {
  await ctx.request('/api/health');
  assert.is((ctx.app.router as SmartRouter<unknown>).activeRouter.name, 'RegExpRouter');
});

test('unknown /api path answers 404 with the contract error body', async () => {
  const res = await ctx.request('/api/does-not-exist');
  assert.is(res.status, 404);
  const body = (await res.json()) as { error: { code: string; message: string } };
  assert.is(body.error.code, 'not_found');
  assert.type(body.error.message, 'string');
  assert.equal(Object.keys(body), ['error']);
});

test('a path the API has, asked with a method it does not take, answers 405 with Allow (RFC 9110); an unknown path stays 404', async () => {
  const cases: Array<[string, string, string]> = [
    ['DELETE', '/api/brief', 'GET, HEAD'],
    ['PUT', '/api/feed', 'GET, HEAD'],
    ['GET', '/api/events', 'POST'],
    ['GET', '/api/feedback', 'POST'],
    ['POST', '/api/prefs', 'GET, PUT, HEAD'],
  ];
  for (const [method, pathname, allow] of cases) {
    const res = await ctx.request(pathname, { method });
    assert.is(res.status, 405, `${method} ${pathname}`);
    assert.is(res.headers.get('allow'), allow, `${method} ${pathname}`);
    const body = (await res.json()) as { error: { code: string; message: string } };
    assert.is(body.error.code, 'method_not_allowed');
    assert.is(body.error.message, `${pathname} does not take ${method}; it takes ${allow}.`);
  }
  // OPTIONS (without an Origin: a CORS preflight is answered by the CORS middleware) says what the path takes.
  const options = await ctx.request('/api/brief', { method: 'OPTIONS' });
  assert.is(options.status, 204);
  assert.is(options.headers.get('allow'), 'GET, HEAD, OPTIONS');
  assert.is(await options.text(), '');
  const missing = await ctx.request('/api/feedback/nope', { method: 'POST' });
  assert.is(missing.status, 404);
  assert.is(missing.headers.get('allow'), null);
  // The admin area checks its caller first: a stranger learns nothing of its routes, 405 or 404.
  assert.is((await ctx.request('/api/admin/feedback/abc123/read')).status, 401);
});

test('a page asked with a method pages do not take answers 405 with Allow; OPTIONS says what it takes; a missing page stays 404', async () => {
  mkdirSync(path.join(ctx.config.distDir, 'today'), { recursive: true });
  writeFileSync(path.join(ctx.config.distDir, 'today', 'index.html'), '<!doctype html><title>Today</title>');
  for (const method of ['POST', 'PUT', 'DELETE']) {
    for (const pathname of ['/today', '/today/', '/a/0123456789abcdef']) {
      const res = await ctx.request(pathname, { method });
      assert.is(res.status, 405, `${method} ${pathname}`);
      assert.is(res.headers.get('allow'), 'GET, HEAD', `${method} ${pathname}`);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.match(await res.text(), new RegExp(`not one that takes ${method}`));
    }
  }
  const options = await ctx.request('/today', { method: 'OPTIONS' });
  assert.is(options.status, 204);
  assert.is(options.headers.get('allow'), 'GET, HEAD, OPTIONS');
  // GET still reads the page; a path with no page and no route is still the calm 404, whatever the method.
  assert.is((await ctx.request('/today')).status, 200);
  for (const method of ['POST', 'OPTIONS']) {
    const missing = await ctx.request('/nothing-here', { method });
    assert.is(missing.status, 404, method);
    assert.is(missing.headers.get('allow'), null, method);
  }
});

test('unknown page answers a calm 404 HTML page', async () => {
  const res = await ctx.request('/nope');
  assert.is(res.status, 404);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  const html = await res.text();
  assert.match(html, /Nothing here/);
  assert.not.match(html, /at .*\.ts:\d+/);
});

test('CORS allows POST; credentials only for our own origin, never for another site', async () => {
  const own = new URL(ctx.config.publicBaseUrl).origin;
  const preflight = await ctx.request('/api/health', {
    method: 'OPTIONS',
    headers: { Origin: own, 'Access-Control-Request-Method': 'POST' },
  });
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
  assert.is(preflight.headers.get('access-control-allow-origin'), own);
  assert.is(preflight.headers.get('access-control-allow-credentials'), 'true');
  const foreign = await ctx.request('/api/health', { headers: { Origin: 'https://evil.example' } });
  assert.is(foreign.headers.get('access-control-allow-origin'), '*');
  assert.is(foreign.headers.get('access-control-allow-credentials'), null);
  const plain = await ctx.request('/api/health');
  assert.is(plain.headers.get('access-control-allow-origin'), null, 'no Origin, no CORS headers (not a cross-origin request)');
});

/** The names only the document set has (a browser reads them only on a page it renders). */
const DOCUMENT_ONLY = Object.keys(DOCUMENT_HEADERS).filter((name) => !(name in API_HEADERS));

/** `res` carries exactly the security headers of `set`, each once, and none of the other set's. */
function assertSet(res: Response, set: 'api' | 'document', where: string): void {
  const headers = set === 'api' ? API_HEADERS : DOCUMENT_HEADERS;
  for (const [name, value] of Object.entries(headers)) assert.is(res.headers.get(name), value, `${name} on ${where}`);
  if (set === 'api') for (const name of DOCUMENT_ONLY) assert.is(res.headers.get(name), null, `no ${name} on ${where}`);
}

test('every answer of the HTTP server carries the security headers of its kind: the API set on JSON, the document set on pages and files', async () => {
  writeFileSync(path.join(ctx.config.distDir, 'hello.txt'), 'hello');
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  try {
    const token = unsubscribeToken('someone', ctx.config.sessionSecret);
    const kinds: Array<[string, number, 'api' | 'document']> = [
      ['/api/health', 200, 'api'],
      ['/api/does-not-exist', 404, 'api'],
      ['/api/feed?sort=sideways', 422, 'api'],
      // Answered by Node's server before the app (api/reading-host.ts), and by the app with an Origin.
      ['/api/brief', 200, 'api'],
      ['/api/feed?limit=3', 200, 'api'],
      ['/nope', 404, 'document'],
      ['/hello.txt', 200, 'document'],
      // An HTML page under /api/ is a document.
      [`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, 200, 'document'],
      ['/api/digest/unsubscribe?token=broken', 400, 'document'],
    ];
    for (const [pathname, status, set] of kinds) {
      for (const headers of [{}, { Origin: new URL(ctx.config.publicBaseUrl).origin }] as Array<Record<string, string>>) {
        const res = await fetch(`${server.url}${pathname}`, { headers });
        assert.is(res.status, status, pathname);
        assertSet(res, set, `${pathname} ${JSON.stringify(headers)}`);
        assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
        // Set once, never doubled by a route's own headers.
        assert.not.match(res.headers.get('x-frame-options') ?? '', /,/);
        assert.ok(res.headers.get('content-type'), `a content type on ${pathname}`);
        // A 304 of a remembered answer carries the same set as its 200.
        const etag = res.headers.get('etag');
        if (pathname.startsWith('/api/brief') && etag !== null) {
          const again = await fetch(`${server.url}${pathname}`, { headers: { ...headers, 'If-None-Match': etag } });
          assert.is(again.status, 304, `${pathname} again`);
          assertSet(again, set, `${pathname} 304`);
        }
      }
    }
    // CORS over the socket (Origin read from Node's request): our origin with credentials, another without, none without an Origin.
    const own = new URL(ctx.config.publicBaseUrl).origin;
    const mine = await fetch(`${server.url}/api/health`, { headers: { Origin: own } });
    assert.is(mine.headers.get('access-control-allow-origin'), own);
    assert.is(mine.headers.get('access-control-allow-credentials'), 'true');
    const foreign = await fetch(`${server.url}/api/health`, { headers: { Origin: 'https://evil.example' } });
    assert.is(foreign.headers.get('access-control-allow-origin'), '*');
    assert.is(foreign.headers.get('access-control-allow-credentials'), null);
    assert.is((await fetch(`${server.url}/api/health`)).headers.get('access-control-allow-origin'), null);
  } finally {
    await server.close();
  }
});

test("a site file's answers carry the document set on the wire: its 304 too, and Connection: close when its request's body went unread", async () => {
  writeFileSync(path.join(ctx.config.distDir, 'calm.css'), 'body { color: teal }');
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  try {
    const first = await fetch(`${server.url}/calm.css`);
    assert.is(first.status, 200);
    assertSet(first, 'document', '/calm.css');
    assert.is(first.headers.get('content-type'), 'text/css; charset=utf-8');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${server.url}/calm.css`, { headers: { 'If-None-Match': etag! } });
    assert.is(again.status, 304);
    assertSet(again, 'document', '/calm.css 304');
    // Each header once on the wire (raw header lines: a doubled one would show twice).
    const raw = await rawRequest(`${server.url}/calm.css`);
    const names = Object.keys(raw.headers);
    for (const name of Object.keys(DOCUMENT_HEADERS)) assert.is(names.filter((n) => n === name).length, 1, name);
    assert.is(raw.headers.connection, 'keep-alive');
    // A GET with a body the file's answer never reads: the connection is not kept.
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    // Node's client frames a GET's body only when told its length.
    const unread = await rawRequest(`${server.url}/calm.css`, { headers: { 'Content-Type': 'text/plain', 'Content-Length': String(body.length) }, body });
    assert.is(unread.status, 200);
    assert.is(unread.headers.connection, 'close');
  } finally {
    await server.close();
  }
});

test('securityHead: the set, then the answer\'s own; an own header replaces the set\'s, once, in any letter case', () => {
  const plain = securityHead('document', { ETag: '"x"', 'Cache-Control': 'no-cache' });
  assert.equal(plain, [...Object.entries(DOCUMENT_HEADERS).flat(), 'ETag', '"x"', 'Cache-Control', 'no-cache']);
  assert.equal(securityHead('api', { etag: '"y"' }), [...Object.entries(API_HEADERS).flat(), 'etag', '"y"'], 'the API set for the reading answers');
  const own = securityHead('document', { 'X-Frame-Options': 'SAMEORIGIN', 'referrer-policy': 'no-referrer' });
  const names = own.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
  assert.is(names.filter((n) => n === 'x-frame-options').length, 1);
  assert.is(names.filter((n) => n === 'referrer-policy').length, 1);
  assert.is(own[own.indexOf('X-Frame-Options') + 1], 'SAMEORIGIN');
  assert.is(own[own.indexOf('referrer-policy') + 1], 'no-referrer');
  assert.is(names.length, Object.keys(DOCUMENT_HEADERS).length);
  const api = securityHead('api', { 'x-frame-options': 'SAMEORIGIN' });
  assert.is(api.filter((n) => n.toLowerCase() === 'x-frame-options').length, 1, 'the API set replaced the same way');
  assert.is(api[api.length - 1], 'SAMEORIGIN');
});

test("a route's own value for a security header wins, once, in any letter case", async () => {
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  try {
    // The unsubscribe page sends `Referrer-Policy: no-referrer` (its URL carries a token).
    const token = unsubscribeToken('someone', ctx.config.sessionSecret);
    const page = await fetch(`${server.url}/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
    assert.is(page.status, 200);
    assert.is(page.headers.get('referrer-policy'), 'no-referrer');
    assert.is(page.headers.get('x-content-type-options'), 'nosniff');
  } finally {
    await server.close();
  }
});

test('the security headers are the policy we set, and the app makes the same answers without a server', async () => {
  assert.is(
    DOCUMENT_HEADERS['content-security-policy'],
    `default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self' ${OWN_BRIEF_SCRIPT_HASH}; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`,
  );
  assert.is(DOCUMENT_HEADERS['strict-transport-security'], 'max-age=15552000; includeSubDomains');
  assert.is(Object.keys(DOCUMENT_HEADERS).length, 12);
  assert.equal({ ...API_HEADERS }, {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=15552000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
  assert.equal(DOCUMENT_ONLY.sort(), ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']);
  // `app.request()` (no Node server at all) makes the same answers: the headers are the app's own.
  writeFileSync(path.join(ctx.config.distDir, 'hello.txt'), 'hello');
  const token = unsubscribeToken('someone', ctx.config.sessionSecret);
  for (const [pathname, set] of [['/api/health', 'api'], ['/api/nothing-here', 'api'], ['/hello.txt', 'document'], ['/nope', 'document'], [`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, 'document']] as const) {
    assertSet(await ctx.request(pathname), set, `${pathname} without a server`);
  }
});

test('the request log holds no IP or user agent', async () => {
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  await fetch(`${server.url}/api/health`, { headers: { 'User-Agent': 'CanaryAgent/1.0', 'X-Forwarded-For': '203.0.113.9' } }).finally(() => server.close());
  const log = ctx.log.lines.join('\n');
  assert.ok(log.includes('path=/api/health'));
  assert.not.ok(log.includes('CanaryAgent'));
  assert.not.ok(log.includes('203.0.113.9'));
});

test.run();
