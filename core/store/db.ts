/**
 * One MongoClient per process. `openDatabase` connects to MONGODB_URI, or, when it is unset, opens
 * the embedded database of the data directory (attaching to the server of a running `npm start`, or
 * starting one with the saved data: core/store/embedded-data.ts), and fails fast with one line
 * naming the database when it cannot be reached.
 */
import { MongoClient, type Db } from 'mongodb';
import type { Config } from '../platform/config.ts';
import { describeError } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import { redactUrl } from '../platform/log.ts';
import { openEmbedded, type EmbeddedDatabase } from './embedded-data.ts';

/** An open database and how to close it (and the embedded server, when we started one). */
export interface Database {
  client: MongoClient;
  db: Db;
  /** True in embedded mode (no MONGODB_URI). */
  embedded: boolean;
  /** Embedded mode: whether this process owns the server (and saves it) or attached to another's. */
  embeddedRole: EmbeddedDatabase['role'] | null;
  close(): Promise<void>;
}

/** Thrown when the database cannot be reached at start; its message is the one line to print. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Client options shared by every process: fail fast, small pool, short server selection. */
export const CLIENT_OPTIONS = {
  serverSelectionTimeoutMS: 5000,
  connectTimeoutMS: 5000,
  maxPoolSize: 20,
} as const;

/** Connect to `uri` (the database name comes from the URI, else `fallbackName`). */
export async function connect(uri: string, fallbackName = 'tidings'): Promise<{ client: MongoClient; db: Db }> {
  const client = new MongoClient(uri, CLIENT_OPTIONS);
  try {
    await client.connect();
    const db = client.db(dbNameFromUri(uri) ?? fallbackName);
    await db.command({ ping: 1 });
    return { client, db };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new DatabaseUnreachableError(
      `Cannot reach the database at ${redactUrl(uri)} (MONGODB_URI): ${describeError(error)}`,
    );
  }
}

/** The database name in a mongodb:// URI's path, or null. */
export function dbNameFromUri(uri: string): string | null {
  const match = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(uri);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** Open the configured database, or the embedded one of the data directory when MONGODB_URI is unset. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  if (!config.mongodbUri) {
    const embedded = await openEmbedded({ dataDir: config.dataDir, saveSeconds: config.embeddedSaveSeconds, log });
    if (embedded.role.kind === 'owner') {
      log.warn(`MONGODB_URI is unset: using the embedded database, saved in ${config.dataDir} every ${config.embeddedSaveSeconds} s and at shutdown`, {
        pid: embedded.role.serverPid,
        restored: embedded.role.restored,
      });
    }
    return { client: embedded.client, db: embedded.db, embedded: true, embeddedRole: embedded.role, close: () => embedded.close() };
  }
  const { client, db } = await connect(config.mongodbUri);
  return {
    client,
    db,
    embedded: false,
    embeddedRole: null,
    async close() {
      await client.close().catch(() => undefined);
    },
  };
}

/**
 * For the one-shot commands (seed, job, sources): which embedded database they work on, as one
 * line, or null with MONGODB_URI.
 */
export function embeddedNote(database: Pick<Database, 'embeddedRole'>, dataDir: string): string | null {
  const role = database.embeddedRole;
  if (!role) return null;
  if (role.kind === 'attached') return `Using the embedded database of the running Tidings process ${role.ownerPid} (${dataDir}).`;
  return `No Tidings process is running on ${dataDir}: using its saved embedded database (${role.restored} documents), saved again when this finishes.`;
}

/** Ping with a deadline: true when the database answered within `timeoutMs`. Never writes. */
export async function pingDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      db.command({ ping: 1 }, { timeoutMS: timeoutMs }).then(() => true, () => false),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
