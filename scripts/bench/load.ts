/**
 * The load generator: autocannon's CLI in a separate process (so the measured server keeps its own
 * core), a short warm-up run first (discarded), then the measured run, its JSON output validated.
 * A run with any error, timeout or non-2xx answer is refused: a fast 404 must never look like speed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runNode, type ChildRun } from './child.ts';
import { COLD_RUN_MAX } from './cold-prefs.ts';
import { withSteal } from './steal.ts';

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
  /** The share of CPU time the machine's host stole during the run (scripts/bench/steal.ts); null where unknown. */
  steal: number | null;
}

/**
 * What one run asks for: `url`, or each of `paths` in turn on `url`'s origin; every request with
 * `headers`. With `cold`, request `n` of the run asks `url` (a query ending in `?` or `&`) plus
 * `prefs=<coldPrefs(cold.next + n)>` (scripts/bench/cold-prefs.ts), and `cold.next` moves past
 * every prefs drawn, so no two requests of all the runs sharing that counter carry the same prefs.
 */
export interface LoadTarget {
  url: string;
  paths?: readonly string[];
  headers?: Readonly<Record<string, string>>;
  cold?: ColdCounter;
}

/** The next unused cold prefs index, shared by every cold run of a bench. */
export interface ColdCounter {
  next: number;
}

/** A browser's Accept-Encoding (Chromium 13x), for the runs measured with compression. */
export const BROWSER_ENCODINGS: Readonly<Record<string, string>> = Object.freeze({ 'Accept-Encoding': 'gzip, deflate, br, zstd' });

/** The defaults: 10 connections, 3 s per measured run, 2 s of warm-up per endpoint. */
export const DEFAULT_LOAD: LoadOptions = { connections: 10, durationS: 3, warmupS: 2 };

const AutocannonJson = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p99: z.number() }),
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
  /** Cold runs only: how many cold prefs the run drew. */
  used: z.number().int().nonnegative().optional(),
  /** Cold runs only: requests asked for past the prepared prefs (each a repeat: the run is refused). */
  overflow: z.number().int().nonnegative().optional(),
  /** Cold runs only: how many prefs were prepared. */
  ready: z.number().int().nonnegative().optional(),
});

function cliPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
}

/**
 * Run autocannon once; resolves with its parsed JSON. Never blocks this process's event loop.
 * Several paths go through a HAR file (autocannon's CLI cycles its entries on every connection).
 */
async function autocannon(target: LoadTarget, connections: number, durationS: number): Promise<z.infer<typeof AutocannonJson>> {
  if (target.cold) return coldRun(target, target.cold, connections, durationS);
  const args = [cliPath(), '-j', '-n', '-c', String(connections), '-d', String(durationS)];
  let harDir: string | null = null;
  if (target.paths && target.paths.length > 0) {
    harDir = mkdtempSync(path.join(os.tmpdir(), 'tidings-har-'));
    const headers = Object.entries(target.headers ?? {}).map(([name, value]) => ({ name, value }));
    const entries = target.paths.map((p) => ({ request: { method: 'GET', url: new URL(p, target.url).href, headers } }));
    writeFileSync(path.join(harDir, 'load.har'), JSON.stringify({ log: { entries } }));
    args.push('--har', path.join(harDir, 'load.har'));
  } else {
    for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${name}: ${value}`);
  }
  args.push(target.url);
  let run;
  try {
    run = await runNode(args);
  } finally {
    if (harDir) rmSync(harDir, { recursive: true, force: true });
  }
  return parseRun(run);
}

/** A cold run: autocannon's API in scripts/bench/cold-load-child.ts, drawing prefs from `counter`. */
async function coldRun(target: LoadTarget, counter: ColdCounter, connections: number, durationS: number): Promise<z.infer<typeof AutocannonJson>> {
  const child = path.join(import.meta.dirname, 'cold-load-child.ts');
  const args = ['--import', 'tsx', child, target.url, String(counter.next), String(connections), String(durationS), JSON.stringify(target.headers ?? {})];
  const parsed = parseRun(await runNode(args));
  if (parsed.used === undefined) throw new Error('the cold load child did not say how many prefs it drew');
  if (parsed.overflow) throw new Error(`the cold run asked for ${parsed.overflow} requests past the ${parsed.ready ?? '?'} prefs prepared for it (scripts/bench/cold-load-child.ts: PER_SECOND)`);
  counter.next += parsed.used;
  if (counter.next > COLD_RUN_MAX) throw new Error(`the cold runs drew ${counter.next} prefs, more than the ${COLD_RUN_MAX} proven distinct`);
  return parsed;
}

function parseRun(run: ChildRun): z.infer<typeof AutocannonJson> {
  const { code, out, err } = run;
  // The error's own line where there is one (a stack's tail says where, not what).
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err.split('\n').find((line) => /\b\w*Error\b/.test(line))?.trim().slice(0, 300) ?? err.slice(-300)}`);
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

/** Warm up, then measure `target` (a URL, or a URL with paths and headers). Throws when any request failed. */
export async function runLoad(target: string | LoadTarget, options: LoadOptions = DEFAULT_LOAD): Promise<LoadResult> {
  const t = typeof target === 'string' ? { url: target } : target;
  if (options.warmupS > 0) await autocannon(t, options.connections, options.warmupS);
  const { value: r, steal } = await withSteal(() => autocannon(t, options.connections, options.durationS));
  if (r.errors > 0 || r.timeouts > 0 || r.non2xx > 0) {
    throw new Error(`${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers from ${new URL(t.url).pathname}`);
  }
  return { rps: r.requests.average, p99Ms: r.latency.p99, requests: r.requests.total, steal };
}
