import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { USER_DATA_COLLECTIONS } from '../../core/store/users.ts';
import { cookieValue, json, movableClock, signInDirectly } from './helpers.ts';

const BASE = 'https://tidings.example';
const clock = movableClock();
let ctx: TestContext;
const source = makeSource({ _id: 'kind-news', name: 'Kind News' });
const article = makeArticle({ source_id: source._id });

test.before(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: BASE, SERVICE_ADMIN_EMAILS: ' Chief@Example.org ' }, now: clock.now });
  await insertFixtures(ctx.db, { sources: [source], articles: [article] });
});
test.after(async () => {
  await ctx.close();
});

const jsonInit = (method: string, body: unknown, headers: Record<string, string>): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Sign in through the real magic-link flow (the link is logged without SMTP_URL). */
async function signInByLink(email: string): Promise<{ token: string; cookie: string; id: string }> {
  await ctx.request('/api/auth/email/start', jsonInit('POST', { email }, {}));
  const line = [...ctx.log.lines].reverse().find((l) => l.includes('magic link') && l.includes(`to=${email}`));
  const link = /token=([A-Za-z0-9_-]+)/.exec(line ?? '')?.[1];
  assert.ok(link, 'link logged');
  const res = await ctx.request('/api/auth/email/verify', jsonInit('POST', { token: link }, { origin: BASE }));
  assert.is(res.status, 200);
  const body = await json<{ token: string; user: { id: string } }>(res);
  return { token: body.token, cookie: cookieValue(res, 'tidings_session')!, id: body.user.id };
}

test('the session cookie is Secure when PUBLIC_BASE_URL is https', async () => {
  await ctx.request('/api/auth/email/start', jsonInit('POST', { email: 'secure@example.org' }, {}));
  const line = ctx.log.lines.find((l) => l.includes('to=secure@example.org'));
  const token = /token=([A-Za-z0-9_-]+)/.exec(line ?? '')![1];
  const res = await ctx.request('/api/auth/email/verify', jsonInit('POST', { token }, {}));
  const cookie = res.headers.getSetCookie().find((l) => l.startsWith('tidings_session='))!;
  assert.match(cookie, /;\s*Secure/i);
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=Lax/i);
});

test('GET /api/auth/me says is_admin from the flag or the normalised SERVICE_ADMIN_EMAILS', async () => {
  const cases: Array<[string, boolean, boolean]> = [
    ['chief@example.org', false, true],
    ['flagged@example.org', true, true],
    ['plain@example.org', false, false],
  ];
  for (const [email, flag, expected] of cases) {
    const { token } = await signInDirectly(ctx.db, email, clock.now(), { is_admin: flag });
    const me = await json<{ is_admin: boolean; email: string }>(await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }));
    assert.is(me.is_admin, expected, email);
  }
});

test('sessions slide: a session used after 29 days lives 30 more days; an unused one expires', async () => {
  const active = await signInByLink('slider@example.org');
  const idle = await signInByLink('idle@example.org');
  clock.advance(29 * 86_400_000);
  const used = await ctx.request('/api/auth/me', { headers: { cookie: `tidings_session=${active.cookie}` } });
  assert.is(used.status, 200);
  assert.ok(cookieValue(used, 'tidings_session'), 'cookie refreshed');
  clock.advance(2 * 86_400_000);
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${active.token}` } })).status, 200);
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${idle.token}` } })).status, 401);
});

test('several sessions per user; logout ends one; logout-all revokes every session of the user', async () => {
  const one = await signInByLink('many@example.org');
  const two = await signInByLink('many@example.org');
  const three = await signInByLink('many@example.org');
  const other = await signInByLink('bystander@example.org');
  assert.is(one.id, two.id);
  const account = await json<{ sessions: Array<{ current: boolean }> }>(await ctx.request('/api/account', { headers: { authorization: `Bearer ${one.token}` } }));
  assert.is(account.sessions.length, 3);
  assert.is(account.sessions.filter((s) => s.current).length, 1);

  const out = await ctx.request('/api/auth/logout', { method: 'POST', headers: { cookie: `tidings_session=${one.cookie}`, origin: BASE } });
  assert.is(out.status, 204);
  assert.match(out.headers.getSetCookie().join('\n'), /tidings_session=;/);
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${one.token}` } })).status, 401);
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${two.token}` } })).status, 200);

  const all = await ctx.request('/api/account/logout-all', { method: 'POST', headers: { authorization: `Bearer ${two.token}` } });
  assert.is(all.status, 200);
  for (const s of [two, three]) {
    assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${s.token}` } })).status, 401);
  }
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${other.token}` } })).status, 200, 'other users keep theirs');
});

test('a cookie-authenticated POST from another site is refused with 403; same origin and bearer pass', async () => {
  const s = await signInByLink('csrf@example.org');
  const post = (headers: Record<string, string>) => ctx.request('/api/saved', jsonInit('POST', { article_id: article._id }, headers));
  const cases: Array<[string, Record<string, string>, number]> = [
    ['cross-site form post (Origin)', { cookie: `tidings_session=${s.cookie}`, origin: 'https://evil.example' }, 403],
    ['cross-site by Sec-Fetch-Site', { cookie: `tidings_session=${s.cookie}`, 'sec-fetch-site': 'cross-site', origin: BASE }, 403],
    ['sibling subdomain', { cookie: `tidings_session=${s.cookie}`, 'sec-fetch-site': 'same-site' }, 403],
    ['http downgrade of our origin', { cookie: `tidings_session=${s.cookie}`, origin: 'http://tidings.example' }, 403],
    ['cross-site Referer only', { cookie: `tidings_session=${s.cookie}`, referer: 'https://evil.example/page' }, 403],
    ['same origin', { cookie: `tidings_session=${s.cookie}`, origin: BASE, 'sec-fetch-site': 'same-origin' }, 200],
    ['bearer from anywhere', { authorization: `Bearer ${s.token}`, origin: 'https://app.example' }, 200],
  ];
  for (const [name, headers, status] of cases) {
    const res = await post(headers);
    assert.is(res.status, status, name);
    if (status === 403) assert.is((await json<{ error: { code: string } }>(res)).error.code, 'cross_site_request');
  }
  const del = await ctx.request('/api/account', { method: 'DELETE', headers: { cookie: `tidings_session=${s.cookie}`, origin: 'https://evil.example' } });
  assert.is(del.status, 403);
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${s.token}` } })).status, 200, 'account still there');
});

test('export is a downloadable JSON with saved, history, follows, prefs and identities', async () => {
  const s = await signInByLink('exporter@example.org');
  const auth = { authorization: `Bearer ${s.token}` };
  await ctx.request('/api/saved', jsonInit('POST', { article_id: article._id }, auth));
  await ctx.request('/api/history', jsonInit('POST', { article_id: article._id, event: 'opened' }, auth));
  await ctx.request('/api/follows', jsonInit('POST', { kind: 'source', value: source._id }, auth));
  await ctx.request('/api/prefs', jsonInit('PUT', { mute_topics: ['sport'] }, auth));
  const res = await ctx.request('/api/account/export', { headers: auth });
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="Tidings-export-\d{4}-\d{2}-\d{2}\.json"$/);
  const data = await json<Record<string, unknown>>(res);
  assert.equal((data.saved as Array<{ article_id: string }>).map((x) => x.article_id), [article._id]);
  assert.equal((data.history as Array<{ article_id: string; event: string }>).map((x) => [x.article_id, x.event]), [[article._id, 'opened']]);
  assert.equal((data.follows as Array<{ kind: string; value: string }>).map((x) => [x.kind, x.value]), [['source', source._id]]);
  assert.equal((data.prefs as { mute_topics: string[] }).mute_topics, ['sport']);
  assert.equal((data.identities as Array<{ provider: string; email: string }>).map((x) => [x.provider, x.email]), [['email', 'exporter@example.org']]);
  assert.not.ok(JSON.stringify(data).includes('token_hash'), 'no session secrets');
});

// Collections other capabilities own, scanned too so a reference left anywhere is caught.
const OTHER_COLLECTIONS = ['articles', 'sources', 'meta', 'briefs', 'events', 'feedback', 'candidates', 'puzzles', 'rate_limits'];

test('delete account leaves no document referring to the user in any collection', async () => {
  const s = await signInByLink('leaving@example.org');
  const stay = await signInByLink('staying@example.org');
  const auth = { authorization: `Bearer ${s.token}` };
  for (const who of [auth, { authorization: `Bearer ${stay.token}` }]) {
    await ctx.request('/api/saved', jsonInit('POST', { article_id: article._id }, who));
    await ctx.request('/api/history', jsonInit('POST', { article_id: article._id, event: 'replaced' }, who));
    await ctx.request('/api/follows', jsonInit('POST', { kind: 'tag', value: 'space' }, who));
    await ctx.request('/api/prefs', jsonInit('PUT', { avoid_terms: ['x'] }, who));
    await ctx.request('/api/digest', jsonInit('PUT', { enabled: true }, who));
  }
  await ctx.request('/api/auth/email/start', jsonInit('POST', { email: 'leaving@example.org' }, {}));
  await ctx.db.collection<{ _id: string; [key: string]: unknown }>('digest_sends').insertOne({ _id: 'send-1', user_id: s.id, day: '2026-11-20', status: 'sent' });
  await ctx.db.collection<{ _id: string; [key: string]: unknown }>('feedback_replies').insertOne({ _id: 'reply-1', feedback_id: 'f1', user_id: s.id, message: 'Thanks!', message_html: '<p>Thanks!</p>', sent_to: 'reader@example.org', sent_at: new Date() });

  const res = await ctx.request('/api/account', { method: 'DELETE', headers: auth });
  assert.is(res.status, 204);
  assert.is((await ctx.request('/api/auth/me', { headers: auth })).status, 401);

  const collections = [...new Set([...USER_DATA_COLLECTIONS.map((p) => p.collection), ...OTHER_COLLECTIONS])];
  for (const name of collections) {
    for (const doc of await ctx.db.collection(name).find({}).toArray()) {
      const text = JSON.stringify(doc);
      assert.not.ok(text.includes(s.id), `${name} still refers to the user id: ${text.slice(0, 120)}`);
      assert.not.ok(text.includes('leaving@example.org'), `${name} still holds the e-mail`);
    }
  }
  assert.ok(await ctx.db.collection<{ _id: string }>('feedback_replies').findOne({ _id: 'reply-1' }), 'an admin reply stays in the inbox, unattributed');
  const kept = await json<{ saved_count: number }>(await ctx.request('/api/account', { headers: { authorization: `Bearer ${stay.token}` } }));
  assert.is(kept.saved_count, 1, "another user's data is untouched");
  assert.is(await ctx.db.collection<{ _id: string }>('digest_subscriptions').countDocuments({ _id: stay.id }), 1);
});

test('a session can be ended from the account page; unknown ids are 404', async () => {
  const a = await signInByLink('pages@example.org');
  const b = await signInByLink('pages@example.org');
  const account = await json<{ sessions: Array<{ id: string; current: boolean }> }>(await ctx.request('/api/account', { headers: { authorization: `Bearer ${a.token}` } }));
  const otherId = account.sessions.find((x) => !x.current)!.id;
  assert.is((await ctx.request(`/api/account/sessions/${otherId}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.token}` } })).status, 204);
  assert.is((await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${b.token}` } })).status, 401);
  assert.is((await ctx.request(`/api/account/sessions/${otherId}`, { method: 'DELETE', headers: { authorization: `Bearer ${a.token}` } })).status, 404);
});

test.run();
