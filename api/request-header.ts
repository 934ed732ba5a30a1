/** Reading one request header cheaply, from Node's request when there is one. */
import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * One request header (`name` in lower case). Read from Node's request when the app is served by
 * `@hono/node-server` (`c.env.incoming`): `c.req.header()` makes the adapter build an undici
 * `Headers` object of every request header on first use, a cost every request would pay for one
 * header. Under `app.request()` (tests) there is no Node request, and `c.req.header` answers.
 * A repeated header arrives joined with commas (or, for `set-cookie`, is ignored here).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const env: unknown = c.env;
  const incoming = typeof env === 'object' && env !== null && 'incoming' in env ? env.incoming : null;
  if (incoming instanceof IncomingMessage) {
    const value = incoming.headers[name];
    return typeof value === 'string' ? value : undefined;
  }
  return c.req.header(name);
}
