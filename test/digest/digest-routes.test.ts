import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashToken } from '../../api/session.ts';
import { unsubscribeToken } from '../../core/domain/digest.ts';
import { getSubscription } from '../../core/store/digests.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

let ctx: TestContext;
const TOKEN = 'reader-session-token-0123456789abcdef';
const auth = { Authorization: `Bearer ${TOKEN}` };

test.before(async () => {
  ctx = await createTestContext();
  const now = new Date();
  await ctx.db.collection('users').insertOne({
    _id: 'u1' as never,
    email: 'reader@example.org',
    avatar_url: null,
    is_admin: false,
    prefs: {},
    created_at: now,
    updated_at: now,
  });
  await ctx.db.collection('sessions').insertOne({
    _id: 's1' as never,
    token_hash: hashToken(TOKEN),
    user_id: 'u1',
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + 86_400_000),
  });
});
test.after(async () => {
  await ctx.close();
});

test('GET and PUT /api/digest need a signed-in reader', async () => {
  assert.is((await ctx.request('/api/digest')).status, 401);
  const res = await ctx.request('/api/digest', { method: 'PUT', body: JSON.stringify({ enabled: true }), headers: { 'Content-Type': 'application/json' } });
  assert.is(res.status, 401);
});

test('the digest is off by default at 07:00 and can be enabled with an hour and a time zone', async () => {
  const before = await ctx.request('/api/digest', { headers: auth });
  assert.equal(await before.json(), { enabled: false, hour: 7, time_zone: 'UTC' });
  const put = await ctx.request('/api/digest', {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ enabled: true, hour: 6, time_zone: 'Europe/Paris' }),
  });
  assert.is(put.status, 200);
  assert.equal(await put.json(), { enabled: true, hour: 6, time_zone: 'Europe/Paris' });
  assert.equal(await (await ctx.request('/api/digest', { headers: auth })).json(), { enabled: true, hour: 6, time_zone: 'Europe/Paris' });
});

for (const [name, body] of [
  ['missing enabled', { hour: 3 }],
  ['enabled not a boolean', { enabled: 'yes' }],
  ['hour out of range', { enabled: true, hour: 24 }],
  ['unknown time zone', { enabled: true, time_zone: 'Mars/Olympus' }],
  ['unknown field', { enabled: true, colour: 'blue' }],
] as const) {
  test(`PUT /api/digest with ${name} → 422 with the contract error body`, async () => {
    const res = await ctx.request('/api/digest', { method: 'PUT', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    assert.is(res.status, 422);
    const json = (await res.json()) as { error: { code: string; message: string } };
    assert.type(json.error.code, 'string');
    assert.type(json.error.message, 'string');
  });
}

test('GET on the unsubscribe address serves a page whose button POSTs, and changes nothing', async () => {
  const token = unsubscribeToken('u1', ctx.config.sessionSecret);
  const res = await ctx.request(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
  assert.is(res.status, 200);
  const html = await res.text();
  assert.match(html, /<form method="post" action="\/api\/digest\/unsubscribe\?token=/);
  assert.is((await getSubscription(ctx.db, 'u1')).enabled, true, 'a GET (e.g. a mail scanner) never unsubscribes');
});

test('a tampered token gets a calm error page and unsubscribes nobody', async () => {
  const token = unsubscribeToken('u1', ctx.config.sessionSecret).slice(0, -2) + 'xx';
  const get = await ctx.request(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
  assert.is(get.status, 400);
  assert.match(await get.text(), /does not work/);
  const post = await ctx.request(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
  assert.is(post.status, 400);
  assert.is((await getSubscription(ctx.db, 'u1')).enabled, true);
});

test('the one-click POST (RFC 8058) unsubscribes without a session', async () => {
  const token = unsubscribeToken('u1', ctx.config.sessionSecret);
  const res = await ctx.request(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.is(res.status, 200);
  assert.is((await getSubscription(ctx.db, 'u1')).enabled, false);
});

test.run();
