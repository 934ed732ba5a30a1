/**
 * Sending the read model's answers (`/api/feed`, `/api/brief`). A remembered answer
 * (core/readmodel/answers.ts) goes out with its weak ETag, as a 304 with no body when the client
 * already holds it, and in the brotli or gzip bytes kept beside it when the client accepts them:
 * compression costs once per snapshot and query, not once per request. `Cache-Control: no-cache`
 * lets a browser or proxy keep it but ask each time (the pool changes at any moment; asking is a
 * 304). An answer that is not remembered (it depends on the clock or the caller) goes out as plain
 * JSON, and the request frame's compression (api/app.ts) takes it from there.
 */
import type { Context } from 'hono';
import type { Answer } from '../core/readmodel/answers.ts';
import { JSON_TYPE } from '../core/readmodel/json.ts';
import type { AppEnv } from './deps.ts';
import { notModified, preferredEncoding } from './http-cache.ts';
import { requestHeader } from './request-header.ts';

/** The header sets of one answer, each made on first use and frozen (a plain object per request cost more than the rest of the answer's work). */
interface AnswerHeaders {
  notModified?: Record<string, string>;
  identity?: Record<string, string>;
  br?: Record<string, string>;
  gzip?: Record<string, string>;
}

const headerSets = new WeakMap<Answer, AnswerHeaders>();

/** The headers of `answer` sent as `kind`: shared by every request of this answer (as JSON_TYPE is), never changed by one. */
function headersOf(answer: Answer, kind: keyof AnswerHeaders): Record<string, string> {
  let sets = headerSets.get(answer);
  if (sets === undefined) headerSets.set(answer, (sets = {}));
  let made = sets[kind];
  if (made === undefined) {
    const validators = { ETag: answer.etag, Vary: 'Accept-Encoding', 'Cache-Control': 'no-cache' };
    if (kind === 'notModified') made = validators;
    else if (kind === 'identity') made = { 'Content-Type': 'application/json', ...validators };
    else made = { 'Content-Type': 'application/json', ...validators, 'Content-Encoding': kind };
    sets[kind] = made = Object.freeze(made);
  }
  return made;
}

/** The JSON answer for this request: 304, compressed or plain (see the module comment). */
export function sendAnswer(c: Context<AppEnv>, answer: Answer): Response {
  if (!answer.remembered) return c.body(answer.body, undefined, JSON_TYPE);
  // Already in its final coding: the request frame's compression leaves it alone.
  c.set('precoded', true);
  const ifNoneMatch = requestHeader(c, 'if-none-match');
  if (ifNoneMatch !== undefined && notModified({ ifNoneMatch, ifModifiedSince: undefined }, { etag: answer.etag })) return c.body(null, 304, headersOf(answer, 'notModified'));
  const coding = preferredEncoding(requestHeader(c, 'accept-encoding'));
  const encoded = coding === null ? null : answer.encoded(coding);
  if (coding === null || encoded === null) return c.body(answer.body, 200, headersOf(answer, 'identity'));
  return c.body(encoded, 200, headersOf(answer, coding));
}
