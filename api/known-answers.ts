/**
 * Node's server answers a reading query it has answered before (`GET /api/brief`, `GET /api/feed`)
 * without running the app, as it answers the site's files (api/server.ts). A reader's app asks the
 * same query again and again; once the route has validated that query (api/reading-query.ts) and
 * remembered its answer for the current snapshot (core/readmodel/answers.ts), the same look-ups
 * find it here, and `replyTo` (api/answers.ts) sends the same status, headers and bytes the route
 * would, with the same request log line. Anything else goes to the app, which decides as before:
 * another method or path, a cross-origin request (CORS), a request with a body, a host header the
 * adapter would check, a query or answer not yet remembered, a read model still loading.
 *
 * Measured (docs/benchmarks.md, 26 Nov): through the app a warm brief cost the server 89-109 µs of
 * CPU, answered here 62-79 (alternating, `scripts/bench-profile.ts brief,brief_app`); the bench's
 * warm brief, feed and compressed brief went from 0.65 / 0.58 / 0.56 of the floor to 0.88 / 0.69 / 0.89.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { knownBriefAnswer, knownFeedAnswer } from '../core/readmodel/answers.ts';
import { recentSplit } from '../core/readmodel/queries.ts';
import { readModelFor } from '../core/readmodel/readmodel.ts';
import { replyTo, type Reply } from './answers.ts';
import type { AppDeps } from './deps.ts';
import { knownReadingQuery } from './reading-query.ts';
import { nodeHeader } from './request-header.ts';
import { logRequest } from './request-log.ts';

/** A host the adapter takes as it is (its own quick check in `@hono/node-server`, the same pattern): any other is left to it to check or refuse. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** Answers `req` and returns true when it is a known reading query with a remembered answer; false leaves it to the app. */
export type KnownAnswers = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The known-answer host of `deps`' read model. */
export function knownAnswers(deps: AppDeps): KnownAnswers {
  const model = readModelFor(deps.db, deps.log);
  return (req, res) => {
    const url = req.url ?? '';
    const at = url.indexOf('?');
    const path = at < 0 ? url : url.slice(0, at);
    const brief = path === '/api/brief';
    if ((!brief && path !== '/api/feed') || req.method !== 'GET') return false;
    const started = performance.now();
    const headers = req.headers;
    if (headers.origin !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (headers.host === undefined || !PLAIN_HOST.test(headers.host)) return false;
    let reply: Reply;
    try {
      const query = knownReadingQuery(at < 0 ? '' : url.slice(at + 1));
      if (query?.answerKey == null) return false;
      const snapshot = model.current();
      if (snapshot === null) return false;
      const answer = brief ? knownBriefAnswer(snapshot, recentSplit(snapshot, deps.now()), query.answerKey) : knownFeedAnswer(snapshot, query.answerKey);
      if (answer === undefined) return false;
      reply = replyTo(answer, nodeHeader(req, 'if-none-match'), nodeHeader(req, 'accept-encoding'), 'node');
    } catch {
      // Nothing is written yet: the app answers, and its error handler decides what an error is.
      return false;
    }
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body ?? undefined);
    logRequest(deps.log, 'GET', path, reply.status, started);
    return true;
  };
}
