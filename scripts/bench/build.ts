/**
 * The build measurements: runs scripts/bench/build-child.ts in a child process, reads its result
 * line, and turns it into report fields.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runNode } from './child.ts';
import { measured, ratio, round, skipped, type Section } from './report.ts';

const BuildResult = z.object({ ms: z.number(), written: z.number(), rendered: z.number(), articles: z.number(), pages: z.number() });
const ChildResult = z.object({ full: BuildResult, incrementals: z.array(BuildResult).min(1), bulkIncrementals: z.array(BuildResult).optional(), peakRssMb: z.number() });
type BuildRun = z.infer<typeof BuildResult>;

/** The rebuild of median time (the lower middle of an even count). */
export function medianBuild(runs: readonly BuildRun[]): BuildRun {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (middle === undefined) throw new Error('no rebuild to report');
  return middle;
}

/** What the child reported. */
export type BuildChildResult = z.infer<typeof ChildResult>;

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-child.ts');

/** Parse the child's output: the last `BENCH_RESULT` line. */
export function parseChildOutput(stdout: string): BuildChildResult | null {
  const line = stdout.split('\n').reverse().find((l) => l.startsWith('BENCH_RESULT '));
  if (!line) return null;
  try {
    const parsed = ChildResult.safeParse(JSON.parse(line.slice('BENCH_RESULT '.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Run the build child; resolves with its result (rejects on a failed child). */
export async function runBuildChild(uri: string, dbName: string, dataDir: string, distDir: string, added: number, firstNewIndex: number): Promise<BuildChildResult> {
  const { code, out, err } = await runNode(['--import', 'tsx', CHILD, uri, dbName, dataDir, distDir, String(added), String(firstNewIndex)]);
  const result = parseChildOutput(out);
  if (code === 0 && result) return result;
  throw new Error(`the build child exited with ${code}: ${(err || out).slice(-500)}`);
}

/** Report fields from a child's result. */
export function buildFields(r: BuildChildResult, added: number): Section {
  const incremental = medianBuild(r.incrementals);
  const incrementalRatio = ratio(incremental.ms, r.full.ms);
  const rounds = (runs: readonly BuildRun[]) => runs.map((b) => round(b.ms / 1000, 2)).join(' / ');
  const bulkRuns = r.bulkIncrementals ?? [];
  const bulkRatio = bulkRuns.length > 0 ? ratio(medianBuild(bulkRuns).ms, r.full.ms) : null;
  return {
    full_s: measured(r.full.ms / 1000, { unit: 's', digits: 2, target: { op: '<=', limit: 10 }, note: `${r.full.articles} articles, ${r.full.written} files written` }),
    incremental_ratio: incrementalRatio === null
      ? skipped('the full build took no time')
      : measured(incrementalRatio, { target: { op: '<=', limit: 0.15 }, note: `median of ${r.incrementals.length} rebuilds, each after the ingest's store added ${added} articles: ${rounds(r.incrementals)} s; ${incremental.rendered} /a pages rendered` }),
    // The fallback for articles written around the store (a bulk import): no target, watched.
    ...(bulkRatio === null
      ? {}
      : { incremental_bulk_ratio: measured(bulkRatio, { note: `median of ${bulkRuns.length} rebuilds, each after ${added} articles inserted without the change marker: ${rounds(bulkRuns)} s` }) }),
    // The most any rebuild wrote: every one must stay within the limit.
    files_rewritten: measured(Math.max(...[...r.incrementals, ...bulkRuns].map((b) => b.written)), { target: { op: '<=', limit: 110 }, digits: 0 }),
    peak_rss_mb: measured(r.peakRssMb, { unit: 'MB', digits: 0, target: { op: '<=', limit: 1024 }, note: 'the build process’s maxRSS over all its builds' }),
  };
}
