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
import { DatabaseUnreachableError, openDatabase, type Database } from './store/db.ts';

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
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) {
    process.stderr.write(`Tidings cannot start: ${error.message}\n`);
  } else {
    process.stderr.write(`Tidings cannot start: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  }
  process.exit(1);
}

/**
 * Run `steps` once on the first SIGINT/SIGTERM, then exit 0; a second signal, or 5 s passing,
 * forces exit (the embedded server is killed by its own exit hook either way).
 */
export function onShutdown(log: Logger, steps: () => Promise<void>, deadlineMs = 4500): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => {
      log.warn('shutdown deadline reached; exiting');
      process.exit(0);
    }, deadlineMs);
    force.unref();
    steps()
      .catch((error: unknown) => log.error('error during shutdown', { error: String(error) }))
      .finally(() => {
        clearTimeout(force);
        process.exit(0);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
