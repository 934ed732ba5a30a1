/**
 * The Agenda worker: Agenda 6 on the shared `Db` through `@agendajs/mongo-backend`, every job of the
 * registry defined and scheduled, an error listener always attached, and `drain()` on stop.
 */
import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import { describeError } from '../core/errors.ts';
import type { JobContext } from './context.ts';
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
  return {
    agenda,
    async runNow(name) {
      await agenda.now(name);
    },
    async stop() {
      await agenda.drain(3000).catch(() => undefined);
      await agenda.stop().catch(() => undefined);
    },
  };
}
