/**
 * Process wiring shared by every entry point: config, logger, database, mailer, model client, and
 * an orderly shutdown. Entry points print a ConfigError or DatabaseUnreachableError as one line.
 */
import type { Db } from 'mongodb';
import { loadConfig, type Config } from './config.ts';
import { ConfigError } from './errors.ts';
import { createLogger, type Logger } from './log.ts';
import { createMailer, type Mailer } from './mail.ts';
import { createModelClient, type ModelClient } from './model.ts';
import { DatabaseUnreachableError, openDatabase, type Database } from '../store/db.ts';
import { EmbeddedDataError } from '../store/embedded-data.ts';

/** The services every part of a process uses: the HTTP app's deps and the jobs' context are these. */
export interface Services {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  model: ModelClient;
  /** The clock; tests pin it. */
  now: () => Date;
}

/** The services of an open runtime. */
export function services(runtime: Runtime): Services {
  return {
    db: runtime.database.db,
    config: runtime.config,
    log: runtime.log,
    mailer: runtime.mailer,
    model: runtime.model,
    now: runtime.now,
  };
}

/** Everything a process holds. */
export interface Runtime {
  config: Config;
  log: Logger;
  database: Database;
  mailer: Mailer;
  model: ModelClient;
  now: () => Date;
}

/** Open the runtime from the environment. */
export async function openRuntime(env: Record<string, string | undefined> = process.env): Promise<Runtime> {
  const config = loadConfig(env);
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  return {
    config,
    log,
    database,
    mailer: createMailer(config, log),
    model: createModelClient(config, log),
    now: () => new Date(),
  };
}

/** Print a start-up failure as one line (no stack for expected failures) and exit 1. */
export function exitOnStartupError(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError || error instanceof EmbeddedDataError) {
    process.stderr.write(`Tidings cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Tidings cannot start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  }
  process.exit(1);
}

/** The process's SIGINT/SIGTERM handling, installed before anything that needs closing exists. */
export interface Shutdown {
  /** True once a stop signal arrived. */
  readonly requested: boolean;
  /**
   * The steps that close what the process opened, with the logger to report them. Set once, when
   * they exist; a signal that arrived earlier runs them as soon as they are set.
   */
  use(log: Logger, steps: () => Promise<void>): void;
}

/**
 * Trap SIGINT and SIGTERM now. The first signal runs the steps once, then the process exits 0;
 * `deadlineMs` after that signal it exits 0 whatever the steps are doing (the embedded server is
 * killed by its own exit hook either way).
 *
 * Signals after the first are ignored rather than forcing an exit: one Ctrl-C on `npm start`
 * reaches this process twice (the terminal signals the whole process group, and npm forwards its
 * own copy to its child), so a "second signal forces exit" rule turned half of all Ctrl-Cs into
 * exit 1 and skipped the rest of the shutdown. The deadline already bounds how long a stop takes.
 */
export function trapShutdown(deadlineMs = 4500): Shutdown {
  let requested = false;
  let log: Logger | null = null;
  let steps: (() => Promise<void>) | null = null;
  let running = false;
  const run = (signal: NodeJS.Signals | null) => {
    if (!requested || !steps || !log || running) return;
    running = true;
    log.info('shutting down', signal ? { signal } : {});
    steps()
      .catch((error: unknown) => log?.error('error during shutdown', { error: String(error) }))
      .finally(() => process.exit(0));
  };
  let firstSignal: NodeJS.Signals | null = null;
  const handler = (signal: NodeJS.Signals) => {
    if (requested) return;
    requested = true;
    firstSignal = signal;
    const force = setTimeout(() => {
      log?.warn('shutdown deadline reached; exiting');
      process.exit(0);
    }, deadlineMs);
    force.unref();
    run(signal);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get requested() {
      return requested;
    },
    use(logger, stepsToRun) {
      if (steps) throw new Error('shutdown steps are already set');
      log = logger;
      steps = stepsToRun;
      run(firstSignal);
    },
  };
}

/** Trap SIGINT/SIGTERM and run `steps` once on the first (see `trapShutdown`). */
export function onShutdown(log: Logger, steps: () => Promise<void>, deadlineMs = 4500): Shutdown {
  const shutdown = trapShutdown(deadlineMs);
  shutdown.use(log, steps);
  return shutdown;
}
