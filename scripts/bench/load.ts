/**
 * The load generator: autocannon's CLI in a separate process (so the measured server keeps its own
 * core), a short warm-up run first (discarded), then the measured run, its JSON output validated.
 * A run with any error, timeout or non-2xx answer is refused: a fast 404 must never look like speed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { runNode } from './child.ts';

/** How one load run is shaped. */
export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

/** What one measured run gave. */
export interface LoadResult {
  rps: number;
  p99Ms: number;
  requests: number;
}

/** The defaults: 10 connections, 3 s per measured run, 2 s of warm-up per endpoint. */
export const DEFAULT_LOAD: LoadOptions = { connections: 10, durationS: 3, warmupS: 2 };

const AutocannonJson = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p99: z.number() }),
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
});

function cliPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
}

/** Run autocannon once; resolves with its parsed JSON. Never blocks this process's event loop. */
async function autocannon(url: string, connections: number, durationS: number): Promise<z.infer<typeof AutocannonJson>> {
  const { code, out, err } = await runNode([cliPath(), '-j', '-n', '-c', String(connections), '-d', String(durationS), url]);
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err.slice(-300)}`);
  const line = out.trim().split('\n').pop() ?? '';
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new Error(`autocannon printed no JSON: ${out.slice(-300)}`);
  }
  const parsed = AutocannonJson.safeParse(json);
  if (!parsed.success) throw new Error(`unexpected autocannon JSON: ${parsed.error.message}`);
  return parsed.data;
}

/** Warm up, then measure `url`. Throws when any request failed. */
export async function runLoad(url: string, options: LoadOptions = DEFAULT_LOAD): Promise<LoadResult> {
  if (options.warmupS > 0) await autocannon(url, options.connections, options.warmupS);
  const r = await autocannon(url, options.connections, options.durationS);
  if (r.errors > 0 || r.timeouts > 0 || r.non2xx > 0) {
    throw new Error(`${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers from ${new URL(url).pathname}`);
  }
  return { rps: r.requests.average, p99Ms: r.latency.p99, requests: r.requests.total };
}
