/**
 * The one safe fetcher for every untrusted URL (feed polling, candidate and live-source previews).
 *
 * Threat model (CONTRACT.md "Safe fetch of untrusted URLs"): a URL, a redirect or a DNS answer that
 * points the server at itself, the metadata service or the private network (SSRF, DNS rebinding);
 * a body that never ends or inflates (zip bomb); a server that never answers. Defences:
 * - http and https only, no userinfo, ports 80/443/8080/8443;
 * - every hop's address is checked at connect time inside the socket's own `lookup` (so the address
 *   we check is the address we dial), literal IPs included, and the connected peer is checked again;
 * - at most 5 redirects, each hop re-validated; no cookies sent or kept; no connection reuse;
 * - body capped at 2 MiB after decompression; 10 s to headers, 20 s in all.
 * `allowPrivate` (FETCH_ALLOW_PRIVATE) lifts the address and port rules only.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import zlib from 'node:zlib';
import { AppError } from '../platform/errors.ts';
import { ipFamily, isPublicAddress } from '../domain/address.ts';
import { decodeFeedBytes } from '../domain/charset.ts';

/** Resolves a host name to its addresses (injectable so tests can play a hostile DNS). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** How a fetch failed. `refused` cases are the caller's input; the rest are the remote's fault. */
export type FetchErrorKind = 'refused' | 'too_large' | 'too_many_redirects' | 'timeout' | 'network';

/** A failed safe fetch, with a message naming what failed. Refusals are 422, remote failures 502. */
export class FetchError extends AppError {
  readonly kind: FetchErrorKind;
  constructor(kind: FetchErrorKind, message: string, options?: { cause?: unknown }) {
    const code = { refused: 'url_refused', too_large: 'fetch_too_large', too_many_redirects: 'too_many_redirects', timeout: 'fetch_timeout', network: 'fetch_failed' }[kind];
    super(code, message, kind === 'refused' ? 422 : 502, options);
    this.name = 'FetchError';
    this.kind = kind;
  }
}

/** Options of one fetch; every limit has the contract's default. */
export interface SafeFetchOptions {
  /** FETCH_ALLOW_PRIVATE: lift the address and port rules (tests, local demos). */
  allowPrivate: boolean;
  /** Default: the system resolver (`dns.lookup`, all addresses). */
  resolver?: Resolver;
  /** Extra request headers (conditional GET). Cookie, Authorization and Host are dropped. */
  headers?: Record<string, string>;
  /** Default 2 MiB, counted after decompression. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Default 10 000 ms to the response headers of each hop. */
  headersTimeoutMs?: number;
  /** Default 20 000 ms for the whole fetch, redirects included. */
  totalTimeoutMs?: number;
  userAgent?: string;
  /**
   * Tests only: which peer addresses count as public (default: isPublicAddress) and whether any
   * port is allowed, so a loopback server can play "the public internet" while the rules stay on.
   */
  policy?: { isPublic?: (address: string) => boolean; anyPort?: boolean };
}

/** The final response (any status; the caller decides what 304, 429 or 500 mean). */
export interface FetchResult {
  status: number;
  /** The URL of the last hop. */
  url: string;
  headers: Record<string, string>;
  /** The decoded body text (empty for 304). */
  body: string;
}

const ALLOWED_PORTS = new Set([80, 443, 8080, 8443]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DROPPED_HEADERS = /^(cookie|authorization|host|proxy-authorization)$/i;

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family }));

/** Validate a URL's shape before any network work: scheme, userinfo, port, literal address. */
export function checkUrl(raw: string, allowPrivate: boolean, policy: SafeFetchOptions['policy'] = {}): URL {
  const isPublic = policy.isPublic ?? isPublicAddress;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('refused', `Not a valid URL: "${raw.slice(0, 200)}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('refused', `Only http and https URLs can be fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new FetchError('refused', 'URLs with a user name or password are refused.');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!allowPrivate && !policy.anyPort && !ALLOWED_PORTS.has(port)) throw new FetchError('refused', `Port ${port} is refused (allowed: 80, 443, 8080, 8443).`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipFamily(host) !== 0 && !isPublic(host)) {
    throw new FetchError('refused', `${host} is not a public address.`);
  }
  return url;
}

/** A `lookup` for http(s).request that resolves with `resolver` and refuses non-public answers. */
function guardedLookup(resolver: Resolver, allowPrivate: boolean, isPublic: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new FetchError('network', `${hostname} does not resolve.`), '');
        const bad = addresses.find((a) => !isPublic(a.address));
        if (bad && !allowPrivate) return callback(new FetchError('refused', `${hostname} resolves to ${bad.address}, which is not a public address.`), '');
        const list: LookupAddress[] = addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
        if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: unknown) => callback(new FetchError('network', `${hostname} does not resolve.`, { cause: error }), ''),
    );
  };
}

/** Decode a body: byte order mark, Content-Type charset, XML declaration, then sniffing (core/domain/charset.ts). */
export function decodeBody(bytes: Buffer, contentType: string | undefined): string {
  return decodeFeedBytes(bytes, contentType);
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function oneHop(url: URL, options: Required<Omit<SafeFetchOptions, 'headers' | 'resolver' | 'policy'>> & SafeFetchOptions, deadline: number): Promise<Hop> {
  const resolver = options.resolver ?? systemResolver;
  const isPublic = options.policy?.isPublic ?? isPublicAddress;
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  for (const [k, v] of Object.entries(options.headers ?? {})) if (!DROPPED_HEADERS.test(k)) headers[k.toLowerCase()] = v;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(headersTimer);
      clearTimeout(totalTimer);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(hop!);
    };
    const req = transport.request(url, {
      method: 'GET',
      headers,
      agent: false, // no pooled sockets: each hop dials (and is checked) afresh
      lookup: guardedLookup(resolver, options.allowPrivate, isPublic),
    });
    const headersTimer = setTimeout(() => finish(new FetchError('timeout', `No response headers from ${url.host} within ${options.headersTimeoutMs} ms.`)), Math.min(options.headersTimeoutMs, Math.max(0, deadline - Date.now())));
    const totalTimer = setTimeout(() => finish(new FetchError('timeout', `Fetching ${url.host} took longer than ${options.totalTimeoutMs} ms.`)), Math.max(0, deadline - Date.now()));
    req.on('socket', (socket: Socket) => {
      // Second line of defence: whatever resolved, the peer we actually connected to must be public.
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        if (!options.allowPrivate && !isPublic(peer)) finish(new FetchError('refused', `${url.hostname} connected to ${peer}, which is not a public address.`));
      });
    });
    req.on('error', (error) => finish(error instanceof FetchError ? error : new FetchError('network', `Could not fetch ${url.host}: ${error.message}`, { cause: error })));
    req.on('response', (res) => {
      clearTimeout(headersTimer);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) || status === 304 || req.method === 'HEAD') {
        res.resume();
        return finish(null, { status, headers: res.headers, body: Buffer.alloc(0) });
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      const encoding = String(res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      if (!Number.isNaN(declared) && declared > options.maxBytes && encoding === 'identity') {
        return finish(new FetchError('too_large', `The response from ${url.host} is larger than ${options.maxBytes} bytes.`));
      }
      let stream: NodeJS.ReadableStream = res;
      if (encoding === 'gzip' || encoding === 'x-gzip') stream = res.pipe(zlib.createGunzip());
      else if (encoding === 'deflate') stream = res.pipe(zlib.createInflate());
      else if (encoding === 'br') stream = res.pipe(zlib.createBrotliDecompress());
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          finish(new FetchError('too_large', `The response from ${url.host} is larger than ${options.maxBytes} bytes.`));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (error: Error) => finish(new FetchError('network', `Could not read the response from ${url.host}: ${error.message}`, { cause: error })));
      stream.on('end', () => finish(null, { status, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.end();
  });
}

/** Fetch an untrusted URL under every rule above. Throws FetchError; resolves with any final status. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchResult> {
  const opts = {
    maxBytes: 2 * 1024 * 1024,
    maxRedirects: 5,
    headersTimeoutMs: 10_000,
    totalTimeoutMs: 20_000,
    userAgent: 'Tidings/0.1 (calm news reader)',
    ...options,
  };
  const deadline = Date.now() + opts.totalTimeoutMs;
  let url = checkUrl(rawUrl, opts.allowPrivate, opts.policy);
  for (let redirects = 0; ; redirects += 1) {
    const hop = await oneHop(url, opts, deadline);
    const location = hop.headers.location;
    if (REDIRECTS.has(hop.status) && typeof location === 'string') {
      if (redirects >= opts.maxRedirects) throw new FetchError('too_many_redirects', `More than ${opts.maxRedirects} redirects from ${rawUrl.slice(0, 200)}.`);
      let next: string;
      try {
        next = new URL(location, url).href;
      } catch {
        throw new FetchError('network', `${url.host} redirected to an invalid URL.`);
      }
      url = checkUrl(next, opts.allowPrivate, opts.policy);
      continue;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(hop.headers)) if (typeof v === 'string') headers[k] = v;
    return { status: hop.status, url: url.href, headers, body: hop.status === 304 ? '' : decodeBody(hop.body, headers['content-type']) };
  }
}
