import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { as, errorCode, signIn } from './helpers.ts';

let ctx: TestContext;
let anonymous: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let listedAdmin: ReturnType<typeof as>;

// Every admin route, with a body that would be valid for it.
const ROUTES: Array<[method: string, path: string, json?: unknown]> = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/feedback'],
  ['POST', '/api/admin/feedback/ID/read', { read: true }],
  ['DELETE', '/api/admin/feedback/ID'],
  ['POST', '/api/admin/feedback/ID/reply', { html: '<p>Thanks</p>' }],
  ['GET', '/api/admin/sources'],
  ['POST', '/api/admin/sources/ID/status', { status: 'paused' }],
  ['POST', '/api/admin/sources/ID/visibility', { visibility: 'hidden' }],
  ['POST', '/api/admin/sources/ID/review', { action: 'flag', reason: 'odd' }],
  ['POST', '/api/admin/sources/ID/preview'],
  ['GET', '/api/admin/candidates'],
  ['POST', '/api/admin/candidates', { url: 'http://127.0.0.1:9/feed.xml' }],
  ['POST', '/api/admin/candidates/ID/preview'],
  ['POST', '/api/admin/candidates/ID/promote', { activate: true }],
  ['POST', '/api/admin/candidates/ID/reject'],
  ['GET', '/api/admin/export/sources.csv'],
  ['GET', '/api/admin/export/audience.csv'],
];

test.before(async () => {
  ctx = await createTestContext({ env: { SERVICE_ADMIN_EMAILS: 'Boss@Example.org' } });
  anonymous = as(ctx, null);
  reader = as(ctx, (await signIn(ctx.db, { email: 'reader@example.org' })).token);
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
  listedAdmin = as(ctx, (await signIn(ctx.db, { email: 'boss@example.org' })).token);
});
test.after(async () => {
  await ctx.close();
});

for (const [method, path, json] of ROUTES) {
  const route = `${method} ${path}`;
  test(`${route}: 401 anonymously, 403 for a signed-in non-admin`, async () => {
    const concrete = path.replace('ID', 'missing1');
    const anon = await anonymous(concrete, { method, json });
    assert.is(anon.status, 401);
    assert.is(await errorCode(anon), 'unauthorized');
    const res = await reader(concrete, { method, json });
    assert.is(res.status, 403);
    assert.is(await errorCode(res), 'forbidden');
  });
}

test('the gate comes before the id check and the body: a non-admin gets 403 for a malformed id and a broken body', async () => {
  for (const path of ['/api/admin/feedback/%3Cscript%3E/reply', '/api/admin/sources/..%2F..%2Fetc/status', '/api/admin/candidates']) {
    const res = await reader(path, { method: 'POST', body: '{broken' });
    assert.is(res.status, 403, path);
  }
  assert.is((await reader('/api/admin/no-such-thing')).status, 403, 'unknown admin paths are gated too');
  assert.is((await anonymous('/api/admin/no-such-thing')).status, 401);
});

test('an admin listed in SERVICE_ADMIN_EMAILS (normalised) passes the gate', async () => {
  assert.is((await listedAdmin('/api/admin/feedback')).status, 200);
  assert.is((await listedAdmin('/api/admin/sources')).status, 200);
});

const ID_ROUTES = ROUTES.filter(([, path]) => path.includes('ID'));
for (const [method, path, json] of ID_ROUTES) {
  test(`${method} ${path}: 404 for an unknown or malformed id`, async () => {
    for (const id of ['unknown123', 'bad%20id!']) {
      const res = await admin(path.replace('ID', id), { method, json });
      assert.is(res.status, 404, id);
      assert.is(await errorCode(res), 'not_found');
    }
  });
}

test.run();
