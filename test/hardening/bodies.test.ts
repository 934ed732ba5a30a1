/**
 * Issue 22: every API route that takes a body reads it one way (api/validate.ts), so every one
 * answers a body over its limit with 413 and an invalid one with 422, both in the contract's error
 * shape `{"error":{"code","message"}}`. The table is checked against the app's own routes, so a new
 * route with a body cannot be left out; and no module under api/ reads a body by hand.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { signIn } from '../admin/helpers.ts';

type Role = 'anyone' | 'user' | 'admin';
/** Method, path, who may call it, and whether its body is JSON (else bytes: the OPML file, the one-click form). */
const ROUTES: Array<[method: string, path: string, role: Role, json: boolean]> = [
  ['POST', '/api/events', 'anyone', true],
  ['POST', '/api/feedback', 'anyone', true],
  ['POST', '/api/auth/email/start', 'anyone', true],
  ['POST', '/api/auth/email/verify', 'anyone', true],
  ['POST', '/api/puzzle/word/guess', 'anyone', true],
  ['POST', '/api/digest/unsubscribe', 'anyone', false],
  ['PUT', '/api/digest', 'user', true],
  ['POST', '/api/saved', 'user', true],
  ['DELETE', '/api/saved', 'user', true],
  ['POST', '/api/history', 'user', true],
  ['POST', '/api/import', 'user', true],
  ['PUT', '/api/prefs', 'user', true],
  ['POST', '/api/follows', 'user', true],
  ['DELETE', '/api/follows', 'user', true],
  ['POST', '/api/admin/feedback/:id/read', 'admin', true],
  ['POST', '/api/admin/feedback/:id/reply', 'admin', true],
  ['POST', '/api/admin/import/sources.opml', 'admin', false],
  ['POST', '/api/admin/sources/:id/status', 'admin', true],
  ['POST', '/api/admin/sources/:id/visibility', 'admin', true],
  ['POST', '/api/admin/sources/:id/review', 'admin', true],
  ['POST', '/api/admin/candidates', 'admin', true],
  ['POST', '/api/admin/candidates/:id/promote', 'admin', true],
];

/** Larger than every route's limit: the OPML file's 5 MB plus one. */
const OVERSIZED = 5 * 1024 * 1024 + 1;

let ctx: TestContext;
const tokens: Record<Role, string | null> = { anyone: null, user: null, admin: null };

test.before(async () => {
  ctx = await createTestContext();
  tokens.user = (await signIn(ctx.db, { email: 'reader@example.org' })).token;
  tokens.admin = (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token;
});
test.after(async () => {
  await ctx.close();
});

function send(method: string, route: string, role: Role, body: string, type = 'application/json'): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': type, 'sec-fetch-site': 'same-origin' };
  const token = tokens[role];
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return ctx.request(route.replace(':id', 'some-id'), { method, headers, body });
}

/** The status and the contract's error body of `res`, or a failure naming what is off. */
async function contractError(res: Response, status: number, what: string): Promise<{ code: string; message: string }> {
  assert.is(res.status, status, what);
  const body = (await res.json()) as { error?: { code?: unknown; message?: unknown } };
  assert.equal(Object.keys(body), ['error'], what);
  assert.match(String(body.error?.code), /^[a-z]+(_[a-z]+)*$/, what);
  assert.type(body.error?.message, 'string', what);
  return { code: String(body.error?.code), message: String(body.error?.message) };
}

test('the table lists exactly the routes that read a body', () => {
  const reading = ctx.app.routes.filter((r) => r.handler.name === 'readsBody').map((r) => `${r.method} ${r.path}`);
  assert.equal([...new Set(reading)].sort(), ROUTES.map(([method, route]) => `${method} ${route}`).sort());
});

for (const [method, route, role, json] of ROUTES) {
  test(`${method} ${route}: a body over the limit is 413 payload_too_large`, async () => {
    const res = await send(method, route, role, JSON.stringify({ pad: 'x'.repeat(OVERSIZED) }));
    assert.is((await contractError(res, 413, route)).code, 'payload_too_large');
  });
  if (!json) continue;
  test(`${method} ${route}: a body that fails its schema or is not JSON is 422`, async () => {
    const invalid = await contractError(await send(method, route, role, '[1, 2]'), 422, `${route} array`);
    assert.match(invalid.message, /\S/);
    await contractError(await send(method, route, role, '{broken'), 422, `${route} not JSON`);
  });
}

test('a 422 says which field is wrong and why, in words', async () => {
  const res = await send('PUT', '/api/digest', 'user', JSON.stringify({ enabled: true, hour: 25 }));
  assert.match((await contractError(res, 422, 'hour')).message, /^hour: .*23/);
  const missing = await send('POST', '/api/history', 'user', JSON.stringify({ event: 'opened' }));
  assert.is((await contractError(missing, 422, 'article_id')).message, 'article_id is missing.');
});

test('the OPML import refuses another status in its query with 422', async () => {
  const res = await send('POST', '/api/admin/import/sources.opml?status=retired', 'admin', '<opml/>', 'text/x-opml');
  assert.match((await contractError(res, 422, 'status')).message, /^status: /);
});

test('no module under api/ reads a body but through api/validate.ts', () => {
  const root = path.resolve(import.meta.dirname, '../../api');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && f !== 'validate.ts');
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    assert.not.match(text, /\.req\.(json|text|parseBody|formData)\(|hono\/body-limit/, file);
  }
});

test.run();
