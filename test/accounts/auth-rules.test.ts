import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  isLoopbackHost,
  isSameOriginRequest,
  parseEmail,
  providerErrorCode,
  safeReturnTo,
  signState,
  verifyState,
  type OidcFlowState,
} from '../../core/domain/auth.ts';
import { isAdmin } from '../../core/domain/user.ts';

const SECRET = 'a-test-secret-a-test-secret-012345';
const now = new Date('2026-11-20T12:00:00Z');
const flow: OidcFlowState = { state: 's1', nonce: 'n1', codeVerifier: 'v1', returnTo: '/saved', exp: now.getTime() / 1000 + 600 };

test('the state cookie round-trips, and is refused when tampered, re-signed with another secret, or expired', () => {
  const cookie = signState(flow, SECRET);
  assert.equal(verifyState(cookie, SECRET, now), flow);
  const [payload, mac] = cookie.split('.');
  const forged = Buffer.from(JSON.stringify({ ...flow, state: 'attacker' })).toString('base64url');
  const cases: Array<[string, string | undefined, Date]> = [
    ['missing', undefined, now],
    ['payload swapped', `${forged}.${mac}`, now],
    ['mac cut', `${payload}.${mac!.slice(0, 10)}`, now],
    ['other secret', signState(flow, 'another-secret-another-secret-0123'), now],
    ['extra part', `${cookie}.x`, now],
    ['expired', cookie, new Date(now.getTime() + 601_000)],
  ];
  for (const [name, value, at] of cases) assert.is(verifyState(value, SECRET, at), null, name);
});

test('return_to accepts only site-relative paths', () => {
  const cases: Array<[unknown, string]> = [
    ['/?view=account', '/?view=account'],
    ['/saved', '/saved'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/ok\nSet-Cookie: x', '/'],
    [42, '/'],
  ];
  for (const [input, expected] of cases) assert.is(safeReturnTo(input), expected, String(input));
});

test('e-mail addresses are validated and normalised', () => {
  const cases: Array<[unknown, string | null]> = [
    [' Reader@Example.ORG ', 'reader@example.org'],
    ['me@localhost', 'me@localhost'],
    ['no-at-sign', null],
    ['a@b', null],
    ['two@@example.org', null],
    ['<x>@example.org', null],
    [`${'x'.repeat(250)}@example.org`, null],
    [null, null],
  ];
  for (const [input, expected] of cases) assert.is(parseEmail(input), expected, String(input));
});

test('same-origin judgement follows Sec-Fetch-Site, then Origin, then Referer', () => {
  const base = 'https://tidings.example';
  const cases: Array<[Parameters<typeof isSameOriginRequest>[0], boolean]> = [
    [{ secFetchSite: 'same-origin' }, true],
    [{ secFetchSite: 'same-site' }, false],
    [{ secFetchSite: 'cross-site', origin: base }, false],
    [{ origin: base }, true],
    [{ origin: 'https://tidings.example.evil.org' }, false],
    [{ origin: 'null' }, false],
    [{ referer: `${base}/account` }, true],
    [{ referer: 'https://evil.example/' }, false],
    [{}, true],
  ];
  for (const [headers, expected] of cases) assert.is(isSameOriginRequest(headers, base), expected, JSON.stringify(headers));
});

test('http issuers are allowed only on loopback hosts', () => {
  for (const host of ['127.0.0.1', '127.5.0.1', 'localhost', '[::1]']) assert.ok(isLoopbackHost(host), host);
  for (const host of ['10.0.0.1', 'example.org', '127.0.0.1.nip.io', '0.0.0.0']) assert.not.ok(isLoopbackHost(host), host);
});

test('provider error codes are mapped to our fixed list, never reflected', () => {
  assert.is(providerErrorCode('access_denied'), 'access_denied');
  assert.is(providerErrorCode('<script>'), 'provider_error');
  assert.is(providerErrorCode(undefined), 'provider_error');
  assert.is(providerErrorCode('__proto__'), 'provider_error');
});

test('isAdmin: the flag, or the normalised address in SERVICE_ADMIN_EMAILS', () => {
  const config = { adminEmails: ['chief@example.org'] };
  assert.ok(isAdmin({ is_admin: false, email: ' Chief@Example.org' }, config));
  assert.ok(isAdmin({ is_admin: true, email: 'x@example.org' }, config));
  assert.not.ok(isAdmin({ is_admin: false, email: 'x@example.org' }, config));
});

test.run();
