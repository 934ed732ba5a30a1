/**
 * Serves the app over HTTP (`npm run api`, and `npm start` through `listen`). Shutdown stops
 * accepting connections, lets in-flight requests finish, then closes idle keep-alive sockets.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { openRuntime, exitOnStartupError, onShutdown, services, type Runtime } from '../core/runtime.ts';
import { createApp } from './app.ts';

/** A listening server and how to stop it gracefully. */
export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listen on `port` (0 = any free port) with the app built from `runtime`. */
export function listen(runtime: Runtime, port: number): Promise<Listening> {
  const app = createApp(services(runtime));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' }, (info) => {
      resolve({
        port: info.port,
        url: `http://localhost:${info.port}`,
        close: () => closeServer(server as Server),
      });
    }) as Server;
    server.once('error', reject);
  });
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
