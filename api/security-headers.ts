/**
 * The headers every answer carries, from one source: Hono's `secureHeaders` middleware with our
 * Content-Security-Policy. The app runs the middleware on every answer it makes (JSON, pages,
 * errors, 404s, even under `app.request()` with no server); a route that sets one of these
 * headers itself keeps its own value (`overwrite: false`). Under our Node server every answer,
 * the site's files (answered before the app runs) and the app's alike, gets `SECURITY_HEADERS`
 * (the very set the middleware sends, read once at start from an answer it made) one way:
 * `presetSecurityHeaders` on Node's response before anything answers (api/server.ts).
 *
 * The middleware also closes the connection of an answer that goes out before its request's body
 * was read (`bodyUnread`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { OWN_BRIEF_SCRIPT_HASH } from '../core/pages/own-brief.ts';
import type { AppEnv } from './deps.ts';
import { nodeOf } from './request-header.ts';

/** Our own origin only; images from any https origin (article images); no framing, no plugins. */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'https:', 'data:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The shell's one inline script, by its hash (core/pages/own-brief.ts).
  scriptSrc: ["'self'", OWN_BRIEF_SCRIPT_HASH],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

const secure = secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, overwrite: false });

/**
 * True when the request announced a body that has not all arrived: the answer is going out before
 * it was read (a 413 from a body limit, a 401 or 403 on an upload, an early error). Such a
 * connection cannot carry another request: the rest of the body is still on the wire, and the
 * adapter stops reading it (a cancelled body stream destroys the socket), so a keep-alive client
 * that reused it saw its next request reset (issue 23).
 */
export function bodyUnread(req: IncomingMessage | undefined): boolean {
  if (req === undefined || req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The app's outermost middleware, around `frame` (the request frame, api/app.ts): the security
 * headers on every answer, `Connection: close` when the body is unread. One middleware, not two:
 * each Hono middleware is one more dispatch and promise per request. Under our Node server
 * (api/server.ts) the response already carries `SECURITY_HEADERS`, set on Node's response before
 * the app runs (a header the answer sets itself still wins: Node gives `writeHead`'s headers
 * precedence), so `secureHeaders` is skipped: setting twelve headers on every Hono answer takes it
 * off @hono/node-server's fast path, and the warm `/api/brief` fell from 0.634 to 0.451 of the
 * floor (`npm run bench`, quiet machine, 26 Nov 2026). Anywhere else (`app.request()`, another
 * runtime) `secureHeaders` sets them.
 */
export function withSecurityHeaders(frame: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  const inner = (c: Context<AppEnv>, next: Next) => async (): Promise<void> => {
    await frame(c, next);
  };
  return async (c, next) => {
    if (nodeOf(c.env, 'outgoing')?.hasHeader('content-security-policy') === true) await frame(c, next);
    else await secure(c, inner(c, next));
    if (bodyUnread(nodeOf(c.env, 'incoming')) && !c.res.headers.has('connection')) c.res.headers.set('Connection', 'close');
  };
}

/** The headers `secureHeaders` adds to an answer that sets none of them (names in lower case). */
async function headersSent(): Promise<Readonly<Record<string, string>>> {
  const probe = new Hono().use(secure).get('/', (c) => c.body(null, 204));
  const res = await probe.request('/');
  return Object.freeze(Object.fromEntries(res.headers));
}

/** What every answer carries (names in lower case). */
export const SECURITY_HEADERS = await headersSent();

const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Put `SECURITY_HEADERS` on Node's response before anything answers it (api/server.ts): the site's
 * files and the app's answers take them from here; a header the answer names itself wins (Node
 * gives `writeHead`'s headers precedence over `setHeader`'s, in the same order as before).
 */
export function presetSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of SECURITY_ENTRIES) res.setHeader(name, value);
}
