/**
 * Cross-site request forgery guard (OWASP CSRF cheat sheet, "Verifying origin with standard
 * headers"). A state-changing request (POST, PUT, PATCH, DELETE) that carries the session cookie
 * and no bearer header must come from our own origin (PUBLIC_BASE_URL), judged by Sec-Fetch-Site,
 * then Origin, then Referer; otherwise 403. Bearer requests pass: browsers never add that header
 * by themselves, so it cannot be forged cross-site. Requests without the cookie carry no authority
 * to abuse and pass too (the magic-link verify route applies `assertSameOrigin` itself against
 * login CSRF). Threat model: core/domain/auth.ts.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isSameOriginRequest } from '../core/domain/auth.ts';
import { SESSION_COOKIE } from '../core/domain/user.ts';
import { ForbiddenError } from '../core/platform/errors.ts';
import type { AppEnv } from './deps.ts';
import { bearerToken } from './session.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 403 unless the request's standard headers say it comes from our own origin. */
export function assertSameOrigin(c: Context<AppEnv>, publicBaseUrl: string): void {
  const ok = isSameOriginRequest(
    { secFetchSite: c.req.header('sec-fetch-site'), origin: c.req.header('origin'), referer: c.req.header('referer') },
    publicBaseUrl,
  );
  if (!ok) throw new ForbiddenError('This request came from another site and was refused.', 'cross_site_request');
}

/** True when the request must pass `assertSameOrigin`: state-changing, with the session cookie and no bearer header. */
export function needsSameOrigin(c: Context<AppEnv>): boolean {
  return STATE_CHANGING.has(c.req.method) && !bearerToken(c) && getCookie(c, SESSION_COOKIE) !== undefined;
}
