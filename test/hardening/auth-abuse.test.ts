/**
 * Auth abuse (SPEC.md "Authentication", CONTRACT.md "Magic link", "Session cookie", identities):
 * magic-link reuse (also two consumers racing), expiry, enumeration (identical bytes, similar
 * timing), rate limits held across two app instances on one database, session fixation, cookie
 * flags, CSRF on every state-changing route (a cross-site form POST carrying the cookie must fail),
 * OIDC state / PKCE / nonce / issuer / expiry tampering and an unverified provider e-mail that
 * matches an admin address. Mail goes to a loopback SMTP peer; the provider is oidc-provider.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { signIn } from './helpers.ts';
import { startOidcPeer, walkProvider, type OidcPeer } from '../helpers/oidc-peer.ts';

const BASE = 'https://tidings.example';
const SAME_SITE = { origin: BASE, 'sec-fetch-site': 'same-origin' };
let ctx: TestContext;
let smtp: TestSmtp;
let peer: OidcPeer;
let clock = Date.parse('2026-11-20T12:00:00Z');

test.before(async () => {
  smtp = await startSmtp();
  peer = await startOidcPeer(`${BASE}/api/auth/oidc/callback`);
  ctx = await createTestContext({
    env: { PUBLIC_BASE_URL: BASE, SMTP_URL: smtp.url, SERVICE_ADMIN_EMAILS: 'boss@example.org', OIDC_ISSUER: peer.issuer, OIDC_CLIENT_ID: peer.clientId, OIDC_CLIENT_SECRET: peer.clientSecret },
    now: () => new Date(clock),
  });
});
test.after(async () => {
  await ctx.close();
  await smtp.close();
  await peer.close();
});

const json = (body: unknown, extra: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) });
const resetLimits = async () => {
  // No background mail is still on its way (each one the app started has been handed over).
  await ctx.mailSettled();
  await ctx.db.collection('rate_limits').deleteMany({});
};

/** Ask for a link for `email` and return the token from the mail that arrives. */
async function requestLink(email: string, request = ctx.request): Promise<string> {
  const before = smtp.messages.length;
  const res = await request('/api/auth/email/start', json({ email }));
  assert.is(res.status, 200);
  const mails = await smtp.waitFor(before + 1);
  const raw = decodeQuotedPrintable(mails[before]!.raw);
  const token = /verify\?token=([A-Za-z0-9_-]{20,})/.exec(raw)?.[1];
  assert.ok(token, 'the mail carries a link');
  return token;
}

const verify = (token: string, extra: Record<string, string> = SAME_SITE) => ctx.request('/api/auth/email/verify', json({ token }, extra));

test('a magic link works once: the second use, and the loser of two racing uses, get 400 invalid_link', async () => {
  await resetLimits();
  const token = await requestLink('reader@example.org');
  assert.is((await verify(token)).status, 200);
  assert.is((await verify(token)).status, 400);
  const racing = await requestLink('racer@example.org');
  const results = await Promise.all([verify(racing), verify(racing), verify(racing)]);
  assert.equal(results.map((r) => r.status).sort(), [200, 400, 400]);
});

test('a magic link expires after 15 minutes, and only its hash is stored', async () => {
  await resetLimits();
  const token = await requestLink('late@example.org');
  const stored = await ctx.db.collection('magic_links').find({}).toArray();
  assert.not.ok(JSON.stringify(stored).includes(token), 'the raw token is not in the database');
  clock += 15 * 60_000 + 1000;
  assert.is((await verify(token)).status, 400);
});

test('a magic link cannot be consumed cross-site (login CSRF): 403 and the link stays usable', async () => {
  await resetLimits();
  const token = await requestLink('csrf-login@example.org');
  const cross = await ctx.request('/api/auth/email/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    body: `token=${token}`,
  });
  assert.is(cross.status, 403);
  assert.is((await verify(token)).status, 200);
});

test('enumeration: known, unknown and rate-limited addresses get byte-identical replies in similar time', async () => {
  await resetLimits();
  await signIn(ctx.db, 'known@example.org');
  const snapshot = async (email: string) => {
    const started = performance.now();
    const res = await ctx.request('/api/auth/email/start', json({ email }));
    const ms = performance.now() - started;
    const headers = [...res.headers].filter(([k]) => k !== 'date').sort();
    return { ms, shape: JSON.stringify([res.status, headers, await res.text()]) };
  };
  const known: number[] = [];
  const unknown: number[] = [];
  let reference = '';
  for (let i = 0; i < 6; i += 1) {
    const k = await snapshot('known@example.org'); // 5 allowed, the 6th is rate-limited: still identical
    const u = await snapshot(`nobody-${i}@example.org`);
    reference ||= k.shape;
    assert.is(k.shape, reference);
    assert.is(u.shape, reference);
    known.push(k.ms);
    unknown.push(u.ms);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // Mail is sent off the request path, so the two paths cost the same database work.
  assert.ok(Math.abs(median(known) - median(unknown)) < 60, `known ${median(known)} ms vs unknown ${median(unknown)} ms`);
});

test('rate limits hold across two app instances on one database (5 per address per hour, 20 per client)', async () => {
  await resetLimits();
  const one = createApp(ctx.deps);
  const two = createApp(ctx.deps);
  const apps = [one, two];
  const before = smtp.messages.length;
  for (let i = 0; i < 8; i += 1) {
    const res = await apps[i % 2]!.request('/api/auth/email/start', json({ email: 'limited@example.org' }));
    assert.is(res.status, 200);
  }
  await smtp.waitFor(before + 5);
  await resetLimits(); // fresh window for the per-client count (after every allowed send arrived)
  const mid = smtp.messages.length;
  for (let i = 0; i < 24; i += 1) await apps[i % 2]!.request('/api/auth/email/start', json({ email: `client-${i}@example.org` }));
  await smtp.waitFor(mid + 20);
  await ctx.mailSettled(); // any wrongly allowed background send has arrived before counting
  assert.is(mid - before, 5, 'five mails for one address, whichever instance answered');
  assert.is(smtp.messages.length - mid, 20, 'twenty mails for one client address across both instances');
});

test('session fixation: signing in never adopts the session token the browser brought', async () => {
  await resetLimits();
  const attacker = await signIn(ctx.db, 'attacker@example.org');
  const planted = 'planted-token-planted-token-0123456789';
  for (const fixed of [planted, attacker.token]) {
    const token = await requestLink('victim@example.org');
    const res = await ctx.request('/api/auth/email/verify', { ...json({ token }, SAME_SITE), headers: { 'content-type': 'application/json', ...SAME_SITE, cookie: `tidings_session=${fixed}` } });
    assert.is(res.status, 200);
    const body = (await res.json()) as { token: string; user: { email: string } };
    assert.is(body.user.email, 'victim@example.org');
    assert.is.not(body.token, fixed);
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('tidings_session='))!;
    assert.not.ok(cookie.includes(fixed));
    // The token the attacker knows still names the attacker (or nobody), never the victim.
    const me = await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${fixed}` } });
    if (me.status === 200) assert.is(((await me.json()) as { email: string }).email, 'attacker@example.org');
    else assert.is(me.status, 401);
  }
});

test('the session cookie is HttpOnly, SameSite=Lax, Secure on an https base, Path=/, 30 days; not Secure on an http base', async () => {
  await resetLimits();
  const res = await verify(await requestLink('flags@example.org'));
  const line = res.headers.getSetCookie().find((l) => l.startsWith('tidings_session='))!;
  for (const flag of [/;\s*HttpOnly/i, /;\s*SameSite=Lax/i, /;\s*Secure/i, /;\s*Path=\//i, /;\s*Max-Age=2592000/i]) assert.match(line, flag);
  const plain = await createTestContext({ env: { PUBLIC_BASE_URL: 'http://localhost:8080' } });
  try {
    const user = await signIn(plain.db, 'plain@example.org');
    await plain.db.collection('sessions').updateMany({}, { $set: { last_used_at: new Date(Date.now() - 2 * 3600_000) } });
    const touched = await plain.request('/api/auth/me', { headers: { cookie: `tidings_session=${user.token}` } });
    const refreshed = touched.headers.getSetCookie().find((l) => l.startsWith('tidings_session='));
    assert.ok(refreshed, 'a sliding refresh re-sets the cookie');
    assert.not.match(refreshed, /;\s*Secure/i);
    assert.match(refreshed, /HttpOnly/i);
  } finally {
    await plain.close();
  }
});

test('CSRF: every state-changing /api route refuses a cross-site form POST that carries the session cookie (403), and the same request from our origin is not refused for being cross-site', async () => {
  const admin = await signIn(ctx.db, 'boss@example.org', true);
  const routes = ctx.app.routes.filter((r) => /^(POST|PUT|PATCH|DELETE)$/.test(r.method) && r.path.startsWith('/api/'));
  const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
  assert.ok(unique.length >= 25, `${unique.length} state-changing routes found`);
  const wrong: string[] = [];
  const usersBefore = await ctx.db.collection('users').countDocuments({});
  for (const route of unique) {
    const path = route.path.replace(/:[a-z_]+/gi, 'abcdefgh12345678').replace(/\*$/, '');
    const forgeries: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://tidings.example.evil.example' },
      { origin: 'http://tidings.example' },
    ];
    for (const forged of forgeries) {
      const res = await ctx.request(path, { method: route.method, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `tidings_session=${admin.token}`, ...forged }, body: 'enabled=true&url=http%3A%2F%2F127.0.0.1%2F' });
      if (res.status !== 403) wrong.push(`${route.method} ${path} with ${JSON.stringify(forged)} → ${res.status}`);
    }
    const ours = await ctx.request(path, { method: route.method, headers: { 'content-type': 'application/json', cookie: `tidings_session=${admin.token}`, ...SAME_SITE }, body: '{}' });
    if (ours.status === 403 && /cross_site/.test(await ours.text())) wrong.push(`${route.method} ${path} refused from our own origin`);
  }
  assert.equal(wrong, []);
  assert.is(await ctx.db.collection('users').countDocuments({}), usersBefore, 'no account was deleted by a forged request');
});

// ---------------------------------------------------------------- OIDC
interface Flow {
  location: string;
  session: string | null;
}

/** Start, walk the provider as `login`, come back; `tweak` may alter the authorization URL or the callback. */
async function oidcFlow(login: string, tweak: { authorize?: (u: URL) => void; cookie?: (c: string) => string } = {}): Promise<Flow & { callback: string; cookie: string }> {
  const start = await ctx.request('/api/auth/oidc/start');
  assert.is(start.status, 302);
  const authorize = new URL(start.headers.get('location')!);
  tweak.authorize?.(authorize);
  const line = start.headers.getSetCookie().find((l) => l.startsWith('tidings_oidc='))!;
  const cookie = /^tidings_oidc=([^;]*)/.exec(line)![1]!;
  const back = await walkProvider(authorize.href, login, BASE);
  const callback = `${back.pathname}${back.search}`;
  const res = await ctx.request(callback, { headers: { cookie: `tidings_oidc=${tweak.cookie ? tweak.cookie(cookie) : cookie}` } });
  const session = /^tidings_session=([^;]+)/.exec(res.headers.getSetCookie().find((l) => l.startsWith('tidings_session=')) ?? '')?.[1] ?? null;
  return { location: res.headers.get('location') ?? '', session, callback, cookie };
}

test('OIDC: a good flow signs in; replaying its callback opens no second session', async () => {
  peer.accounts.set('ada', { email: 'ada@example.org', email_verified: true });
  const flow = await oidcFlow('ada');
  assert.ok(flow.session, flow.location);
  const sessions = await ctx.db.collection('sessions').countDocuments({});
  const replay = await ctx.request(flow.callback, { headers: { cookie: `tidings_oidc=${flow.cookie}` } });
  assert.not.ok(replay.headers.getSetCookie().some((l) => /^tidings_session=[^;]+/.test(l) && !/^tidings_session=;/.test(l)), 'no session from a replayed callback');
  assert.is(await ctx.db.collection('sessions').countDocuments({}), sessions);
});

test('OIDC: the state cookie of one flow with the callback of another (login CSRF) is refused', async () => {
  peer.accounts.set('mallory', { email: 'mallory@example.org', email_verified: true });
  const victimStart = await ctx.request('/api/auth/oidc/start');
  const victimCookie = /^tidings_oidc=([^;]*)/.exec(victimStart.headers.getSetCookie().find((l) => l.startsWith('tidings_oidc='))!)![1]!;
  const flow = await oidcFlow('mallory', { cookie: () => victimCookie });
  assert.is(flow.session, null);
  assert.match(flow.location, /error=/);
});

const tampering: Array<[string, () => void, ((u: URL) => void) | undefined]> = [
  ['a PKCE challenge swapped in the authorization request', () => undefined, (u) => u.searchParams.set('code_challenge', 'A'.repeat(43))],
  ['a nonce changed in the ID token', () => { peer.tamper.claims = { nonce: 'not-the-nonce-we-sent' }; }, undefined],
  ['a nonce removed from the ID token', () => { peer.tamper.claims = { nonce: undefined }; }, undefined],
  ['another issuer in the ID token', () => { peer.tamper.claims = { iss: 'https://evil.example' }; }, undefined],
  ['an expired ID token', () => { peer.tamper.claims = { exp: Math.floor(Date.now() / 1000) - 3600 }; }, undefined],
];
for (const [name, arrange, authorize] of tampering) {
  test(`OIDC: ${name} opens no session`, async () => {
    peer.accounts.set('ada', { email: 'ada@example.org', email_verified: true });
    arrange();
    try {
      const before = await ctx.db.collection('sessions').countDocuments({});
      const flow = await oidcFlow('ada', { authorize });
      assert.is(flow.session, null, flow.location);
      assert.match(flow.location, /error=/);
      assert.is(await ctx.db.collection('sessions').countDocuments({}), before);
    } finally {
      peer.tamper.claims = null;
    }
  });
}

test('OIDC: an unverified provider e-mail equal to an admin address grants nothing and reaches no existing account', async () => {
  const boss = await ctx.db.collection('users').findOne({ email: 'boss@example.org' });
  assert.ok(boss, 'the admin exists (signed in by magic link earlier)');
  for (const verified of [false, 'true', 1, null, undefined]) {
    peer.accounts.set('impostor', { email: 'Boss@Example.org', email_verified: verified });
    const flow = await oidcFlow('impostor');
    if (flow.session) {
      const me = (await (await ctx.request('/api/auth/me', { headers: { authorization: `Bearer ${flow.session}` } })).json()) as { id: string; is_admin: boolean };
      assert.is(me.is_admin, false, `email_verified=${String(verified)} made an admin`);
      assert.is.not(me.id, boss._id, `email_verified=${String(verified)} reached the admin's account`);
    }
  }
  assert.is(await ctx.db.collection('identities').countDocuments({ user_id: boss._id, provider: { $ne: 'email' } }), 0);
});

test.run();
