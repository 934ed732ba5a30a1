/** A loopback server speaking the OpenAI Chat Completions API (classification, summary and wordsearch tests). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A received chat completion request body. */
export interface ChatRequest {
  model?: string;
  messages?: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema?: Record<string, unknown> } };
}

/**
 * How the server answers one request: JSON content (optionally held until `after` settles, so the
 * test decides when the model answers), a status, or no answer at all.
 */
export type Reply = { content: string; after?: Promise<unknown> } | { status: number } | { hang: true };

/** Start the server; `answer` decides the reply from the request. */
export async function startModelServer(answer: (req: ChatRequest) => Reply) {
  const received: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as ChatRequest;
      received.push(parsed);
      const reply = answer(parsed);
      if ('hang' in reply) return; // never answers; the client's timeout must fire
      if ('status' in reply) return void res.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":{"message":"nope"}}');
      const send = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 0, model: 'test', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content } }] }));
      };
      if (reply.after) void reply.after.then(send, send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
