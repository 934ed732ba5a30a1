/**
 * Loopback peers for the SSRF suite: canary listeners that count every connection made to them
 * (proof that a refused URL never reached the network), the project's own copy of the SSRF corpus,
 * and a hostile resolver that points every name at a canary.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { Resolver } from '../../core/pipeline/fetcher.ts';

/** One line of the must-refuse or must-allow corpus (test/hardening/fixtures/ssrf). */
export interface CorpusLine {
  category: string;
  url: string;
  /** The WHATWG parse result, or INVALID. */
  parsed: string;
  hostKind: string;
}

/** Read an annotated corpus file, keeping every line byte-exact (one starts with two spaces). */
export function readCorpus(name: 'urls.annotated.tsv' | 'should-allow.annotated.tsv'): CorpusLine[] {
  const text = readFileSync(new URL(`fixtures/ssrf/${name}`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => {
      const [category = '', url = '', parsed = '', , hostKind = ''] = line.split('\t');
      return { category, url, parsed, hostKind };
    });
}

/** A set of listeners on one address that count connections. */
export interface Canary {
  host: string;
  /** The ports actually listened on (a busy or forbidden port is skipped, and named in `skipped`). */
  ports: number[];
  skipped: number[];
  connections: Array<{ port: number }>;
  close(): Promise<void>;
}

/**
 * Listen on `host` at each port; every accepted connection is recorded and answered with a tiny
 * HTTP 204 (a TLS client simply fails its handshake). Port 0 means "any free port".
 */
export async function startCanary(host: string, ports: number[]): Promise<Canary> {
  const servers: net.Server[] = [];
  const canary: Canary = { host, ports: [], skipped: [], connections: [], close: async () => undefined };
  for (const port of ports) {
    const server = net.createServer((socket) => {
      const address = server.address();
      canary.connections.push({ port: typeof address === 'object' && address ? address.port : port });
      socket.on('error', () => undefined);
      socket.once('data', () => socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n'));
    });
    const ok = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, host, () => resolve(true));
    });
    if (ok) {
      servers.push(server);
      const address = server.address();
      canary.ports.push(typeof address === 'object' && address ? address.port : port);
    } else canary.skipped.push(port);
  }
  canary.close = async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  };
  return canary;
}

/** A resolver that answers every name with `address` and records the names it was asked. */
export function pointingResolver(address: string, asked: string[] = []): Resolver {
  return async (hostname) => {
    asked.push(hostname);
    return [{ address, family: net.isIPv6(address) ? 6 : 4 }];
  };
}
