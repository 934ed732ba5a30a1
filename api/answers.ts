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
import { securityHead } from './security-headers.ts';

type HeaderKind = 'notModified' | 'identity' | Encoding;

/**
 * How `answer` goes out for a request with these headers: 304 (`notModified`), in a coding kept
 * beside it, or as it is (`identity`).
 */
function kindOf(answer: Answer, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): HeaderKind {
  if (ifNoneMatch !== undefined && notModified({ ifNoneMatch, ifModifiedSince: undefined }, { etag: answer.etag })) return 'notModified';
  const coding = preferredEncoding(acceptEncoding);
  return coding === null || answer.encoded(coding) === null ? 'identity' : coding;
}

/** The body of `answer` sent as `kind` (the coding's bytes, made when `kindOf` chose it). */
function bodyOf(answer: Answer, kind: HeaderKind): Uint8Array<ArrayBuffer> | string | null {
  return kind === 'notModified' ? null : kind === 'identity' ? answer.wire : answer.encoded(kind);
}

/** The answer's own headers sent as `kind`: names in lower case and sorted, as Hono's answer lists them. */
function ownHeaders(answer: Answer, kind: HeaderKind): Record<string, string> {
  const [cacheControl, etag, vary, type] = ['no-cache', answer.etag, 'Accept-Encoding', 'application/json'];
  if (kind === 'notModified') return { 'cache-control': cacheControl, etag, vary };
  if (kind === 'identity') return { 'cache-control': cacheControl, 'content-type': type, etag, vary };
  return { 'cache-control': cacheControl, 'content-encoding': kind, 'content-type': type, etag, vary };
}

/** What a remembered answer sends for one request through the app (Hono adds the length). */
export interface Reply {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** What a remembered answer sends for one request written by Node's server (api/reading-host.ts). */
export interface NodeReply {
  status: 200 | 304;
  /** For `writeHead`: the API's security headers, then the answer's own, `Content-Length` last. */
  head: readonly string[];
  body: Uint8Array<ArrayBuffer> | string | null;
}

/**
 * The reply of a remembered `answer` through the app: 304, compressed or plain. Its headers are
 * made on first use and frozen (a plain object per request cost more than the rest of the answer's
 * work), kept on the answer, shared by every request of it and never changed by one.
 */
export function replyTo(answer: Answer, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): Reply {
  const kind = kindOf(answer, ifNoneMatch, acceptEncoding);
  const sets = answer.headerSets.app;
  const headers = (sets[kind] ??= Object.freeze(ownHeaders(answer, kind)));
  return { status: kind === 'notModified' ? 304 : 200, headers, body: bodyOf(answer, kind) };
}

/**
 * The same reply written by Node's server, which answers the anonymous reading queries without the
 * app: one header list with the API's security headers first, as `presetSecurityHeaders` puts
 * them on every other answer under /api/, then the answer's own and `Content-Length` last, where
 * the adapter's answer has it, so both hosts put the same bytes on the wire (`securityHead`, the
 * rule the site's files follow too). Made once per answer and kind, like the app's.
 */
export function nodeReplyTo(answer: Answer, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): NodeReply {
  const kind = kindOf(answer, ifNoneMatch, acceptEncoding);
  const body = bodyOf(answer, kind);
  const sets = answer.headerSets.node;
  let head = sets[kind];
  if (head === undefined) {
    const own = ownHeaders(answer, kind);
    if (body !== null) own['Content-Length'] = String(typeof body === 'string' ? answer.byteLength : body.byteLength);
    sets[kind] = head = Object.freeze(securityHead('api', own));
  }
  return { status: kind === 'notModified' ? 304 : 200, head, body };
}

/** The JSON answer for this request: 304, compressed or plain (see the module comment). */
export function sendAnswer(c: Context<AppEnv>, answer: Answer): Response {
  if (!answer.remembered) return c.body(answer.wire, undefined, JSON_TYPE);
  // Already in its final coding: the request frame's compression leaves it alone.
  c.set('precoded', true);
  const reply = replyTo(answer, requestHeader(c, 'if-none-match'), requestHeader(c, 'accept-encoding'));
  return reply.body === null ? c.body(null, 304, reply.headers) : c.body(reply.body, 200, reply.headers);
}
