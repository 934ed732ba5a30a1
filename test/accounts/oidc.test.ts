import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { cookieValue, json } from './helpers.ts';
import { startOidcPeer, walkProvider, type OidcPeer } from '../helpers/oidc-peer.ts';

const BASE = 'http://tidings.test';
let ctx: TestContext;
let peer: OidcPeer;

test.before(async () => {
  peer = await startOidcPeer(`${BASE}/api/auth/oidc/callback`);
  ctx = await createTestContext({
    env: {
      PUBLIC_BASE_URL: BASE,
      OIDC_ISSUER: peer.issuer,
      OIDC_CLIENT_ID: peer.clientId,
      OIDC_CLIENT_SECRET: peer.clientSecret,
      OIDC_NAME: 'Loopback ID',
      SERVICE_ADMIN_EMAILS: 'Boss@Example.org',
    },
  });
});
test.after(async () => {
  await ctx.close();
  await peer.close();
});

interface Flow {
  /** Where our callback sent the browser. */
  location: string;
  /** The session cookie the callback set, or null. */
  session: string | null;
}

/** Start at our `/api/auth/oidc/start`, sign in at the provider as `login`, return through our callback. */
async function signInWithProvider(login: string, options: { stateCookie?: (value: string) => string | null; returnTo?: string } = {}): Promise<Flow> {
  const start = await ctx.request(`/api/auth/oidc/start${options.returnTo ? `?return_to=${encodeURIComponent(options.returnTo)}` : ''}`);
  assert.is(start.status, 302);
  const authorizationUrl = start.headers.get('location')!;
  assert.ok(authorizationUrl.startsWith(peer.issuer), 'redirects to the provider');
  const params = new URL(authorizationUrl).searchParams;
  assert.is(params.get('code_challenge_method'), 'S256');
  assert.ok(params.get('code_challenge') && params.get('state') && params.get('nonce'));
  const stateLine = start.headers.getSetCookie().find((l) => l.startsWith('tidings_oidc='))!;
  assert.match(stateLine, /HttpOnly/i);
  assert.match(stateLine, /SameSite=Lax/i);
  const state = cookieValue(start, 'tidings_oidc')!;
  const callback = await walkProvider(authorizationUrl, login, BASE);
  const sent = options.stateCookie ? options.stateCookie(state) : state;
  const res = await ctx.request(`${callback.pathname}${callback.search}`, { headers: sent === null ? {} : { cookie: `tidings_oidc=${sent}` } });
  assert.is(res.status, 302);
  return { location: res.headers.get('location')!, session: cookieValue(res, 'tidings_session') || null };
}

async function me(session: string) {
  const res = await ctx.request('/api/auth/me', { headers: { cookie: `tidings_session=${session}` } });
  assert.is(res.status, 200);
  return json<{ id: string; email: string; avatar_url: string | null; is_admin: boolean }>(res);
}

test('the full browser-less flow (start → provider → callback) signs in, with the picture from userinfo', async () => {
  peer.accounts.set('ada', { email: 'Ada@Example.org', email_verified: true, picture: 'https://img.example.org/ada.png' });
  const flow = await signInWithProvider('ada', { returnTo: '/?view=account' });
  assert.is(flow.location, '/?view=account');
  assert.ok(flow.session, 'session cookie set');
  const user = await me(flow.session);
  assert.is(user.email, 'ada@example.org');
  assert.is(user.avatar_url, 'https://img.example.org/ada.png');
  assert.is(user.is_admin, false);
  const identity = await ctx.db.collection('identities').findOne({ subject: 'ada' });
  assert.is(identity?.issuer, peer.issuer);
  assert.is(identity?.user_id, user.id);
});

test('the profile picture is refreshed on every sign-in, and the same (issuer, subject) reaches the same user', async () => {
  peer.accounts.set('ada', { email: 'ada@example.org', email_verified: true, picture: 'https://img.example.org/ada-2.png' });
  const first = await me((await signInWithProvider('ada')).session!);
  assert.is(first.avatar_url, 'https://img.example.org/ada-2.png');
  assert.is(await ctx.db.collection('users').countDocuments({ email: 'ada@example.org' }), 1);
});

test('an open redirect in return_to lands on / instead', async () => {
  const flow = await signInWithProvider('ada', { returnTo: 'https://evil.example/' });
  assert.is(flow.location, '/');
});

const failures: Array<[string, () => void, string, (flowState: string) => string | null]> = [
  ['a missing state cookie', () => undefined, 'state_mismatch', () => null],
  ['a tampered state cookie', () => undefined, 'state_mismatch', (s) => `${s.slice(0, -4)}AAAA`],
  ['a state cookie from another flow', () => undefined, 'state_mismatch', () => 'eyJzdGF0ZSI6IngifQ.bad'],
  ['a wrong aud', () => { peer.tamper.aud = 'someone-else'; }, 'token_invalid', (s) => s],
  ['an unverified e-mail', () => { peer.accounts.set('eve', { email: 'eve@example.org', email_verified: false }); }, 'email_unverified', (s) => s],
  ['an e-mail_verified that is the string "true"', () => { peer.accounts.set('eve', { email: 'eve@example.org', email_verified: 'true' }); }, 'email_unverified', (s) => s],
  ['no e-mail at all', () => { peer.accounts.set('anon', {}); }, 'email_missing', (s) => s],
];

for (const [name, arrange, code, cookie] of failures) {
  test(`${name} ends at /auth/verify?error=${code} with no session`, async () => {
    arrange();
    const login = name.includes('e-mail') ? (code === 'email_missing' ? 'anon' : 'eve') : 'ada';
    const sessionsBefore = await ctx.db.collection('sessions').countDocuments({});
    try {
      const flow = await signInWithProvider(login, { stateCookie: cookie });
      assert.is(flow.location, `/auth/verify?error=${code}`);
      assert.is(flow.session, null);
      assert.is(await ctx.db.collection('sessions').countDocuments({}), sessionsBefore);
    } finally {
      peer.tamper.aud = null;
    }
    const page = await ctx.request(`/auth/verify?error=${code}`);
    assert.is(page.status, 200);
  });
}

test('no user is created for an unverified provider e-mail', async () => {
  assert.is(await ctx.db.collection('users').countDocuments({ email: 'eve@example.org' }), 0);
});

test('signing in by provider with the e-mail of a magic-link user reaches the same user', async () => {
  const started = await ctx.request('/api/auth/email/start', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'grace@example.org' }) });
  assert.is(started.status, 200);
  // Without SMTP_URL the link is logged (CONTRACT.md): take it from the log.
  const line = ctx.log.lines.find((l) => l.includes('magic link') && l.includes('grace@example.org'));
  const token = /token=([A-Za-z0-9_-]+)/.exec(line ?? '')?.[1];
  assert.ok(token, 'the link is logged');
  const verified = await ctx.request('/api/auth/email/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  const signedIn = await json<{ token: string; user: { id: string } }>(verified);
  const byLink = signedIn.user.id;

  peer.accounts.set('grace-at-provider', { email: 'GRACE@example.org', email_verified: true });
  const byProvider = await me((await signInWithProvider('grace-at-provider')).session!);
  assert.is(byProvider.id, byLink);
  const account = await json<{ identities: Array<{ provider: string }> }>(
    await ctx.request('/api/account', { headers: { authorization: `Bearer ${signedIn.token}` } }),
  );
  assert.equal(account.identities.map((i) => i.provider).sort(), ['email', 'oidc']);
});

test('a verified provider e-mail listed in SERVICE_ADMIN_EMAILS makes an admin', async () => {
  peer.accounts.set('boss', { email: 'boss@example.org', email_verified: true });
  assert.is((await me((await signInWithProvider('boss')).session!)).is_admin, true);
});

test('GET /api/auth/providers names the provider when configured', async () => {
  const body = await json<{ email: boolean; oidc: { name: string } | null }>(await ctx.request('/api/auth/providers'));
  assert.is(body.email, true);
  assert.is(body.oidc?.name, 'Loopback ID');
});

test.run();
