/**
 * The bench's cold load generator (scripts/bench/cold-load-child.ts) against a loopback server
 * that records what arrives: every request it sends is a well-formed request for the next cold
 * prefs, with the run's headers, and no prefs is sent twice. Its prepared requests are one buffer
 * cut by a table of offsets, so an offset off by one would show here as a request the server
 * cannot parse or a prefs that is not the one drawn.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BRIEF_COLD_PATH } from '../../scripts/bench/api.ts';
import { runNode } from '../../scripts/bench/child.ts';
import { coldPrefsParam } from '../../scripts/bench/cold-prefs.ts';

const CHILD = path.join(import.meta.dirname, '../../scripts/bench/cold-load-child.ts');

test('every request is the next cold prefs, well-formed, with the run headers, none sent twice', async () => {
  const received: string[] = [];
  const encodings = new Set<string | undefined>();
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    encodings.add(req.headers['accept-encoding']);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const start = 5_000;
  try {
    const run = await runNode(['--import', 'tsx', CHILD, `http://127.0.0.1:${port}${BRIEF_COLD_PATH}`, String(start), '4', '1', JSON.stringify({ 'Accept-Encoding': 'br' })]);
    assert.is(run.code, 0, run.err);
    const result = JSON.parse(run.out.trim().split('\n').pop() ?? '') as { used: number; overflow: number; errors: number; non2xx: number };
    assert.is(result.errors, 0);
    assert.is(result.non2xx, 0);
    assert.is(result.overflow, 0);
    assert.ok(received.length > 100, `only ${received.length} requests arrived`);
    // Drawn in order; a connection may draw one more request than it sends before the run stops.
    assert.ok(received.length <= result.used && received.length >= result.used - 4, `${received.length} arrived of ${result.used} drawn`);
    const drawn = new Set(Array.from({ length: result.used }, (_, n) => `${BRIEF_COLD_PATH}${coldPrefsParam(start + n)}`));
    for (const url of received) if (!drawn.has(url)) assert.unreachable(`a request for ${url.slice(0, 120)} was never drawn`);
    assert.is(new Set(received).size, received.length, 'a prefs was sent twice');
    assert.equal([...encodings], ['br']);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test.run();
