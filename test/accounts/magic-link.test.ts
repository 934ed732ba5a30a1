import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { cookieValue, json, movableClock, setCookies } from './helpers.ts';

let ctx: TestContext;
let smtp: TestSmtp;
const clock = movableClock();
const BASE = 'http://tidings.test';

test.before(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE }, now: clock.now });
});
test.after(async () => {
  await ctx.close();
  await smtp.close();
});

const start = (email: string) =>
  ctx.request('/api/auth/email/start', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
const verify = (token: string) =>
  ctx.request('/api/auth/email/verify', { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body: JSON.stringify({ token }) });

/** Wait for mail number `n` (1-based) and return the token of its link. */
async function tokenFromMail(n: number): Promise<{ token: string; to: string[]; raw: string }> {
  const mails = await smtp.waitFor(n);
  const mail = mails[n - 1]!;
  const text = decodeQuotedPrintable(mail.raw);
  const match = /http:\/\/tidings\.test\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(text);
  assert.ok(match, 'the mail carries the verify link');
  return { token: match[1]!, to: mail.to, raw: text };
}

test('start sends a mail with a /auth/verify link; verify sets an HttpOnly SameSite=Lax cookie and returns a bearer token', async () => {
  const res = await start('Reader@Example.org ');
  assert.is(res.status, 200);
  const { token, to, raw } = await tokenFromMail(1);
  assert.equal(to, ['reader@example.org']);
  // A mail client's screen reader reads the HTML part's language and title.
  assert.match(raw, /<html lang="en"><head><meta charset="utf-8"><title>Your Tidings sign-in link<\/title>/);
  assert.ok(token.length >= 43, 'at least 256 bits, base64url');
  const stored = await ctx.db.collection('magic_links').findOne({});
  assert.ok(stored);
  assert.is.not(stored._id, token, 'only the hash is stored');
  assert.not.ok(JSON.stringify(stored).includes(token));

  const ok = await verify(token);
  assert.is(ok.status, 200);
  const body = await json<{ token: string; user: { email: string; is_admin: boolean } }>(ok);
  assert.is(body.user.email, 'reader@example.org');
  assert.match(body.token, /^[A-Za-z0-9_-]{43}$/);
  const line = setCookies(ok).find((l) => l.startsWith('tidings_session='));
  assert.ok(line, 'session cookie set');
  assert.match(line, /HttpOnly/i);
  assert.match(line, /SameSite=Lax/i);
  assert.match(line, /Max-Age=2592000/);
  assert.not.match(line, /Secure/i, 'plain http base URL: no Secure');
  const cookie = cookieValue(ok, 'tidings_session')!;

  const byCookie = await ctx.request('/api/auth/me', { headers: { cookie: `tidings_session=${cookie}` } });
  assert.is(byCookie.status, 200);
  assert.is((await json<{ email: string }>(byCookie)).email, 'reader@example.org');
  const byBearer = await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${body.token}` } });
  assert.is(byBearer.status, 200);
});

test('the same link a second time is refused', async () => {
  await start('twice@example.org');
  const { token } = await tokenFromMail(2);
  assert.is((await verify(token)).status, 200);
  const again = await verify(token);
  assert.is(again.status, 400);
  assert.is((await json<{ error: { code: string } }>(again)).error.code, 'invalid_link');
  assert.is(cookieValue(again, 'tidings_session'), null);
});

test('two racing verifies of one link: exactly one signs in (atomic consume)', async () => {
  await start('race@example.org');
  const { token } = await tokenFromMail(3);
  const results = await Promise.all([verify(token), verify(token), verify(token)]);
  assert.equal(results.map((r) => r.status).sort(), [200, 400, 400]);
});

test('a link older than 15 minutes is refused', async () => {
  await start('late@example.org');
  const { token } = await tokenFromMail(4);
  clock.advance(15 * 60 * 1000 + 1000);
  const res = await verify(token);
  assert.is(res.status, 400);
  assert.is(await ctx.db.collection('users').countDocuments({ email: 'late@example.org' }), 0);
});

test('start answers byte-identically for a known and an unknown address', async () => {
  const known = await start('reader@example.org');
  const unknown = await start('nobody-here@example.org');
  assert.is(known.status, unknown.status);
  assert.is(await known.text(), await unknown.text());
  assert.equal([...known.headers.entries()], [...unknown.headers.entries()]);
  await smtp.waitFor(6);
});

test('the 6th start for one address within an hour sends no mail and still answers identically', async () => {
  const before = smtp.messages.length;
  const replies: string[] = [];
  for (let i = 0; i < 6; i += 1) replies.push(await (await start('busy@example.org')).text());
  // Every mail the app started has been handed to the SMTP peer: a 6th would be here now.
  const sent = await ctx.mailSettled();
  await smtp.waitFor(before + 5);
  assert.is(smtp.messages.length, sent, 'each mail the app sent arrived');
  assert.is(smtp.messages.filter((m) => m.to.includes('busy@example.org')).length, 5);
  assert.is(new Set(replies).size, 1);
  const stored = JSON.stringify(await ctx.db.collection('rate_limits').find({}).toArray());
  assert.not.ok(stored.includes('busy@example.org'), 'the address is not stored in the clear');
  // an hour later the address may ask again
  clock.advance(60 * 60 * 1000 + 1000);
  await start('busy@example.org');
  await smtp.waitFor(before + 6);
});

test('start refuses an invalid address with 422', async () => {
  for (const email of ['not-an-address', '', 'a@b', 'x'.repeat(300) + '@example.org']) {
    const res = await start(email);
    assert.is(res.status, 422, email);
  }
});

test('GET /auth/verify shows a button and never consumes the token', async () => {
  await start('page@example.org');
  const { token } = await tokenFromMail(smtp.messages.length + 1);
  const page = await ctx.request(`/auth/verify?token=${token}`);
  assert.is(page.status, 200);
  const html = await page.text();
  assert.match(html, /<button type="submit">Sign in<\/button>/);
  assert.match(html, /<script src="\/auth\/verify.js" defer><\/script>/);
  assert.match(page.headers.get('cache-control') ?? '', /no-store/);
  assert.is(await ctx.db.collection('magic_links').countDocuments({ email: 'page@example.org' }), 1);
  const script = await ctx.request('/auth/verify.js');
  assert.match(script.headers.get('content-type') ?? '', /javascript/);
  assert.not.match(await script.text(), /\.submit\(\)/, 'no auto-submit');
  // the no-JavaScript form post signs in and goes home
  const form = await ctx.request('/api/auth/email/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
    body: `token=${token}`,
  });
  assert.is(form.status, 303);
  assert.is(form.headers.get('location'), '/');
  assert.ok(cookieValue(form, 'tidings_session'));
});

test('/auth/verify?error= explains known codes calmly and escapes nothing it does not know', async () => {
  const known = await (await ctx.request('/auth/verify?error=email_unverified')).text();
  assert.match(known, /has not confirmed your e-mail address/);
  const odd = await ctx.request('/auth/verify?error=%3Cscript%3Ealert(1)%3C/script%3E');
  assert.is(odd.status, 200);
  const html = await odd.text();
  assert.not.match(html, /alert\(1\)/);
  assert.match(html, /did not work this time/);
  // A repeated parameter counts by its first value, as it did before the page read its query through the validator.
  const repeated = await (await ctx.request('/auth/verify?error=email_unverified&error=other')).text();
  assert.match(repeated, /has not confirmed your e-mail address/);
});

test('/auth/verify reads the first of a repeated token, and an incomplete one gets a calm page, never an error', async () => {
  const token = 'a'.repeat(32);
  const page = await ctx.request(`/auth/verify?token=${token}&token=second`);
  assert.is(page.status, 200);
  assert.match(await page.text(), new RegExp(`name="token" value="${token}"`));
  for (const odd of ['/auth/verify', '/auth/verify?token=short', '/auth/verify?token=%3Cb%3E', '/auth/verify?token']) {
    const res = await ctx.request(odd);
    assert.is(res.status, 200, odd);
    assert.match(await res.text(), /This link looks incomplete/, odd);
  }
});

test('a cross-site form post of a token is refused (login CSRF)', async () => {
  const res = await ctx.request('/api/auth/email/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    body: 'token=' + 'a'.repeat(43),
  });
  assert.is(res.status, 403);
});

test.run();
