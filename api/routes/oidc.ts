/**
 * OpenID Connect sign-in (SPEC.md "Authentication" 3) with openid-client: authorization code with
 * PKCE, state and nonce bound to the browser by a short-lived HMAC-signed cookie, ID-token checks
 * (iss, aud, exp, nonce by openid-client; `email_verified === true` here), identities keyed by
 * (issuer, subject), linking by verified e-mail. Every failure redirects to
 * `/auth/verify?error=<code>` and opens no session. Threat model: core/domain/auth.ts.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../core/platform/config.ts';
import {
  cookieSecure,
  isLoopbackHost,
  OIDC_STATE_COOKIE,
  OIDC_STATE_TTL_SECONDS,
  parseEmail,
  providerErrorCode,
  safeReturnTo,
  signState,
  verifyState,
} from '../../core/domain/auth.ts';
import { describeError } from '../../core/platform/errors.ts';
import { findIdentity, recordIdentity } from '../../core/store/identities.ts';
import { findOrCreateUserByEmail, findUserById, setAvatar } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { openSession } from '../session.ts';
import { query } from '../validate.ts';

const COOKIE_PATH = '/api/auth/oidc';
const discoveries = new Map<string, Promise<client.Configuration>>();

/** A sign-in failure with the `?error=` code shown on the verify page. */
class SignInFailure extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/**
 * The provider's configuration, discovered once per process (retried after a failure). http issuers
 * are allowed only on loopback or with FETCH_ALLOW_PRIVATE (tests and local demos).
 */
function providerConfig(config: Config): Promise<client.Configuration> {
  const oidc = config.oidc;
  if (!oidc) return Promise.reject(new Error('OIDC is not configured'));
  const key = `${oidc.issuer} ${oidc.clientId}`;
  let found = discoveries.get(key);
  if (!found) {
    const issuer = new URL(oidc.issuer);
    const insecure = issuer.protocol === 'http:' && (isLoopbackHost(issuer.hostname) || config.fetchAllowPrivate);
    found = client.discovery(
      issuer,
      oidc.clientId,
      oidc.clientSecret ? { client_secret: oidc.clientSecret } : undefined,
      oidc.clientSecret ? undefined : client.None(),
      { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    found.catch(() => discoveries.delete(key));
    discoveries.set(key, found);
  }
  return found;
}

const Claims = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().optional(),
  email_verified: z.unknown().optional(),
  picture: z.unknown().optional(),
});

/** An avatar URL worth storing: absolute http(s), bounded; anything else is null. */
function avatarUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function failureCode(error: unknown): string {
  if (error instanceof SignInFailure) return error.code;
  if (error instanceof client.AuthorizationResponseError) return providerErrorCode(error.error);
  if (error instanceof client.ResponseBodyError) return 'provider_error';
  if (error instanceof client.ClientError) return 'token_invalid';
  return 'provider_unavailable';
}

/** Exchange the code, check the claims, find or create the user; returns the user id. */
async function completeSignIn(c: Context<AppEnv>, deps: AppDeps, configuration: client.Configuration): Promise<string> {
  const flow = verifyState(getCookie(c, OIDC_STATE_COOKIE), deps.config.sessionSecret, deps.now());
  if (!flow) throw new SignInFailure('state_mismatch', 'missing, tampered or expired state cookie');
  const query = new URL(c.req.url).search;
  const currentUrl = new URL(`${deps.config.publicBaseUrl}${COOKIE_PATH}/callback${query}`);
  if (currentUrl.searchParams.get('state') !== flow.state) throw new SignInFailure('state_mismatch', 'state parameter does not match');
  const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const parsed = Claims.safeParse(tokens.claims());
  if (!parsed.success) throw new SignInFailure('token_invalid', 'ID token without a usable subject');
  const idClaims = parsed.data;
  // Providers that follow OIDC Core 5.4 strictly put scope claims in userinfo only: fall back to it.
  let claims = idClaims;
  if (idClaims.email === undefined || idClaims.email_verified === undefined || idClaims.picture === undefined) {
    const info = Claims.safeParse(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub).catch(() => null));
    if (info.success) {
      claims = {
        sub: idClaims.sub,
        email: idClaims.email ?? info.data.email,
        email_verified: idClaims.email_verified ?? info.data.email_verified,
        picture: idClaims.picture ?? info.data.picture,
      };
    }
  }
  const email = parseEmail(claims.email);
  if (!email) throw new SignInFailure('email_missing', 'no usable e-mail claim');
  if (claims.email_verified !== true) throw new SignInFailure('email_unverified', 'email_verified is not true');
  const issuer = configuration.serverMetadata().issuer;
  const now = deps.now();
  const identity = await findIdentity(deps.db, issuer, idClaims.sub);
  const linked = identity ? await findUserById(deps.db, identity.user_id) : null;
  const user = linked ?? (await findOrCreateUserByEmail(deps.db, email, now));
  const stored = await recordIdentity(deps.db, { user_id: user._id, provider: 'oidc', issuer, subject: idClaims.sub, email }, now);
  if (stored.user_id !== user._id && !linked) throw new SignInFailure('provider_error', 'identity linked concurrently to another user');
  await setAvatar(deps.db, user._id, avatarUrl(claims.picture), now);
  await openSession(c, user._id);
  return flow.returnTo;
}

/** `?return_to=`: a same-site path to come back to, else `/` (core/domain/auth.ts safeReturnTo). */
const StartQuery = z.object({ return_to: z.string().optional().catch(undefined).transform(safeReturnTo) });

/** `/api/auth/oidc`: start and callback. 404 when no provider is configured. */
export function oidcRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const fail = (c: Context<AppEnv>, code: string) => c.redirect(`/auth/verify?error=${encodeURIComponent(code)}`, 302);

  app.get('/start', query(StartQuery), async (c) => {
    if (!deps.config.oidc) return c.json({ error: { code: 'not_found', message: 'Provider sign-in is not configured.' } }, 404);
    let configuration: client.Configuration;
    try {
      configuration = await providerConfig(deps.config);
    } catch (error) {
      deps.log.warn('OIDC discovery failed', { error: describeError(error) });
      return fail(c, 'provider_unavailable');
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier,
      returnTo: c.req.valid('query').return_to,
      exp: Math.floor(deps.now().getTime() / 1000) + OIDC_STATE_TTL_SECONDS,
    };
    setCookie(c, OIDC_STATE_COOKIE, signState(flow, deps.config.sessionSecret), {
      httpOnly: true,
      sameSite: 'Lax',
      secure: cookieSecure(deps.config.publicBaseUrl),
      path: COOKIE_PATH,
      maxAge: OIDC_STATE_TTL_SECONDS,
    });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: `${deps.config.publicBaseUrl}${COOKIE_PATH}/callback`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return c.redirect(url.href, 302);
  });

  app.get('/callback', async (c) => {
    if (!deps.config.oidc) return fail(c, 'provider_unavailable');
    try {
      const configuration = await providerConfig(deps.config);
      const returnTo = await completeSignIn(c, deps, configuration);
      deleteCookie(c, OIDC_STATE_COOKIE, { path: COOKIE_PATH, secure: cookieSecure(deps.config.publicBaseUrl) });
      return c.redirect(returnTo, 302);
    } catch (error) {
      const code = failureCode(error);
      deps.log.warn('OIDC sign-in failed', { code, error: describeError(error) });
      deleteCookie(c, OIDC_STATE_COOKIE, { path: COOKIE_PATH, secure: cookieSecure(deps.config.publicBaseUrl) });
      return fail(c, code);
    }
  });

  return app;
}
