/** What every job receives: the database, config, logger, mailer, model client, clock and a progress reporter. */
import type { Services } from '../core/platform/runtime.ts';

/** Reports progress of a long job (a bar on a terminal for `npm run job`, nothing in the worker). */
export type Progress = (done: number, total: number, label?: string) => void;

/** The job's world: the process's services and a progress reporter. */
export interface JobContext extends Services {
  progress: Progress;
}

/** One job: a name, how often the worker runs it, and its work. Jobs stay thin: they call the domain. */
export interface JobDefinition {
  name: string;
  /** Agenda interval (e.g. `5 minutes`), or null for jobs only run on demand. */
  every: string | null;
  /** What `npm run job -- <name>` and the worker run. Returns a short summary for the log. */
  run(ctx: JobContext): Promise<Record<string, number | string | boolean>>;
}
