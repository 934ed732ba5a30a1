/**
 * The Agenda worker: Agenda 6 on the shared `Db` through `@agendajs/mongo-backend`, every job of the
 * registry defined and scheduled, an error listener always attached, and `drain()` on stop.
 * Between the build's scheduled runs the worker follows the pool version (one `_id` read of `meta`
 * every 2 s, as the API's read model does): when it moves (a source hidden, an article rejected),
 * `build` runs at once in this process (not through Agenda's queue, which only looks every
 * `processEvery`), which refills the stored brief first, so the static brief and `/api/brief` agree
 * within seconds (issue 21). The build job runs one build at a time per process (jobs/build.ts).
 */
import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import { describeError } from '../core/platform/errors.ts';
import { readPoolVersion } from '../core/store/meta.ts';
import type { JobContext } from './context.ts';
import { buildJob } from './build.ts';
import { JOBS } from './registry.ts';

/** A running worker. */
export interface Worker {
  agenda: Agenda;
  /** Run one job now through Agenda (used to chain jobs, e.g. build after brief). */
  runNow(name: string): Promise<void>;
  /** Stop taking jobs and wait (bounded) for running ones to finish. */
  stop(): Promise<void>;
}

/** Start the worker; `ctx` is shared by every job run. */
export async function startWorker(ctx: Omit<JobContext, 'progress'>, options: { processEvery?: string } = {}): Promise<Worker> {
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: ctx.db, collection: 'agendaJobs' }),
    processEvery: options.processEvery ?? '10 seconds',
    maxConcurrency: 4,
    defaultConcurrency: 1,
    defaultLockLifetime: 10 * 60 * 1000,
  });
  agenda.on('error', (error) => ctx.log.error('agenda error', { error: describeError(error) }));
  agenda.on('fail', (error: Error | string, job: { attrs: { name: string } }) =>
    ctx.log.error('job failed', { job: job.attrs.name, error: describeError(error) }),
  );

  for (const job of JOBS) {
    agenda.define(job.name, async () => {
      const started = Date.now();
      const summary = await job.run({ ...ctx, progress: () => undefined });
      ctx.log.info('job done', { job: job.name, ms: Date.now() - started, ...summary });
    });
  }
  await agenda.start();
  for (const job of JOBS) {
    if (job.every) await agenda.every(job.every, job.name, undefined, { skipImmediate: false });
  }
  const follower = await followPool(ctx, async () => {
    const summary = await buildJob.run({ ...ctx, progress: () => undefined });
    ctx.log.info('job done', { job: 'build', trigger: 'pool version', ...summary });
  });
  return {
    agenda,
    async runNow(name) {
      await agenda.now(name);
    },
    async stop() {
      clearInterval(follower);
      await agenda.drain(3000).catch(() => undefined);
      await agenda.stop().catch(() => undefined);
    },
  };
}

/** How often the worker reads the pool version between scheduled builds. */
export const POOL_FOLLOW_MS = 2000;

/**
 * Read the pool version now, then every `everyMs`, and call `onMove` whenever a read differs from
 * the one before. The first reading is taken before this resolves, so a change made right after
 * the worker starts (before its first tick) still counts as a move; a first reading that failed
 * counts the next successful one as a move (the build then skips when nothing changed since the
 * last one it recorded). Ticks never overlap: a slow `onMove` delays the next reading.
 */
export async function followPool(ctx: Pick<JobContext, 'db' | 'log'>, onMove: () => Promise<unknown>, everyMs = POOL_FOLLOW_MS): Promise<NodeJS.Timeout> {
  const warn = (error: unknown) => ctx.log.warn('pool version check failed', { error: describeError(error) });
  let seen: number | null = await readPoolVersion(ctx.db).catch((error: unknown) => (warn(error), null));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    readPoolVersion(ctx.db)
      .then(async (version) => {
        const moved = version !== seen;
        seen = version;
        if (moved) await onMove();
      })
      .catch(warn)
      .finally(() => (busy = false));
  }, everyMs);
  timer.unref();
  return timer;
}
