/**
 * The two hosts of the site's files (api/static-files.ts): Node's server, which answers them
 * before the app runs (api/server.ts), and a Hono middleware for `app.request()` and any
 * fetch-only host. The same answers from the same index; under Node a site answer carries the
 * document set of security headers in its one header list (`StaticAnswer.head`), and a request
 * no file answers goes to `next`, which puts them on the response for the app (api/server.ts).
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps.ts';
import { logRequest } from './request-log.ts';
import { bodyUnread } from './security-headers.ts';
import type { StaticAnswer, StaticFiles, StaticRequest } from './static-files.ts';

/** A Node stream of bytes as a web stream (for a Hono answer). */
function webStream(stream: NodeJS.ReadableStream): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done === true) controller.close();
      else if (Buffer.isBuffer(next.value)) controller.enqueue(new Uint8Array(next.value));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/** Node host: answer `req` from `files` when it names a file, else call `next` (the app). Logs the request line. */
export function answerFromSite(files: StaticFiles, req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const started = performance.now();
  const headers = req.headers;
  const request: StaticRequest = {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    acceptEncoding: headers['accept-encoding'],
    ifNoneMatch: headers['if-none-match'],
    ifModifiedSince: headers['if-modified-since'],
  };
  const send = (answer: StaticAnswer | null) => {
    if (answer === null) return next();
    // Nothing is set on `res` yet (api/server.ts): the security headers go out with the answer's own.
    // Node's writeHead reads the list and never changes it (its types ask for a mutable one).
    res.writeHead(answer.status, bodyUnread(req) ? [...answer.head, 'connection', 'close'] : (answer.head as string[]));
    const body = request.method === 'HEAD' ? null : answer.body;
    if (body === null || Buffer.isBuffer(body)) res.end(body ?? undefined);
    else {
      const stream = createReadStream(body.file);
      stream.once('error', () => res.destroy());
      (body.gzip ? stream.pipe(createGzip()) : stream).pipe(res);
    }
    logRequest(files.log, request.method, request.url.split('?', 1)[0] ?? '/', answer.status, started);
  };
  let answer: ReturnType<StaticFiles['answer']>;
  try {
    answer = files.answer(request);
  } catch {
    // A file that vanished or cannot be read between stat and read: the app answers (its 404).
    return next();
  }
  if (answer instanceof Promise) answer.then(send, () => next());
  else send(answer);
}

/** Hono host: the same answers as a middleware (for `app.request()`; under Node, `answerFromSite` answers first). */
export function siteMiddleware(files: StaticFiles): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let answer: StaticAnswer | null;
    try {
      answer = await files.answer({
        method: c.req.method,
        url: url.pathname + url.search,
        acceptEncoding: c.req.header('accept-encoding'),
        ifNoneMatch: c.req.header('if-none-match'),
        ifModifiedSince: c.req.header('if-modified-since'),
      });
    } catch {
      answer = null;
    }
    if (answer === null) return next();
    c.set('precoded', true);
    let body: BodyInit | null = null;
    if (c.req.method === 'HEAD' || answer.body === null) body = null;
    else if (Buffer.isBuffer(answer.body)) body = new Uint8Array(answer.body);
    else {
      const stream = createReadStream(answer.body.file);
      body = webStream(answer.body.gzip ? stream.pipe(createGzip()) : stream);
    }
    return new Response(body, { status: answer.status, headers: answer.headers });
  };
}
