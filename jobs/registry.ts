/** Every job, by name. Add a job's file here. */
import { briefJob } from './brief.ts';
import { buildJob } from './build.ts';
import { digestJob } from './digest.ts';
import { ingestJob } from './ingest.ts';
import { metricsJob } from './metrics.ts';
import type { JobDefinition } from './context.ts';
import { puzzlesJob } from './puzzles.ts';

export const JOBS: readonly JobDefinition[] = [briefJob, buildJob, puzzlesJob, ingestJob, digestJob, metricsJob];

/** The job with this name, or null. */
export function findJob(name: string): JobDefinition | null {
  return JOBS.find((job) => job.name === name) ?? null;
}
