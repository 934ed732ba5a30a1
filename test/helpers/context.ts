/**
 * The test context: a fresh database on the run's embedded server (one per test file), the
 * config a test needs, a memory logger, and an app instance built with `createApp`. Close it in
 * `test.after` so the file's process can exit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { createApp } from '../../api/app.ts';
import type { AppDeps } from '../../api/deps.ts';
import { loadConfig, type Config } from '../../core/platform/config.ts';
import { createMemoryLogger } from '../../core/platform/log.ts';
import { createMailer, type Mailer } from '../../core/platform/mail.ts';
import { createModelClient, type ModelClient } from '../../core/platform/model.ts';
import { randomId } from '../../core/domain/ids.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../../core/store/embedded.ts';
import { ensureSchema } from '../../core/store/schema.ts';

/** Everything a test file works with. */
export interface TestContext {
  db: Db;
  client: MongoClient;
  config: Config;
  log: ReturnType<typeof createMemoryLogger>;
  mailer: Mailer;
  /**
   * Resolves when every mail the app has started to send (through `mailer`) has been handed over
   * or has failed, with how many were started in all: the positive signal that no mail is still on
   * its way, for tests that prove a mail was not sent.
   */
  mailSettled(): Promise<number>;
  model: ModelClient;
  /** A directory removed on close (data dir; `dist` lives inside it). */
  tmpDir: string;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Make a JSON / text request against the app without a server. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

let ownServer: EmbeddedServer | null = null;
/** Open contexts on `ownServer`: the last one to close stops it (a file may hold several at once). */
let ownUsers = 0;

/** The embedded server's base URI: the runner's, or one started for this file when run alone. */
async function serverUri(): Promise<string> {
  const fromRunner = process.env.TEST_MONGODB_URI;
  if (fromRunner) return fromRunner.endsWith('/') ? fromRunner : `${fromRunner}/`;
  ownServer ??= await startEmbeddedServer();
  ownUsers += 1;
  return ownServer.uri;
}

/** The real mailer, counting the sends it starts so a test can wait until none is in flight. */
function trackSends(real: Mailer): { mailer: Mailer; mailSettled: () => Promise<number> } {
  const inFlight = new Set<Promise<void>>();
  let started = 0;
  const mailer: Mailer = {
    send(message) {
      started += 1;
      const sending = real.send(message);
      const settled = sending.then(() => undefined, () => undefined);
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return sending;
    },
    close: () => real.close(),
  };
  const mailSettled = async (): Promise<number> => {
    while (inFlight.size > 0) await Promise.all(inFlight);
    return started;
  };
  return { mailer, mailSettled };
}

/**
 * Create a context. `env` overrides the environment the config is parsed from (never the real
 * process environment). `schema: false` skips index creation.
 */
export async function createTestContext(
  options: { env?: Record<string, string>; schema?: boolean; now?: () => Date } = {},
): Promise<TestContext> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'tidings-test-'));
  const uri = await serverUri();
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  const db = client.db(`t_${randomId()}`);
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      FETCH_ALLOW_PRIVATE: 'true',
      TIDINGS_DATA_DIR: path.join(tmpDir, 'data'),
      TIDINGS_DIST_DIR: path.join(tmpDir, 'dist'),
      ...options.env,
    },
    tmpDir,
  );
  const log = createMemoryLogger();
  if (options.schema !== false) await ensureSchema(db, log);
  const { mailer, mailSettled } = trackSends(createMailer(config, log));
  const model = createModelClient(config, log);
  const deps: AppDeps = { db, config, log, mailer, model, now: options.now ?? (() => new Date()) };
  const app = createApp(deps);
  return {
    db,
    client,
    config,
    log,
    mailer,
    mailSettled,
    model,
    tmpDir,
    deps,
    app,
    request: (pathname, init) => Promise.resolve(app.request(pathname, init)),
    async close() {
      mailer.close();
      await client.close();
      rmSync(tmpDir, { recursive: true, force: true });
      if (ownServer && --ownUsers === 0) {
        await ownServer.stop();
        ownServer = null;
      }
    },
  };
}
