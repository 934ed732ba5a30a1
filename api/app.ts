/**
 * Builds the Hono app: middleware, one sub-app per resource under `/api`, static serving of the
 * Eleventy output, JSON 404 for unknown `/api/*` paths, a calm HTML 404 page for other paths, and
 * the single root `onError` that produces `{"error":{"code","message"}}` (CONTRACT.md).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { TrieRouter } from 'hono/router/trie-router';
import { isOneOf } from '../core/domain/guards.ts';
import { AppError, describeError } from '../core/platform/errors.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { compressAnswer } from './compress.ts';
import { calmPage } from './pages.ts';
import { requestHeader } from './request-header.ts';
import { logRequest } from './request-log.ts';
import { withSecurityHeaders } from './security-headers.ts';
import { readingHost, type ReadingHost } from './reading-host.ts';
import { StaticFiles } from './static-files.ts';
import { isSiteFile } from './site-paths.ts';
import { siteMiddleware } from './static-hosts.ts';
import { digestRoutes } from './routes/digests.ts';
import { healthRoutes } from './routes/health.ts';
import { briefRoutes } from './routes/briefs.ts';
import { categoryRoutes } from './routes/categories.ts';
import { feedRoutes } from './routes/feeds.ts';
import { replacementRoutes } from './routes/replacements.ts';
import { sinceRoutes } from './routes/since.ts';
import { taxonomyRoutes } from './routes/taxonomy.ts';
import { eventRoutes } from './routes/events.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { summaryRoutes } from './routes/summaries.ts';
import { assertSameOrigin, needsSameOrigin } from './csrf.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { followRoutes } from './routes/follows.ts';
import { historyRoutes } from './routes/history.ts';
import { importRoutes } from './routes/imports.ts';
import { oidcRoutes } from './routes/oidc.ts';
import { prefsRoutes } from './routes/prefs.ts';
import { savedRoutes } from './routes/saved.ts';
import { verifyRoutes } from './verify-page.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { articlePageRoutes } from './routes/pages.ts';
import { puzzleRoutes } from './routes/puzzles.ts';
import { sourcePreviewRoutes } from './routes/source-previews.ts';

/**
 * CORS (SPEC.md: CORS allows POST). Our own origin (PUBLIC_BASE_URL) may send credentials (the
 * session cookie); any other origin may call the public API without credentials only, so another
 * site can never read a signed-in reader's data (e.g. `/api/account/export`) with their cookie.
 */
function corsPolicy(deps: AppDeps) {
  const own = new URL(deps.config.publicBaseUrl).origin;
  const shared = { allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'], allowHeaders: ['Content-Type', 'Authorization'], maxAge: 600 };
  const withCredentials = cors({ ...shared, origin: own, credentials: true });
  const anonymous = cors({ ...shared, origin: '*' });
  return (c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | void> => {
    const origin = requestHeader(c, 'origin');
    // No Origin header: not a cross-origin browser request, so CORS headers would mean nothing;
    // skipping them also keeps the response on @hono/node-server's fast path (measured 3.5x).
    if (origin === undefined) return next();
    return origin === own ? withCredentials(c, next) : anonymous(c, next);
  };
}

/**
 * The one middleware every request passes, in this order: the deps on the context; the request
 * log around everything (method, path without query string, status, duration; never an IP or
 * user agent); for `/api/*`, CORS (cross-origin requests only), then the CSRF guard (a refused
 * request is answered 403 here, as `onError` would). One async frame instead of four: each
 * pass-through Hono middleware cost a few microseconds per request (docs/benchmarks.md).
 */
function requestFrame(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const cors = corsPolicy(deps);
  const guarded = async (c: Context<AppEnv>, next: () => Promise<void>): Promise<void> => {
    try {
      if (needsSameOrigin(c)) assertSameOrigin(c, deps.config.publicBaseUrl);
    } catch (error) {
      // Set, not returned: the CORS middleware around this discards what its `next` returns.
      c.res = errorResponse(error, c, deps);
      return;
    }
    await next();
  };
  return async (c, next) => {
    c.set('deps', deps);
    const started = performance.now();
    const api = c.req.path.startsWith('/api/') || c.req.path === '/api';
    if (api && (requestHeader(c, 'origin') !== undefined || needsSameOrigin(c))) {
      // A preflight is answered by the CORS middleware itself; otherwise c.res is already set.
      const preflight = await cors(c, () => guarded(c, next));
      if (preflight) c.res = preflight;
    } else {
      // Neither cross-origin nor state-changing with a session: nothing for CORS or CSRF to do.
      await next();
    }
    // What the app builds per request (JSON, on-demand pages, error pages) is compressed on the way
    // out for a client that accepts it, when 1 KB or more (api/compress.ts). Answers already in their
    // final coding say so (`precoded`: remembered answers, static files); a request naming no coding
    // is not looked at.
    const accepts = c.var.precoded === true ? undefined : requestHeader(c, 'accept-encoding');
    if (accepts !== undefined) await compressAnswer(c, accepts);
    logRequest(deps.log, c.req.method, c.req.path, c.res.status, started);
  };
}

/** The contract's error answer (`{"error":{"code","message"}}`, CONTRACT.md) for any error; 5xx are logged. */
function errorResponse(error: unknown, c: Context<AppEnv>, deps: AppDeps): Response {
  if (error instanceof AppError) {
    if (error.status >= 500) deps.log.error('request failed', { path: c.req.path, error: describeError(error) });
    return c.json({ error: { code: error.code, message: error.message } }, error.status as 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? 'payload_too_large' : status === 400 ? 'bad_request' : 'http_error';
    return c.json({ error: { code, message: error.message || 'The request could not be handled.' } }, status);
  }
  deps.log.error('unexpected error', { path: c.req.path, error: describeError(error) });
  if (!c.req.path.startsWith('/api/')) {
    return c.html(calmPage('Something went wrong', 'Please try again in a moment.', deps.config.serviceName), 500);
  }
  return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
}

function notFoundHtml(c: Context<AppEnv>, deps: AppDeps): Response {
  const file = path.join(deps.config.distDir, '404.html');
  const body = existsSync(file)
    ? readFileSync(file, 'utf8')
    : calmPage('Nothing here', 'This page does not exist, or it is no longer part of the calm selection.', deps.config.serviceName);
  return c.html(body, 404);
}

/**
 * The answer to a method a path does not take, given the methods it does (RFC 9110): OPTIONS gets
 * 204 with `Allow` (OPTIONS included), any other method `Allow` and `refusal` (the 405 itself).
 */
function withAllow(c: Context<AppEnv>, allowed: readonly string[], refusal: () => Response): Response {
  if (c.req.method === 'OPTIONS') {
    c.header('Allow', [...allowed, 'OPTIONS'].join(', '));
    return c.body(null, 204);
  }
  c.header('Allow', allowed.join(', '));
  return refusal();
}

/**
 * The answer to a page (not `/api`) asked with a method other than GET or HEAD, when a GET would
 * find it: a file of the site under `root`, or a page route (`routeMethods`, by the app's routes).
 * Null otherwise (the calm 404).
 */
function pageMethodAnswer(c: Context<AppEnv>, deps: AppDeps, root: string, routeMethods: (path: string) => string[]): Response | null {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return null;
  const methods = isSiteFile(root, new URL(c.req.url).pathname) ? ['GET', 'HEAD'] : routeMethods(c.req.path);
  if (methods.length === 0) return null;
  return withAllow(c, methods, () =>
    c.html(calmPage('This page can only be read', `This address is a page to read (${methods.join(', ')}), not one that takes ${method}.`, deps.config.serviceName), 405),
  );
}

/** The methods a route may be declared with (`ALL` is middleware and the catch-all, never a route of its own). */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods the API takes at a path, from the app's declared routes (GET brings HEAD, as Hono
 * answers HEAD with the GET route); empty when no route has the path. The routes' patterns are
 * matched by Hono's own TrieRouter, built on the first miss: the app's router answers one method at
 * a time and says nothing of the others.
 */
function allowedMethods(routes: readonly { method: string; path: string }[]): (path: string) => string[] {
  let router: TrieRouter<string> | null = null;
  return (path) => {
    if (router === null) {
      router = new TrieRouter<string>();
      for (const r of routes) if (isOneOf(ROUTE_METHODS, r.method)) router.add(r.method, r.path, r.method);
    }
    const found = router;
    const allowed: string[] = ROUTE_METHODS.filter((m) => found.match(m, path)[0].length > 0);
    return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  };
}

/** The app, with the site's files it serves and its reading host (api/server.ts answers those before the app runs). */
export type App = Hono<AppEnv> & { staticFiles: StaticFiles; readingHost: ReadingHost };

/** Create the HTTP app. `extraRoutes` lets each capability mount its sub-apps. */
export function createApp(deps: AppDeps): App {
  const app = new Hono<AppEnv>();
  const staticFiles = new StaticFiles(deps.config.distDir, { log: deps.log, maxBytes: deps.config.staticCacheBytes });

  // Outermost: every answer the app makes, errors and 404s included, carries the security headers.
  app.use('*', withSecurityHeaders(requestFrame(deps)));
  for (const [mount, routes] of apiRoutes(deps)) app.route(mount, routes);

  // A path the API has, asked with a method it does not take: 405 with `Allow` (RFC 9110), not 404.
  const allowedAt = allowedMethods(app.routes);
  app.all('/api/*', (c) => {
    const allowed = allowedAt(c.req.path);
    if (allowed.length === 0) return c.json({ error: { code: 'not_found', message: `No API endpoint at ${c.req.method} ${c.req.path}.` } }, 404);
    // OPTIONS without an Origin (a preflight is the CORS middleware's): what the path takes, no body.
    return withAllow(c, allowed, () =>
      c.json({ error: { code: 'method_not_allowed', message: `${c.req.path} does not take ${c.req.method}; it takes ${allowed.join(', ')}.` } }, 405),
    );
  });

  // The directory exists before the first build, so a fresh process serves the calm 404 quietly.
  mkdirSync(deps.config.distDir, { recursive: true });
  // From memory, compressed and conditional (api/static-files.ts); under Node the server answers
  // these before the app runs, and this middleware serves `app.request()` from the same index.
  app.use('*', siteMiddleware(staticFiles));
  // The magic link's page, server-rendered; pages missing from the last build (e.g. an article
  // accepted since) are rendered on demand.
  app.route('/auth', verifyRoutes(deps));
  for (const [pattern, handler] of articlePageRoutes(deps)) app.get(pattern, handler);
  // A page asked with another method than GET or HEAD (a form posted to `/today`): 405 with
  // `Allow` when a GET would find it, a site file or a page route; the calm 404 otherwise.
  app.notFound((c) => pageMethodAnswer(c, deps, staticFiles.root, allowedAt) ?? notFoundHtml(c, deps));

  app.onError((error, c) => errorResponse(error, c, deps));

  return Object.assign(app, { staticFiles, readingHost: readingHost(deps) });
}

/** Every `/api` sub-app and where it is mounted. Each capability adds its line here. */
function apiRoutes(deps: AppDeps): Array<[string, Hono<AppEnv>]> {
  return [
    ['/api/health', healthRoutes(deps)],
    ['/api/feed', feedRoutes(deps)],
    ['/api/brief', briefRoutes(deps)],
    ['/api/replacement', replacementRoutes(deps)],
    ['/api/since', sinceRoutes(deps)],
    ['/api/categories', categoryRoutes(deps)],
    ['/api', taxonomyRoutes(deps)],
    ['/api/digest', digestRoutes(deps)],
    ['/api/events', eventRoutes(deps)],
    ['/api/feedback', feedbackRoutes(deps)],
    ['/api/summary', summaryRoutes(deps)],
    ['/api/auth/oidc', oidcRoutes(deps)],
    ['/api/auth', authRoutes(deps)],
    ['/api/saved', savedRoutes(deps)],
    ['/api/history', historyRoutes(deps)],
    ['/api/import', importRoutes(deps)],
    ['/api/prefs', prefsRoutes(deps)],
    ['/api/account', accountRoutes(deps)],
    ['/api/follows', followRoutes(deps)],
    ['/api/admin', adminRoutes(deps)],
    ['/api/puzzle', puzzleRoutes(deps)],
    ['/api/source-preview', sourcePreviewRoutes(deps)],
  ];
}
