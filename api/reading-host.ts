/**
 * Node's server answers the anonymous reading queries (`GET /api/brief`, `GET /api/feed`) itself,
 * without running the app, as it answers the site's files (api/server.ts): Hono's request, context,
 * router, middleware and `Response` were about a third of a first-seen brief's server time, and a
 * reader's app asks these two routes more than everything else together. It is a second host of
 * the same route, not a second route: the query goes through the route's schema
 * (`readingQueryOf`, api/reading-query.ts: the values the validator would receive, remembered as it
 * remembers them), the answer is composed by the route's own function (core/readmodel/reading.ts),
 * and `replyTo` (api/answers.ts) sends the status, headers and bytes the route would, with the same
 * request log line. Anything else goes to the app, which decides as before: another method or path
 * spelling, a cross-origin request (CORS), a request with a body, a host header or query string the
 * adapter would rewrite or check, a query the schema refuses (the app's 422), an answer that depends
 * on the clock or the caller (a pause, `following`), a read model still loading.
 *
 * Measured (docs/benchmarks.md): a warm brief cost the server 89-109 µs of CPU through the app,
 * 62-79 answered here (26 Nov); a first-seen brief 110-184 through the app, 88-143 here (27 Nov).
 *
 * The answers made in one turn of the event loop are written together at its end (`sendAtTurnEnd`),
 * as Redis writes its replies just before its loop waits again: the requests that arrived together
 * are all answered first, then the writes follow one another while the kernel's sending code is
 * warm and while a peer holding several of the connections (a proxy, a load client) is still awake
 * from the first. An answer waits at most for the other answers of its turn, and a lone request for
 * none. A cold brief's system time fell from 14-20 to 8-10 µs a request (docs/benchmarks.md,
 * "Answers written at the turn's end").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorText } from '../core/platform/errors.ts';
import { readModelFor } from '../core/readmodel/readmodel.ts';
import { briefAnswerOf, feedAnswerOf } from '../core/readmodel/reading.ts';
import { nodeReplyTo, type NodeReply } from './answers.ts';
import type { AppDeps } from './deps.ts';
import { readingQueryOf } from './reading-query.ts';
import { nodeHeader } from './request-header.ts';
import { logRequest } from './request-log.ts';

/** A host the adapter takes as it is (its own quick check in `@hono/node-server`, the same pattern): any other is left to it to check or refuse. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/**
 * A query string the adapter's URL leaves as it is: printable ASCII but for the characters the URL
 * standard escapes in a query (space, `"`, `'`, `<`, `>`) and `#`. The route's path is one of two
 * literal paths, so the app's URL is then exactly `http://<host><target>` (test/reading/reading-host.test.ts).
 */
export const QUERY_AS_IS = /^[!$%&(-;=?-~]*$/;

/** Answers `req` and returns true when it is an anonymous reading query this host answers; false leaves it to the app. */
export type ReadingHost = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The reading host of `deps`' read model. */
export function readingHost(deps: AppDeps): ReadingHost {
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
    let reply: NodeReply;
    try {
      const search = at < 0 ? '' : url.slice(at + 1);
      if (!QUERY_AS_IS.test(search)) return false;
      const query = readingQueryOf(search);
      if (query?.answerKey == null) return false;
      const snapshot = model.current();
      if (snapshot === null) return false;
      const answer = brief ? briefAnswerOf(snapshot, query, deps.now()) : feedAnswerOf(snapshot, query, deps.now, null);
      reply = nodeReplyTo(answer, nodeHeader(req, 'if-none-match'), nodeHeader(req, 'accept-encoding'));
    } catch {
      // Nothing is written yet: the app answers, and its error handler decides what an error is.
      return false;
    }
    sendAtTurnEnd({ res, reply, path, started, log: deps.log });
    return true;
  };
}

/** An answer made and not yet written: its response, reply, and what its log line says. */
interface Outgoing {
  res: ServerResponse;
  reply: NodeReply;
  path: string;
  started: number;
  log: AppDeps['log'];
}

/** The answers of the current turn, in the order they were made (a connection's pipelined requests in theirs). */
let outgoing: Outgoing[] = [];

/** Write `answer` when the loop's turn ends, with the turn's other answers (see the module comment). */
function sendAtTurnEnd(answer: Outgoing): void {
  if (outgoing.length === 0) setImmediate(writeTurn);
  outgoing.push(answer);
}

/** Write the turn's answers in order, each with its request log line (its time includes the wait). */
function writeTurn(): void {
  const turn = outgoing;
  outgoing = [];
  for (const { res, reply, path, started, log } of turn) {
    // A closed connection takes the write and drops it (Node's response does). An answer that
    // cannot be written (none should) closes its own connection, and the others still go.
    try {
      // Node's writeHead reads the list and never changes it (its types ask for a mutable one).
      res.writeHead(reply.status, reply.head as string[]);
      res.end(reply.body ?? undefined);
    } catch (error) {
      log?.error('reading answer not written', { path, error: errorText(error) });
      res.destroy();
      continue;
    }
    logRequest(log, 'GET', path, reply.status, started);
  }
}
