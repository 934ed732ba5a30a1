import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Hono } from 'hono';
import { clientAddress } from '../../api/client-address.ts';
import type { AppEnv } from '../../api/deps.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

async function addressSeen(ctx: TestContext, headers: Record<string, string>): Promise<string> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('deps', ctx.deps);
    await next();
  });
  app.get('/', (c) => c.text(clientAddress(c)));
  return (await app.request('/', { headers })).text();
}

test('without trusted proxies, X-Forwarded-For is ignored (a client cannot pick its own rate-limit bucket)', async () => {
  const ctx = await createTestContext({ schema: false });
  try {
    assert.is(await addressSeen(ctx, { 'X-Forwarded-For': '198.51.100.7' }), 'unknown');
  } finally {
    await ctx.close();
  }
});

test('with TRUST_PROXY_HOPS=1 the address is the entry our proxy appended, never the spoofable ones to its left', async () => {
  const ctx = await createTestContext({ schema: false, env: { TRUST_PROXY_HOPS: '1' } });
  try {
    assert.is(await addressSeen(ctx, { 'X-Forwarded-For': '203.0.113.66, 198.51.100.7' }), '198.51.100.7');
    assert.is(await addressSeen(ctx, { 'X-Forwarded-For': 'not-an-ip' }), 'unknown');
  } finally {
    await ctx.close();
  }
});

test.run();
