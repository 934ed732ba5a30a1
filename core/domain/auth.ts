/**
 * Sign-in rules: tokens, lifetimes, limits, the signed OIDC state cookie and the same-origin check.
 *
 * Threat model (after The Copenhagen Book, https://thecopenhagenbook.com, and the OWASP cheat
 * sheets on Session Management, Authentication, Forgot Password, CSRF and OAuth2):
 *
 * - Guessing or brute-forcing a session or magic-link token: every token carries 256 bits from the
 *   OS CSPRNG (`newSecretToken`), far above the 128-bit floor of OWASP Session Management.
 * - A leaked database (backup, replica, injection) replayed as sessions or sign-in links: only the
 *   SHA-256 of each token is stored (`hashToken` in api/session.ts); a hash cannot be presented.
 * - A magic link replayed (forwarded mail, browser history, a second click): single use, consumed by
 *   one atomic `findOneAndDelete` keyed by the hash and the expiry, so two racing requests cannot
 *   both win; it dies after 15 minutes (`MAGIC_LINK_TTL_SECONDS`) even if never used.
 * - Mail scanners and link previewers "clicking" the link: the link opens a page (GET never
 *   consumes); only a deliberate button press POSTs the token. No auto-submit, because scanners
 *   run JavaScript.
 * - The token leaking from the verify page through Referer or caches: the page sends
 *   `Referrer-Policy: no-referrer` and `Cache-Control: no-store`, and drops the token from the URL.
 * - Account enumeration through the start endpoint: the reply is byte-identical for every valid
 *   address, known or not, limited or not; user lookup happens only at verify time, and the mail is
 *   sent in the background, so timing does not depend on the account either.
 * - Mail bombing a victim and burning our sender reputation: 5 starts per address and 20 per client
 *   address per sliding hour, counted in the database so every API process shares the count; only
 *   keyed HMACs of the address and client address are stored, and they expire with the window.
 * - Session theft by script (XSS) or over plain HTTP: the cookie is HttpOnly, Secure whenever the
 *   service is served over https, and scoped to the site with SameSite=Lax.
 * - Cross-site request forgery with the cookie: SameSite=Lax keeps the cookie off cross-site
 *   sub-requests, and api/csrf.ts refuses cookie-authenticated POST/PUT/DELETE whose Origin or
 *   Sec-Fetch-Site says another site (OWASP "Verifying origin with standard headers"). Bearer
 *   requests need no check: a browser never attaches that header on its own.
 * - Login CSRF (signing the victim into the attacker's account): the verify endpoint applies the
 *   same origin check; the OIDC flow is bound to the browser that started it by the state cookie.
 * - Session fixation: a fresh token is minted at every sign-in; a token from the request is never
 *   promoted into a session.
 * - Long-lived stolen sessions: 30-day sliding expiry, sign out (one session), sign out everywhere
 *   (all sessions), and account deletion revoke server-side, because the session lives in the database.
 * - OIDC authorization-code interception and injection: PKCE (S256) with a per-flow verifier; `state`
 *   and `nonce` are random per flow and bound to the browser by a short-lived HMAC-signed,
 *   HttpOnly cookie (`signState`), compared in constant time.
 * - Forged or misdirected ID tokens: openid-client validates `iss`, `aud`, `exp`, `nonce` (and the
 *   RFC 9207 `iss` response parameter); the token comes straight from the token endpoint over TLS.
 * - Account takeover by an unverified provider e-mail: a provider sign-in is refused unless
 *   `email_verified` is exactly `true`; only then does it link to an existing account by e-mail or
 *   grant admin through SERVICE_ADMIN_EMAILS. Identities are keyed by (issuer, subject), never by
 *   e-mail alone.
 * - Open redirects after sign-in: `safeReturnTo` accepts only site-relative paths.
 *
 * Everything here is pure (randomness aside): callers pass `now` and the secret.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_TTL_SECONDS } from './user.ts';

/** How long an e-mailed sign-in link stays valid (CONTRACT.md: 15 minutes). */
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
/** Magic-link starts allowed per address per sliding window (CONTRACT.md). */
export const MAGIC_LINK_LIMIT_PER_EMAIL = 5;
/** Magic-link starts allowed per client address per sliding window (CONTRACT.md). */
export const MAGIC_LINK_LIMIT_PER_CLIENT = 20;
/** The sliding window of both magic-link limits. */
export const MAGIC_LINK_WINDOW_SECONDS = 60 * 60;
/** A session is re-extended at most this often (saves a write per request). */
export const SESSION_REFRESH_AFTER_SECONDS = 60 * 60;
/** Lifetime of the OIDC state cookie: one trip to the provider and back. */
export const OIDC_STATE_TTL_SECONDS = 10 * 60;
/** The OIDC state cookie name. */
export const OIDC_STATE_COOKIE = 'tidings_oidc';

/** A fresh secret token: 256 random bits, base64url (43 characters, an `isSecretToken`). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The shape of a secret token taken back from a client (a session's, a sign-in link's): url-safe, 20-200 characters. */
const SECRET_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** True when `value` has a secret token's shape: checked before a token is hashed and looked up, so a malformed one costs no query. */
export function isSecretToken(value: unknown): value is string {
  return typeof value === 'string' && SECRET_TOKEN.test(value);
}

/** When a session created or refreshed at `now` expires. */
export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
}

/** True when a session last extended at `lastUsedAt` should be extended again. */
export function sessionNeedsRefresh(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() >= SESSION_REFRESH_AFTER_SECONDS * 1000;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$|^[^\s@<>()[\]\\,;:"]+@localhost$/;

/** A normalised e-mail address (trimmed, lower-cased), or null when it is not one. */
export function parseEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  if (email.length < 3 || email.length > 254 || !EMAIL.test(email)) return null;
  return email;
}

/** A keyed hash (hex HMAC-SHA-256) so rate-limit keys never store an address in the clear. */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** What the OIDC state cookie binds to the browser for one flow. */
export interface OidcFlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

/** Serialise and sign a flow state: `base64url(json).base64url(hmac)`. */
export function signState(flow: OidcFlowState, secret: string): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  const mac = createHmac('sha256', `oidc-state:${secret}`).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** Verify and parse a signed flow state; null when missing, tampered, malformed or expired. */
export function verifyState(cookie: string | undefined, secret: string, now: Date): OidcFlowState | null {
  if (!cookie || cookie.length > 4096) return null;
  const [payload, mac, extra] = cookie.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', `oidc-state:${secret}`).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { state, nonce, codeVerifier, returnTo, exp } = data as Record<string, unknown>;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
  if (typeof returnTo !== 'string' || typeof exp !== 'number') return null;
  if (exp * 1000 <= now.getTime()) return null;
  return { state, nonce, codeVerifier, returnTo: safeReturnTo(returnTo), exp };
}

/** A site-relative path to land on after sign-in; anything else (absolute, `//host`, `\`) becomes `/`. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}

/** The origin (scheme://host[:port]) of the public base URL. */
export function publicOrigin(publicBaseUrl: string): string {
  return new URL(publicBaseUrl).origin;
}

/**
 * Whether a state-changing browser request comes from our own origin, judged by the standard
 * headers (OWASP CSRF cheat sheet): Sec-Fetch-Site first, then Origin, then Referer. A request with
 * none of them is not from a modern browser's cross-site form or fetch, so it passes.
 */
export function isSameOriginRequest(
  headers: { secFetchSite?: string | undefined; origin?: string | undefined; referer?: string | undefined },
  publicBaseUrl: string,
): boolean {
  const ours = publicOrigin(publicBaseUrl);
  if (headers.secFetchSite) return headers.secFetchSite === 'same-origin' || headers.secFetchSite === 'none';
  if (headers.origin) return headers.origin === ours;
  if (headers.referer) {
    try {
      return new URL(headers.referer).origin === ours;
    } catch {
      return false;
    }
  }
  return true;
}

/** Whether cookies must carry `Secure` (CONTRACT.md: follows the scheme of PUBLIC_BASE_URL). */
export function cookieSecure(publicBaseUrl: string): boolean {
  return publicBaseUrl.startsWith('https:');
}

/** Loopback host names, the only ones an http OIDC issuer may use (besides FETCH_ALLOW_PRIVATE). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The `?error=` codes the verify page explains; anything else shows the generic message. */
export const SIGN_IN_ERRORS: Readonly<Record<string, string>> = {
  invalid_link: 'This sign-in link has already been used or has expired. Links work once, for 15 minutes.',
  state_mismatch: 'The sign-in could not be matched to this browser. Please start again from the same browser.',
  email_unverified: 'Your provider has not confirmed your e-mail address, so we could not sign you in with it.',
  email_missing: 'Your provider did not share an e-mail address, which we need to sign you in.',
  token_invalid: 'Your provider’s answer did not pass our checks. Please try again.',
  provider_unavailable: 'The sign-in provider is not reachable right now. Please try again in a moment.',
  access_denied: 'The sign-in was cancelled at the provider.',
  provider_error: 'The sign-in provider reported a problem. Please try again.',
};

/** Map a provider's `error` parameter to one of our codes (never reflect arbitrary text). */
export function providerErrorCode(value: string | undefined): string {
  if (value && Object.hasOwn(SIGN_IN_ERRORS, value)) return value;
  return 'provider_error';
}
