/**
 * The client address, for rate limits and flood caps only (counted in memory or as a keyed hash,
 * never stored raw or logged). Behind a reverse proxy or load balancer the socket peer is the proxy,
 * so with `TRUST_PROXY_HOPS=n` the address is the n-th entry from the right of `X-Forwarded-For`
 * (each trusted proxy appends the peer it saw; entries further left are client-supplied and
 * spoofable, so they are never used). `'unknown'` when there is no socket (app.request in tests).
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './deps.ts';

/** The address to count a request against. */
export function clientAddress(c: Context<AppEnv>): string {
  const hops = c.get('deps').config.trustProxyHops;
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const candidate = chain[chain.length - hops];
    if (candidate && isIP(candidate)) return candidate;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
