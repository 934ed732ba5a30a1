/**
 * Serves the app over HTTP (`npm run api`, and `npm start` through `listen`). Shutdown stops
 * accepting connections, lets in-flight requests finish, then closes idle keep-alive sockets.
 *
 * The security headers are on every response: put on it here before the app answers
 * (`presetSecurityHeaders`, api/security-headers.ts; the API set under `/api/`, the document set
 * elsewhere), and in the one header list of what Node's server writes itself (`securityHead`): a site
 * file's (the document set), a known reading answer's (the API set).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { finishOutlivingWork } from '../core/platform/outliving.ts';
import { openRuntime, exitOnStartupError, onShutdown, services, type Runtime } from '../core/platform/runtime.ts';
import { createApp } from './app.ts';
import type { StaticFiles } from './static-files.ts';
import { presetSecurityHeaders } from './security-headers.ts';
import { answerFromSite } from './static-hosts.ts';
import type { ReadingHost } from './reading-host.ts';

/** Anything with a fetch handler: the app, or a Hono app that mounts it. */
export interface Fetchable {
  /** `env` carries Node's `incoming` / `outgoing` (read by `getConnInfo` for the client address). */
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  /** The site's files, answered from memory before the app runs (`createApp` sets it). */
  staticFiles?: StaticFiles;
  /** The anonymous reading queries, answered before the app runs (`createApp` sets it). */
  readingHost?: ReadingHost;
}

/**
 * An HTTP server for `app` (anything with a fetch handler): `@hono/node-server`'s adapter. The
 * site's files (`app.staticFiles`) and the anonymous reading queries (`app.readingHost`) are
 * answered first, straight on Node's response: such an answer then costs a look-up (or the route's
 * own composition) and a write, not the adapter and the app's middleware.
 */
export function createAppServer(app: Fetchable): Server {
  const hono = getRequestListener((request, env) => app.fetch(request, env));
  const files = app.staticFiles;
  const reading = app.readingHost;
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const api = req.url?.startsWith('/api/') === true;
    // A reading answer carries the API set in its own header list (api/answers.ts, `securityHead`).
    if (api && reading?.(req, res) === true) return;
    // The app's answers carry the set of their path from here (an HTML answer under /api/ changes
    // to the document set: api/security-headers.ts); a site file's carries the document set in its
    // own header list (api/static-hosts.ts), so it is preset only when no file answers.
    const app = () => {
      presetSecurityHeaders(res, api ? 'api' : 'document');
      void hono(req, res);
    };
    // The API names no file (filePathOf refuses it): straight to the app, without the look-up.
    if (files === undefined || api) app();
    else answerFromSite(files, req, res, app);
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
    await finishOutlivingWork(runtime.log);
    runtime.mailer.close();
    await runtime.database.close();
  });
}
