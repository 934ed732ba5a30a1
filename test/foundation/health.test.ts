import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import type { SmartRouter } from 'hono/router/smart-router';
import path from 'node:path';
import { SECURITY_HEADERS } from '../../api/security-headers.ts';
import { serveApp } from '../../api/server.ts';
import { unsubscribeToken } from '../../core/domain/digest.ts';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import type { CacheFigures } from '../../core/platform/cache.ts';
import { hashToken } from '../../api/session.ts';
import { sessionsCollection } from '../../core/store/sessions.ts';
import { signIn } from '../admin/helpers.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
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

test('every answer of the HTTP server carries the security headers: JSON, API errors, HTML pages', async () => {
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  try {
    const answers = await Promise.all(['/api/health', '/api/does-not-exist', '/nope', '/api/feed?sort=sideways'].map((p) => fetch(`${server.url}${p}`)));
    assert.equal(answers.map((r) => r.status), [200, 404, 404, 422]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.is(res.headers.get(name), value, `${name} on ${res.url}`);
      assert.match(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
      assert.is(res.headers.get('x-content-type-options'), 'nosniff');
      // Set once, never doubled by a route's own headers.
      assert.not.match(res.headers.get('x-frame-options') ?? '', /,/);
      assert.ok(res.headers.get('content-type'), `a content type on ${res.url}`);
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

test('the security headers are the policy we set, on the site files answered before the app, and without a server', async () => {
  assert.is(
    SECURITY_HEADERS['content-security-policy'],
    `default-src 'self'; img-src 'self' https: data:; style-src 'self' 'unsafe-inline'; script-src 'self' ${OWN_BRIEF_SCRIPT_HASH}; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`,
  );
  assert.is(SECURITY_HEADERS['strict-transport-security'], 'max-age=15552000; includeSubDomains');
  assert.is(Object.keys(SECURITY_HEADERS).length, 12);
  writeFileSync(path.join(ctx.config.distDir, 'hello.txt'), 'hello');
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  try {
    const file = await fetch(`${server.url}/hello.txt`);
    assert.is(await file.text(), 'hello');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.is(file.headers.get(name), value, `${name} on a site file`);
  } finally {
    await server.close();
  }
  // `app.request()` (no Node server at all) makes the same answers: the headers are the app's own.
  for (const pathname of ['/api/health', '/hello.txt', '/nope']) {
    const res = await ctx.request(pathname);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.is(res.headers.get(name), value, `${name} on ${pathname} without a server`);
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
