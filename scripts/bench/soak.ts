/**
 * The soak section of `npm run bench` (the full variant of the hardening load test): 50 clients
 * mixing feed, brief, replacement, summary and event requests for 60 s against the API over the
 * seeded 10,000-article pool, from a separate process. Reported: throughput, errors (target 0), the
 * server's heap growth (bounded), and whether the events collection holds exactly one row per
 * distinct (day, visitor, kind, article) sent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createApp } from '../../api/app.ts';
import { serveApp } from '../../api/server.ts';
import type { AppDeps } from '../../api/deps.ts';
import { outlivingCount, workSettled } from '../../core/platform/outliving.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { runNode } from './child.ts';
import { checkEventRows, type MixedLoadResult } from './mixed-load.ts';
import { measured, round, type Section } from './report.ts';

/** How long the soak waits for the work its requests left running (summaries being written) before the next section. */
const SOAK_WORK_WAIT_MS = 300_000;

/** Heap growth allowed over the soak, in MB. */
export const SOAK_HEAP_LIMIT_MB = 200;

/** Run the soak; `tmp` holds the id list handed to the load process. */
export async function benchSoak(deps: AppDeps, tmp: string, options: { clients: number; durationS: number; embedded: boolean }, note: (line: string) => void): Promise<Section> {
  const ids = (await deps.db.collection<{ _id: string }>('articles').find({ accepted: true, duplicate_of: null }, { projection: { _id: 1 } }).limit(500).toArray()).map((d) => d._id);
  await deps.db.collection('events').deleteMany({});
  const idsFile = path.join(tmp, 'soak-ids.json');
  writeFileSync(idsFile, JSON.stringify(ids));
  const app = createApp(deps);
  await readModelFor(deps.db, deps.log).refresh();
  const listening = await serveApp(app, 0, '127.0.0.1');
  const server = listening.server;
  const base = listening.url;
  try {
    note(`soak: ${options.clients} clients mixing feed, brief, replacement, summary and events for ${options.durationS} s`);
    // `npm run bench` runs with --expose-gc, so both samples are taken after a full collection.
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const child = await runNode(['--import', 'tsx', path.join(import.meta.dirname, 'mixed-load-child.ts'), base, idsFile, String(options.clients), String(options.durationS * 1000)], { stderr: 'inherit' });
    if (child.code !== 0) throw new Error(`load process exited ${child.code}`);
    const result = JSON.parse(child.out) as MixedLoadResult;
    // What the requests started and did not wait for (summaries being written: ~0.5 s an update on
    // the embedded database) finishes before the next section, which would otherwise measure its
    // reads behind this queue (a full site build read its pool in 35 s instead of ~3, 27 Nov 2026).
    // Bounded, so a database that stopped answering cannot hang the bench (the note then says so).
    const pending = outlivingCount();
    const waitStarted = performance.now();
    const settled = await workSettled(SOAK_WORK_WAIT_MS);
    const waitedS = (performance.now() - waitStarted) / 1000;
    const finished = settled ? `finished ${round(waitedS, 1)} s later` : `${outlivingCount()} still running after ${round(waitedS, 1)} s`;
    global.gc?.();
    const growthMb = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
    const rows = await checkEventRows(deps.db, result.sent);
    return {
      requests_per_s: measured(result.requests / options.durationS, {
        unit: 'req/s',
        digits: 1,
        note:
          `${result.requests} requests, ${result.events} events, ${options.clients} clients; ${pending} summaries still being written when the load stopped, ${finished}` +
          (options.embedded ? '; on the embedded database one updateOne in the 10,000-article collection takes ~0.5 s, so first-time summary writes bound this figure (use MONGODB_URI for production numbers)' : ''),
      }),
      errors: measured(result.errors.length, { target: { op: '<=', limit: 0 }, note: result.errors.slice(0, 3).join('; ') || 'none' }),
      heap_growth_mb: measured(round(growthMb, 1), { unit: 'MB', target: { op: '<=', limit: SOAK_HEAP_LIMIT_MB } }),
      event_rows_exact: measured(rows.exact && rows.duplicates === 0 ? 1 : 0, {
        target: { op: '>=', limit: 1 },
        note: `${rows.rows} rows for ${result.sent.length} distinct tuples, ${rows.duplicates} duplicates`,
      }),
    };
  } finally {
    server.closeAllConnections();
    await listening.close();
  }
}
