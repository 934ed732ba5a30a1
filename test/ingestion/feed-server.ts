/** A real HTTP server on loopback that plays feed publishers in the ingestion tests. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded request. */
export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
}

/** A route handler: write the response. */
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A running server: set `routes[path]`, read `requests`, then `close()`. */
export interface FeedServer {
  base: string;
  port: number;
  routes: Map<string, Handler>;
  requests: SeenRequest[];
  connections: number;
  close(): Promise<void>;
}

/** Start a server on 127.0.0.1 with a free port; unknown paths answer 404. */
export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Handler>();
  const state = { requests: [] as SeenRequest[], connections: 0 };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    state.requests.push({ path, headers: req.headers });
    const handler = routes.get(path);
    if (handler) handler(req, res);
    else res.writeHead(404).end('not found');
  });
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    routes,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler serving fixed XML. */
export function xml(body: string, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', ...headers });
    res.end(body);
  };
}
