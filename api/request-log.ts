/**
 * The one log line of an answered request, written the same way by each of the three hosts that
 * answer one: the app's request frame (api/app.ts), the site's files (api/static-hosts.ts) and the
 * reading answers Node's server sends before the app (api/reading-host.ts). The path goes without its
 * query (a reader's prefs stay out of the log).
 */
import type { Logger } from '../core/platform/log.ts';

/** Log `request` with its method, path, status and the milliseconds since `started` (`performance.now()`). */
export function logRequest(log: Logger | undefined, method: string, path: string, status: number, started: number): void {
  log?.info('request', { method, path, status, ms: Math.round(performance.now() - started) });
}
