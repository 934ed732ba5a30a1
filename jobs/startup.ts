/**
 * What `npm start` runs before it serves: the demo content when the database has no sources, then
 * the first round of jobs in order so the ready line means a brief and a site exist.
 */
import { ensureDemoSources } from '../core/demo/index.ts';
import type { JobContext } from './context.ts';

/**
 * Jobs run once, in this order, before `npm start` prints its ready line. `metrics` makes the
 * admin's numbers true from the first page even for data written before they were kept current.
 */
export const STARTUP_JOBS: readonly string[] = ['ingest', 'metrics', 'brief', 'build'];

/** Load the bundled demo sources when the database has none (see the Ingestion capability). */
export async function prepareDemo(ctx: JobContext): Promise<void> {
  const added = await ensureDemoSources(ctx.db, ctx.now());
  if (added > 0) ctx.log.info('loaded the bundled demo sources', { sources: added });
}
