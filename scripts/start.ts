/**
 * `npm start`: one process for trying Tidings on a fresh machine. It opens the database (embedded
 * when MONGODB_URI is unset), prepares the schema, loads the demo sources when there are none, runs
 * the first round of jobs (ingest, brief, site build, ...), then serves the API and the built site
 * and keeps the worker running. Ctrl-C stops everything within 5 s.
 */
import { listen } from '../api/server.ts';
import { exitOnStartupError, onShutdown, openRuntime, services } from '../core/runtime.ts';
import { ensureSchema } from '../core/store/schema.ts';
import type { JobContext } from '../jobs/context.ts';
import { STARTUP_JOBS, prepareDemo } from '../jobs/startup.ts';
import { findJob } from '../jobs/registry.ts';
import { startWorker } from '../jobs/worker.ts';

const runtime = await openRuntime().catch(exitOnStartupError);
const { log } = runtime;
let closeServer: (() => Promise<void>) | null = null;
let stopWorker: (() => Promise<void>) | null = null;
onShutdown(log, async () => {
  await closeServer?.();
  await stopWorker?.();
  runtime.mailer.close();
  await runtime.database.close();
});

const ctx: JobContext = { ...services(runtime), progress: () => undefined };

try {
  await ensureSchema(ctx.db, log);
  await prepareDemo(ctx);
  for (const name of STARTUP_JOBS) {
    const job = findJob(name);
    if (job) await job.run(ctx);
  }
} catch (error) {
  log.error('first run of the jobs failed; serving what exists', { error: error instanceof Error ? error.message : String(error) });
}

const listening = await listen(runtime, runtime.config.port).catch((error: unknown) => {
  process.stderr.write(`Tidings cannot start: port ${runtime.config.port} (PORT): ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
closeServer = listening.close;
const worker = await startWorker(ctx);
stopWorker = worker.stop;
process.stdout.write(`Tidings is ready at ${runtime.config.publicBaseUrl.startsWith('http://localhost') ? listening.url : runtime.config.publicBaseUrl}\n`);
