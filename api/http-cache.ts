/**
 * The HTTP caching rules every answer we serve from memory shares (static files and the remembered
 * API answers): which content coding a request accepts, whether its validators still match
 * (RFC 9110 §13: `If-None-Match` first, `If-Modified-Since` only without it), and the
 * `Cache-Control` of a site path (the same table `netlify.toml` gives the CDN, see docs/static-site.md).
 *
 * Every header is hostile: it may be absent, repeated (Node joins it with commas), enormous, or
 * malformed. A header we cannot read is treated as absent (the full answer), never as an error.
 */

/** The content codings we send, in the order we prefer them. */
export type Encoding = 'br' | 'gzip';

/** At most this many characters of a request header are read (a browser's are under 100). */
const MAX_HEADER_CHARS = 4096;

/** `q` of one `Accept-Encoding` element (`gzip;q=0.5`): 1 when absent, 0 when unreadable or out of range. */
function quality(params: string[]): number {
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'q') continue;
    const value = param.slice(eq + 1).trim();
    // RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
    if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return 0;
    return Number(value);
  }
  return 1;
}

/** Both codings, in our order of preference. */
export const ALL_ENCODINGS: readonly Encoding[] = Object.freeze(['br', 'gzip']);

/**
 * The coding to send for this `Accept-Encoding`, among those `offered`: the accepted one with the
 * highest q, brotli before gzip on a tie; null for identity (no header, none accepted, or all
 * refused with `q=0`). `*` stands for any coding not named.
 */
export function preferredEncoding(header: string | undefined, offered: readonly Encoding[] = ALL_ENCODINGS): Encoding | null {
  if (header === undefined || header === '') return null;
  let br: number | null = null;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const element of header.slice(0, MAX_HEADER_CHARS).split(',')) {
    const [name = '', ...params] = element.split(';');
    const coding = name.trim().toLowerCase();
    const q = quality(params);
    if (coding === 'br') br = q;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (coding === '*') any = q;
  }
  const brQ = offered.includes('br') ? (br ?? any ?? 0) : 0;
  const gzipQ = offered.includes('gzip') ? (gzip ?? any ?? 0) : 0;
  if (brQ <= 0 && gzipQ <= 0) return null;
  return brQ >= gzipQ ? 'br' : 'gzip';
}

/** The validators of one representation: its entity tag (quoted, `W/` when weak) and, for files, its modification time. */
export interface Validators {
  etag: string;
  /** Last modification, whole seconds since the epoch (HTTP dates carry no fraction). */
  lastModifiedS?: number;
}

/** The request headers a conditional GET reads. */
export interface ConditionalHeaders {
  ifNoneMatch: string | undefined;
  ifModifiedSince: string | undefined;
}

/** The opaque part of an entity tag (`W/"x"` and `"x"` compare equal under the weak comparison of If-None-Match). */
const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** Whether `If-None-Match` lists this entity tag (weak comparison) or is `*`. */
function noneMatchHits(header: string, etag: string): boolean {
  const wanted = opaque(etag);
  for (const raw of header.slice(0, MAX_HEADER_CHARS).split(',')) {
    const tag = raw.trim();
    if (tag === '*' || (tag !== '' && opaque(tag) === wanted)) return true;
  }
  return false;
}

/**
 * True when the client's copy is current, so the answer is a 304 with no body (RFC 9110 §13.2.2):
 * `If-None-Match` decides when present; otherwise `If-Modified-Since`, an HTTP date at or after the
 * last modification (an unreadable date is ignored).
 */
export function notModified(request: ConditionalHeaders, validators: Validators): boolean {
  if (request.ifNoneMatch !== undefined) return noneMatchHits(request.ifNoneMatch, validators.etag);
  if (request.ifModifiedSince === undefined || validators.lastModifiedS === undefined) return false;
  if (request.ifModifiedSince.length > 64) return false;
  const since = Date.parse(request.ifModifiedSince);
  return Number.isFinite(since) && Math.floor(since / 1000) >= validators.lastModifiedS;
}

/** A year, for files whose URL changes with their bytes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Served again only after asking (a 304 when unchanged): files with stable names. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * `Cache-Control` by site path, first match wins. The same rules are in `netlify.toml` for the CDN
 * (test/site/cache-rules.test.ts holds them together); a `?v=` query marks a versioned URL anywhere.
 */
export const CACHE_RULES: ReadonlyArray<readonly [pattern: string, cacheControl: string]> = [
  ['/assets/*', IMMUTABLE],
  ['/app/chunks/*', IMMUTABLE],
  ['/app/reader.js', REVALIDATE],
  ['/sw.js', 'no-cache'],
  ['/today', 'public, max-age=60, stale-while-revalidate=300'],
  ['/today/*', 'public, max-age=60, stale-while-revalidate=300'],
  ['/brief.json', 'public, max-age=60, stale-while-revalidate=300'],
  ['/sitemap*.xml', 'public, max-age=300'],
  ['/feeds/*', 'public, max-age=600'],
  ['/a/*', 'public, max-age=300, stale-while-revalidate=3600'],
];

/** A netlify-style path pattern (`*` matches any characters, `/x/*` also matches `/x`) as a RegExp. */
function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const body = escaped.endsWith('/*') ? `${escaped.slice(0, -2).replace(/\*/g, '.*')}(?:/.*)?` : escaped.replace(/\*/g, '.*');
  return new RegExp(`^${body}$`);
}

/** `CACHE_RULES` with each pattern compiled. */
export const CACHE_RULE_PATTERNS = CACHE_RULES.map(([pattern, value]) => [patternRegExp(pattern), value] as const);

/** The `Cache-Control` of a site path (decoded, without the query); `versioned` when the URL carries `?v=`. */
export function cacheControlFor(pathname: string, versioned: boolean): string {
  if (versioned) return IMMUTABLE;
  for (const [pattern, value] of CACHE_RULE_PATTERNS) if (pattern.test(pathname)) return value;
  return REVALIDATE;
}
