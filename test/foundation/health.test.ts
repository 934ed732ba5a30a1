import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';

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

test('responses carry security headers and the request log holds no IP or user agent', async () => {
  const res = await ctx.request('/api/health', { headers: { 'User-Agent': 'CanaryAgent/1.0', 'X-Forwarded-For': '203.0.113.9' } });
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  assert.ok(res.headers.get('content-security-policy'));
  const log = ctx.log.lines.join('\n');
  assert.ok(log.includes('path=/api/health'));
  assert.not.ok(log.includes('CanaryAgent'));
  assert.not.ok(log.includes('203.0.113.9'));
});

test.run();
