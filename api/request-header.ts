/** Reading the request cheaply, from Node's request when there is one. */
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** Node's request or response behind a Hono context (`@hono/node-server` passes them as `env.incoming` / `env.outgoing`), when the app runs under Node. */
export function nodeOf<K extends keyof HttpBindings>(env: unknown, key: K): HttpBindings[K] | undefined {
  if (typeof env !== 'object' || env === null || !(key in env)) return undefined;
  return (env as HttpBindings)[key];
}

/**
 * One request header (`name` in lower case). Read from Node's request when the app is served by
 * `@hono/node-server` (`c.env.incoming`): `c.req.header()` makes the adapter build an undici
 * `Headers` object of every request header on first use, a cost every request would pay for one
 * header. Under `app.request()` (tests) there is no Node request, and `c.req.header` answers.
 * A repeated header arrives joined with commas (or, for `set-cookie`, is ignored here).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = nodeOf(c.env, 'incoming');
  if (incoming === undefined) return c.req.header(name);
  return nodeHeader(incoming, name);
}

/** One header of Node's request (`name` in lower case), as `requestHeader` reads it: a string, or undefined. */
export function nodeHeader(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name];
  return typeof value === 'string' ? value : undefined;
}
