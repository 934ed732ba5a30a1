/**
 * Serves the app over HTTP (`npm run api`, and `npm start` through `listen`). Shutdown stops
 * accepting connections, lets in-flight requests finish, then closes idle keep-alive sockets.
 *
 * The security headers are added here, by Node's response (`SecuredResponse`), to every answer
 * (JSON, HTML pages, static files, errors). Set inside Hono (its `secureHeaders` middleware) they
 * cost more than the rest of a small JSON answer: every response then went through an undici
 * `Headers` object and off `@hono/node-server`'s fast path (docs/benchmarks.md). A route that
 * needs another value for one of them sets its own header, which wins.
 */
import { createServer, ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { openRuntime, exitOnStartupError, onShutdown, services, type Runtime } from '../core/platform/runtime.ts';
import { createApp } from './app.ts';
import type { StaticFiles } from './static-files.ts';

/** Content-Security-Policy directives: our own origin only; images from any https origin (article images). */
const CSP = [
  "default-src 'self'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** The headers every answer carries (the set Hono's `secureHeaders` sends, with our CSP). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CSP,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-site',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
});

const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS).map(([name, value]) => [name, name.toLowerCase(), value] as const);

/** Anything with a fetch handler: the app, or a Hono app that mounts it. */
export interface Fetchable {
  /** `env` carries Node's `incoming` / `outgoing` (read by `getConnInfo` for the client address). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  /** The site's files, answered from memory before the app runs (`createApp` sets it). */
  staticFiles?: StaticFiles;
}

/**
 * True when the request announced a body that has not all arrived: the answer is going out before
 * it was read (a 413 from a body limit, a 401 or 403 on an upload, an early error). Such a
 * connection cannot carry another request: the rest of the body is still on the wire, and the
 * adapter stops reading it (a cancelled body stream destroys the socket), so a keep-alive client
 * that reused it saw its next request reset (issue 23).
 */
function bodyUnread(req: IncomingMessage | undefined): boolean {
  if (req === undefined || req.complete) return false;
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * `headers` with every security header it does not set itself (any letter case) added, and
 * `Connection: close` when the request's body is still unread (see `bodyUnread`).
 */
function secured(res: ServerResponse, headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined): OutgoingHttpHeaders | OutgoingHttpHeader[] {
  const close = bodyUnread(res.req);
  if (Array.isArray(headers)) {
    // Flat [name, value, ...]; an array of [name, value] pairs is flattened first.
    const flat = headers.length > 0 && Array.isArray(headers[0]) ? headers.flatMap((pair) => pair) : headers;
    const present = flat.filter((_, i) => i % 2 === 0).map((name) => String(name).toLowerCase());
    const out: OutgoingHttpHeader[] = [];
    for (const [name, lower, value] of SECURITY_ENTRIES) if (!present.includes(lower) && !res.hasHeader(lower)) out.push(name, value);
    if (close && !present.includes('connection')) out.push('Connection', 'close');
    return [...out, ...flat];
  }
  const own = headers ? Object.keys(headers).map((name) => name.toLowerCase()) : [];
  const out: OutgoingHttpHeaders = {};
  for (const [name, lower, value] of SECURITY_ENTRIES) if (!own.includes(lower) && !res.hasHeader(lower)) out[name] = value;
  if (close && !own.includes('connection')) out.Connection = 'close';
  return headers ? Object.assign(out, headers) : out;
}

/**
 * Node's response with the security headers: every answer's headers pass `writeHead` (Node calls it
 * for implicit headers too), which adds them there. Not `setHeader` per response: once that API is
 * used, Node sends every other header of the answer through `setHeader` too (lower-casing and
 * interning each name), which cost more than the rest of a cached JSON answer.
 */
export class SecuredResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if (typeof reason === 'string') return super.writeHead(statusCode, reason, secured(this, headers));
    return super.writeHead(statusCode, secured(this, reason ?? headers));
  }
}

/**
 * An HTTP server for `app` (anything with a fetch handler): `@hono/node-server`'s adapter, answers
 * with the security headers. The site's files (`app.staticFiles`) are answered first, straight on
 * Node's response: a static answer then costs a stat and a write, not the app's middleware.
 */
export function createAppServer(app: Fetchable): Server {
  const listener = getRequestListener((request, env) => app.fetch(request, env));
  const files = app.staticFiles;
  if (files === undefined) return createServer({ ServerResponse: SecuredResponse }, listener);
  return createServer({ ServerResponse: SecuredResponse }, (req, res) => {
    // The API names no file (filePathOf refuses it): straight to the app, without the look-up.
    if (req.url?.startsWith('/api/') === true) void listener(req, res);
    else files.handle(req, res, () => void listener(req, res));
  });
}

/** A listening server and how to stop it gracefully. */
export interface Listening {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Serve `app` on `port` (0 = any free port); resolves once listening. */
export function serveApp(app: Fetchable, port: number, hostname = '0.0.0.0'): Promise<Listening> {
  const server = createAppServer(app);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      const bound = (server.address() as AddressInfo).port;
      const host = hostname === '0.0.0.0' ? 'localhost' : hostname;
      resolve({ port: bound, url: `http://${host}:${bound}`, server, close: () => closeServer(server) });
    });
  });
}

/** Listen on `port` (0 = any free port) with the app built from `runtime`. */
export function listen(runtime: Runtime, port: number): Promise<Listening> {
  return serveApp(createApp(services(runtime)), port);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // Requests still running after 3 s are cut so the whole shutdown stays within 5 s.
    setTimeout(() => server.closeAllConnections(), 3000).unref();
  });
}

/** `npm run api`: the API process alone (read-only: it creates no collections or indexes). */
export async function runApiServer(): Promise<void> {
  const runtime = await openRuntime().catch(exitOnStartupError);
  const listening = await listen(runtime, runtime.config.port);
  runtime.log.info(`API listening at ${listening.url}`);
  onShutdown(runtime.log, async () => {
    await listening.close();
    await runtime.database.close();
  });
}
