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

test.run();
