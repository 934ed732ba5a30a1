/**
 * Sending the read model's answers (`/api/feed`, `/api/brief`). A remembered answer
 * (core/readmodel/answers.ts) goes out with its weak ETag, as a 304 with no body when the client
 * already holds it, and in the brotli or gzip bytes kept beside it when the client accepts them:
 * compression costs once per snapshot and query, not once per request. `Cache-Control: no-cache`
 * lets a browser or proxy keep it but ask each time (the pool changes at any moment; asking is a
 * 304). An answer that is not remembered (it depends on the clock or the caller) goes out as plain
 * JSON, and the request frame's compression (api/app.ts) takes it from there.
 *
 * `replyTo` decides status, headers and bytes once, for both hosts of a remembered answer: the
 * route (`sendAnswer`, through Hono) and Node's server, which answers the anonymous reading
 * queries without running the app (api/reading-host.ts).
 */
import type { Context } from 'hono';
import type { Answer } from '../core/readmodel/answers.ts';
import { JSON_TYPE } from '../core/readmodel/json.ts';
import type { AppEnv } from './deps.ts';
import { notModified, preferredEncoding, type Encoding } from './http-cache.ts';
import { requestHeader } from './request-header.ts';
import { API_HEADERS } from './security-headers.ts';

type HeaderKind = 'notModified' | 'identity' | Encoding;

/** Who writes an answer: the app (Hono adds the length) or Node's server (api/reading-host.ts; with it). */
type Host = keyof Answer['headerSets'];

/**
 * The headers of `answer` sent as `kind`, made on first use and frozen (a plain object per request
 * cost more than the rest of the answer's work), kept on the answer, shared by every request of it
 * and never changed by one. Names in lower case and sorted, as Hono's answer lists them; for
 * Node's own writing (`node`), after the security headers and with `Content-Length` last, where
 * the adapter's answer has it, so both hosts put the same bytes on the wire.
 */
function headersOf(answer: Answer, kind: HeaderKind, host: Host, body: { byteLength: number } | null): Readonly<Record<string, string>> {
  const sets = answer.headerSets[host];
  let made = sets[kind];
  if (made === undefined) {
    const cacheControl = 'no-cache';
    const [etag, vary, type] = [answer.etag, 'Accept-Encoding', 'application/json'];
    let headers: Record<string, string>;
    if (kind === 'notModified') headers = { 'cache-control': cacheControl, etag, vary };
    else if (kind === 'identity') headers = { 'cache-control': cacheControl, 'content-type': type, etag, vary };
    else headers = { 'cache-control': cacheControl, 'content-encoding': kind, 'content-type': type, etag, vary };
    if (host === 'node') {
      // Node's server writes a known answer in one go: the API's security headers first, as
      // `presetSecurityHeaders` puts them on every other answer under /api/, then the answer's own.
      headers = { ...API_HEADERS, ...headers };
      if (body !== null) headers['Content-Length'] = String(body.byteLength);
    }
    sets[kind] = made = Object.freeze(headers);
  }
  return made;
}

/** What a remembered answer sends for one request. */
export interface Reply {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/**
 * The reply of a remembered `answer` to a request with these headers: 304, compressed or plain;
 * its headers for `host`: the app's (Hono adds the length) or Node's own writing (with it).
 */
export function replyTo(answer: Answer, ifNoneMatch: string | undefined, acceptEncoding: string | undefined, host: Host = 'app'): Reply {
  if (ifNoneMatch !== undefined && notModified({ ifNoneMatch, ifModifiedSince: undefined }, { etag: answer.etag })) return { status: 304, headers: headersOf(answer, 'notModified', host, null), body: null };
  const coding = preferredEncoding(acceptEncoding);
  const encoded = coding === null ? null : answer.encoded(coding);
  if (coding === null || encoded === null) return { status: 200, headers: headersOf(answer, 'identity', host, answer), body: answer.wire };
  return { status: 200, headers: headersOf(answer, coding, host, encoded), body: encoded };
}

/** The JSON answer for this request: 304, compressed or plain (see the module comment). */
export function sendAnswer(c: Context<AppEnv>, answer: Answer): Response {
  if (!answer.remembered) return c.body(answer.wire, undefined, JSON_TYPE);
  // Already in its final coding: the request frame's compression leaves it alone.
  c.set('precoded', true);
  const reply = replyTo(answer, requestHeader(c, 'if-none-match'), requestHeader(c, 'accept-encoding'));
  return reply.body === null ? c.body(null, 304, reply.headers) : c.body(reply.body, 200, reply.headers);
}
