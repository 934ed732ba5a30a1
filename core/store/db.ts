/**
 * One MongoClient per process. `openDatabase` connects to MONGODB_URI, or starts the embedded server
 * when it is unset, and fails fast with one line naming the database when it cannot be reached.
 */
import { MongoClient, type Db } from 'mongodb';
import type { Config } from '../config.ts';
import { describeError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { redactUrl } from '../log.ts';
import { startEmbeddedServer, type EmbeddedServer } from './embedded.ts';

/** An open database and how to close it (and the embedded server, when we started one). */
export interface Database {
  client: MongoClient;
  db: Db;
  /** True when the data lives only in this process's embedded server. */
  embedded: boolean;
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

/** Open the configured database, or the embedded one when MONGODB_URI is unset. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  let embedded: EmbeddedServer | null = null;
  let uri = config.mongodbUri;
  if (!uri) {
    embedded = await startEmbeddedServer();
    uri = `${embedded.uri}tidings`;
    log.warn('MONGODB_URI is unset: using the embedded database; data is kept in memory only and is lost on exit', {
      pid: embedded.pid,
    });
  }
  try {
    const { client, db } = await connect(uri);
    return {
      client,
      db,
      embedded: embedded !== null,
      async close() {
        await client.close().catch(() => undefined);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
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
