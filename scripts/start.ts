/**
 * `npm start`: one process for trying Tidings on a fresh machine. It opens the database (embedded
 * when MONGODB_URI is unset), prepares the schema, loads the demo sources when there are none, runs
 * the first round of jobs (ingest, brief, site build, ...), then serves the API and the built site
 * and keeps the worker running. Ctrl-C stops everything within 5 s and exits 0, at any moment: the
 * signal handler is installed before the database opens, and a stop during the first round skips
 * the rest of it instead of serving. The API and the worker (Agenda) are loaded when the first
 * round is done, so the first log lines come sooner and a stop during the round never loads them.
 */
import { errorText } from '../core/platform/errors.ts';
import { finishOutlivingWork } from '../core/platform/outliving.ts';
import { exitOnStartupError, openRuntime, services, trapShutdown } from '../core/platform/runtime.ts';
import { ensureSchema } from '../core/store/schema.ts';
import type { JobContext } from '../jobs/context.ts';
import { STARTUP_JOBS, prepareDemo } from '../jobs/startup.ts';
import { findJob } from '../jobs/registry.ts';

const shutdown = trapShutdown();
const runtime = await openRuntime().catch(exitOnStartupError);
const { log } = runtime;
let closeServer: (() => Promise<void>) | null = null;
let stopWorker: (() => Promise<void>) | null = null;
shutdown.use(log, async () => {
  await closeServer?.();
  await finishOutlivingWork(log);
  await stopWorker?.();
  runtime.mailer.close();
  await runtime.database.close();
});

const ctx: JobContext = { ...services(runtime), progress: () => undefined };

/** The first round, then serving; returns early (the shutdown steps end the process) on a stop. */
async function main(): Promise<void> {
  try {
    await ensureSchema(ctx.db, log);
    await prepareDemo(ctx);
    for (const name of STARTUP_JOBS) {
      if (shutdown.requested) return;
      const job = findJob(name);
      if (job) await job.run(ctx);
    }
  } catch (error) {
    // A stop closes the database under a running job: that failure is the stop, not news.
    if (shutdown.requested) return;
    log.error('first run of the jobs failed; serving what exists', { error: errorText(error) });
  }
  if (shutdown.requested) return;
  const { listen } = await import('../api/server.ts');
  if (shutdown.requested) return;
  const listening = await listen(runtime, runtime.config.port).catch((error: unknown) => {
    process.stderr.write(`Tidings cannot start: port ${runtime.config.port} (PORT): ${errorText(error)}\n`);
    process.exit(1);
  });
  closeServer = listening.close;
  if (shutdown.requested) return;
  const { startWorker } = await import('../jobs/worker.ts');
  const worker = await startWorker(ctx);
  stopWorker = worker.stop;
  if (shutdown.requested) return;
  process.stdout.write(`Tidings is ready at ${runtime.config.publicBaseUrl.startsWith('http://localhost') ? listening.url : runtime.config.publicBaseUrl}\n`);
}

await main();
