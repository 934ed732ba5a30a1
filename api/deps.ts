/** What the API needs from the outside world, injected into `createApp` (tests pass their own). */
import type { Db } from 'mongodb';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/log.ts';
import type { Mailer } from '../core/mail.ts';
import type { ModelClient } from '../core/model.ts';

/** Dependencies of the HTTP app. */
export interface AppDeps {
  db: Db;
  config: Config;
  log: Logger;
  mailer: Mailer;
  model: ModelClient;
  /** The clock; tests pin it. */
  now: () => Date;
}

/** Hono environment type shared by every sub-app. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
  };
}
