/**
 * The security headers of every answer, in two sets from one source, Hono's `secureHeaders`
 * middleware: the **document set** (`DOCUMENT_HEADERS`: our Content-Security-Policy and the ten
 * headers a page needs, twelve in all) on every page, site file and HTML answer, and the **API
 * set** (`API_HEADERS`: six) on every other answer under `/api/` (JSON, 204s, 304s, redirects,
 * CSV exports). The API set keeps what protects an answer that is not a document: `nosniff`, a CSP
 * of `default-src 'none'; frame-ancestors 'none'` (nothing may load or frame it; stricter than
 * the pages'), `Cross-Origin-Resource-Policy`, HSTS, `X-Frame-Options: DENY` and
 * `Referrer-Policy`; it drops the six a browser reads only on a document it renders
 * (`Cross-Origin-Opener-Policy`, `Origin-Agent-Cluster`, `X-DNS-Prefetch-Control`,
 * `X-Download-Options`, `X-Permitted-Cross-Domain-Policies`, `X-XSS-Protection`): the OWASP REST
 * Security Cheat Sheet's headers for API responses (Cache-Control is each answer's own), with CORP
 * and Referrer-Policy kept. They cost every JSON answer: a bare server sending a
 * brief or a feed page read 1.23 and 1.17 times the requests a second with the API set as with the
 * twelve (docs/security.md, "The header set").
 *
 * Which set: under `/api/` the API set, unless the answer is an HTML document (the
 * digest's unsubscribe pages), which gets the document set as every page does. The app applies it
 * on every answer it makes (errors, 404s, even under `app.request()` with no server); a route that
 * sets one of these headers itself keeps its own value (`overwrite: false`). Under our Node server
 * the set is put on Node's response before the app answers (`presetSecurityHeaders`,
 * api/server.ts), and what Node's server writes itself carries its set in one header list with
 * the answer's own (`securityHead`): a site file's the document set (api/static-hosts.ts), a known
 * reading answer the API set (api/answers.ts).
 *
 * The middleware also closes the connection of an answer that goes out before its request's body
 * was read (`bodyUnread`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
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

const secureDocument = secureHeaders({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, overwrite: false });

const secureApi = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  overwrite: false,
});

/** Which set of security headers an answer carries. */
type HeaderSet = 'document' | 'api';

/** True for an HTML document's Content-Type. */
const isHtml = (contentType: string | null): boolean => contentType?.trimStart().toLowerCase().startsWith('text/html') === true;

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
 * headers of its set on every answer, `Connection: close` when the body is unread. One middleware,
 * not two: each Hono middleware is one more dispatch and promise per request. The set is chosen
 * once the answer is made (under `/api/` it depends on its Content-Type) and applied as Hono's
 * `secureHeaders` applies it, after the handler. Under our Node server (api/server.ts) the
 * response already carries the set of its path, put on Node's response before the app ran (a
 * header the answer sets itself still wins: Node gives `writeHead`'s headers precedence): only an
 * HTML answer under `/api/` changes set, on Node's response too. `secureHeaders` itself is then
 * skipped: setting a dozen headers on every Hono answer takes it off @hono/node-server's fast
 * path (the warm `/api/brief` fell from 0.634 to 0.451 of the floor, `npm run bench`, 26 Nov
 * 2026). Anywhere else (`app.request()`, another runtime) `secureHeaders` sets them.
 */
export function withSecurityHeaders(frame: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  const done = async (): Promise<void> => undefined;
  return async (c, next) => {
    await frame(c, next);
    const outgoing = nodeOf(c.env, 'outgoing');
    const api = c.req.path.startsWith('/api/');
    // Under /api/ only an HTML document takes the document set; its Content-Type is read only there.
    const set: HeaderSet = api && !isHtml(c.res.headers.get('content-type')) ? 'api' : 'document';
    if (outgoing?.hasHeader('content-security-policy') === true) {
      // Preset by path (api/server.ts): only an HTML answer under /api/ changes set.
      if (api && set === 'document') presetSecurityHeaders(outgoing, 'document');
    } else await (set === 'api' ? secureApi : secureDocument)(c, done);
    if (bodyUnread(nodeOf(c.env, 'incoming')) && !c.res.headers.has('connection')) c.res.headers.set('Connection', 'close');
  };
}

/** The headers `middleware` adds to an answer that sets none of them (names in lower case). */
async function headersSent(middleware: MiddlewareHandler): Promise<Readonly<Record<string, string>>> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null, 204));
  const res = await probe.request('/');
  return Object.freeze(Object.fromEntries(res.headers));
}

/** What every page, site file and HTML answer carries (names in lower case). */
export const DOCUMENT_HEADERS = await headersSent(secureDocument);

/** What every other answer under `/api/` carries (names in lower case). */
export const API_HEADERS = await headersSent(secureApi);

const ENTRIES = { document: Object.entries(DOCUMENT_HEADERS), api: Object.entries(API_HEADERS) };

/**
 * Put the security headers of `set` on Node's response before the app answers it (api/server.ts;
 * what Node's server writes itself carries its set in its own header list: `securityHead`); a header the
 * answer names itself wins (Node gives `writeHead`'s headers precedence over `setHeader`'s, in the
 * same order as before).
 */
export function presetSecurityHeaders(res: ServerResponse, set: HeaderSet): void {
  for (const [name, value] of ENTRIES[set]) res.setHeader(name, value);
}

/**
 * The security headers of `set` and `own` headers as one flat list (`name, value, …`) for
 * `writeHead` on a response nothing was set on: what Node's server writes itself, the site's files
 * (the document set, api/static-hosts.ts) and the known reading answers (the API set,
 * api/answers.ts). One list instead of a dozen `setHeader` calls and `writeHead` merging the
 * answer's own into them (each kept in the response's header table first: 4-5 % of a site file's
 * server CPU, bench-profile `static`, 28 Nov 2026). The same headers in the same order as the
 * preset and `writeHead(status, own)`; a header `own` names itself replaces the set's (names
 * compared in lower case, as Node does). Both callers keep the list they get per answer.
 */
export function securityHead(set: HeaderSet, own: Readonly<Record<string, string>>): string[] {
  const names = set === 'api' ? API_HEADERS : DOCUMENT_HEADERS;
  // Which of the set's names the answer gives itself (ours never do: then the whole set).
  let replaced: Set<string> | null = null;
  for (const name in own) {
    const lower = name.toLowerCase();
    if (Object.hasOwn(names, lower)) (replaced ??= new Set()).add(lower);
  }
  const out = replaced === null ? FLAT[set].slice() : ENTRIES[set].filter(([name]) => !replaced.has(name)).flat();
  for (const name in own) out.push(name, own[name]!);
  return out;
}

/** Each set as a flat list (`name, value, …`). */
const FLAT: Readonly<Record<HeaderSet, readonly string[]>> = { document: ENTRIES.document.flat(), api: ENTRIES.api.flat() };
