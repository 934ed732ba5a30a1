/** Every job, by name. Add a job's file here. */
import { briefJob } from './brief.ts';
import { buildJob } from './build.ts';
import type { JobDefinition } from './context.ts';

export const JOBS: readonly JobDefinition[] = [briefJob, buildJob];

/** The job with this name, or null. */
export function findJob(name: string): JobDefinition | null {
  return JOBS.find((job) => job.name === name) ?? null;
}
