/**
 * Compression of what the app builds per request (JSON that is not a remembered answer, on-demand
 * pages, error answers) for a client that accepts it; remembered answers and static files carry
 * their own compressed bytes and are marked `precoded`.
 *
 * Not `hono/compress`: it decides by `Content-Length`, which `c.json` and `c.html` do not set, so it
 * gzipped every answer however small (a 60-byte error grew to 80 with its headers, and paid a
 * compression stream). Here the bytes are in hand: under COMPRESS_MIN_BYTES they go out as they
 * are, with their length and without `Vary` (no coding would be chosen for them); above it the
 * client's preferred coding (brotli, then gzip; api/http-cache.ts) with `Vary: Accept-Encoding`,
 * at the quick settings of bytes sent once (brotli 3, gzip 1: `compressBytes`).
 */
import type { Context } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { COMPRESS_MIN_BYTES, compressBytes } from '../core/readmodel/answers.ts';
import type { AppEnv } from './deps.ts';
import { preferredEncoding } from './http-cache.ts';

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_CODING = /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i;

/** Replace `c.res` by the same answer, compressed for `acceptEncoding` when that is worth it (see the module comment). */
export async function compressAnswer(c: Context<AppEnv>, acceptEncoding: string): Promise<void> {
  const res = c.res;
  if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304 || res.body === null) return;
  const headers = res.headers;
  if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
  const type = headers.get('content-type');
  if (type === null || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || NO_TRANSFORM.test(headers.get('cache-control') ?? '')) return;
  const declared = headers.get('content-length');
  if (declared !== null && Number(declared) < COMPRESS_MIN_BYTES) return;
  const identity = new Uint8Array(await res.arrayBuffer());
  const out = new Headers(headers);
  let body: Uint8Array<ArrayBuffer> = identity;
  if (identity.byteLength >= COMPRESS_MIN_BYTES) {
    const vary = out.get('vary');
    if (vary === null) out.set('Vary', 'Accept-Encoding');
    else if (!VARIES_BY_CODING.test(vary)) out.set('Vary', `${vary}, Accept-Encoding`);
    const coding = preferredEncoding(acceptEncoding);
    if (coding !== null) {
      // Built for this request and sent once: compressed quickly (core/readmodel/answers.ts).
      body = compressBytes(identity, coding, false);
      out.set('Content-Encoding', coding);
      // The tag named the identity bytes; these are others, with the same meaning.
      const etag = out.get('etag');
      if (etag !== null && !etag.startsWith('W/')) out.set('ETag', `W/${etag}`);
    }
  }
  out.set('Content-Length', String(body.byteLength));
  // Cleared first: Hono's setter would copy the old answer's headers (its length) onto the new one.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: out });
}
