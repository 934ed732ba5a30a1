/**
 * What `npm start` runs before it serves: the demo content when the database has no sources, then
 * the first round of jobs in order so the ready line means a brief and a site exist.
 */
import type { JobContext } from './context.ts';

/** Jobs run once, in this order, before `npm start` prints its ready line. */
export const STARTUP_JOBS: readonly string[] = ['brief', 'build'];

/** Load the bundled demo sources when the database has none (see the Ingestion capability). */
export async function prepareDemo(_ctx: JobContext): Promise<void> {
  // The demo feeds arrive with the ingestion pipeline; until then the site builds with no articles.
}
