/**
 * The embedded default that keeps its data (docs/embedded.md). Without MONGODB_URI, the first
 * Tidings process on a data directory owns the embedded server: it starts it, restores the saved
 * collections into it, and publishes its address in `<dataDir>/embedded.json`; every other process
 * on the same data directory (`npm run seed`, `npm run job`, `npm run sources`, …) attaches to that
 * server instead of starting an empty one.
 *
 * The owner saves the collections that changed every `embeddedSaveSeconds` (30 by default), and
 * every collection at shutdown (the changed ones first). It knows what changed from the driver's
 * command events (its own writes) and from write marks that attached processes leave in
 * `embedded_writes` (theirs). A crash of the owner (kill -9, power loss) loses the writes of at most
 * the last interval; each collection file is replaced atomically, so a crash never leaves a
 * half-written file.
 *
 * The address file says who owns the server and in which state: `starting` (restoring), `ready`
 * (with the address) or `closing` (saving). Others wait while it is starting or closing, attach
 * when it is ready, and take over when the owner's process is gone (a crash leaves the file).
 */
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, type CommandStartedEvent, type Db } from 'mongodb';
import { errorText } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import { PERSISTED_COLLECTIONS } from './collections.ts';
import { startEmbeddedServer, type EmbeddedServer } from './embedded.ts';
import { insertSnapshot, readSnapshot, saveSnapshot, snapshotDir, SnapshotError } from './snapshot.ts';

/** The database name inside the embedded server. */
export const EMBEDDED_DB_NAME = 'tidings';
/** How long a process waits for an owner that is starting or closing. */
const WAIT_MS = 30_000;
const POLL_MS = 100;
/** Write commands whose collection is marked changed. */
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);
const PERSISTED: ReadonlySet<string> = new Set(PERSISTED_COLLECTIONS);
const MARKS = 'embedded_writes';

/** What `<dataDir>/embedded.json` holds. */
interface Address {
  pid: number;
  state: 'starting' | 'ready' | 'closing';
  uri: string | null;
}

/** The embedded database as a process holds it. */
export interface EmbeddedDatabase {
  client: MongoClient;
  db: Db;
  /** `owner`: this process started the server (restored `restored` documents); `attached`: to the server of `ownerPid`. */
  role: { kind: 'owner'; restored: number; serverPid: number } | { kind: 'attached'; ownerPid: number };
  /** Owner: save what changed, stop the server, release the address. Attached: leave the write marks, disconnect. */
  close(): Promise<void>;
}

/** A saved-data problem that stops the start; its message is the one line to print. */
export class EmbeddedDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDataError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readAddress(file: string): Address | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (typeof v.pid !== 'number' || !['starting', 'ready', 'closing'].includes(String(v.state))) return null;
    return { pid: v.pid, state: v.state as Address['state'], uri: typeof v.uri === 'string' ? v.uri : null };
  } catch {
    return null;
  }
}

/** Replace the address file's content atomically (only its owner calls this). */
function writeAddress(file: string, address: Address): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(address));
  renameSync(temporary, file);
}

/** Claim the address file: true when this process now owns it. */
function claim(file: string): boolean {
  try {
    writeFileSync(file, JSON.stringify({ pid: process.pid, state: 'starting', uri: null } satisfies Address), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Remove the address file when it is still this one (a stale owner's, or ours). */
function release(file: string, pid: number): void {
  const current = readAddress(file);
  if (current && current.pid !== pid) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collection names a write command touches, from the driver's command event. */
function writtenCollection(event: CommandStartedEvent): string | null {
  if (!WRITES.has(event.commandName)) return null;
  const name: unknown = event.command[event.commandName];
  return typeof name === 'string' && PERSISTED.has(name) ? name : null;
}

/** Open the embedded database for this data directory: attach to its running owner, or become it. */
export async function openEmbedded(options: { dataDir: string; saveSeconds: number; log: Logger; timeoutMs?: number }): Promise<EmbeddedDatabase> {
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'embedded.json');
  const deadline = Date.now() + (options.timeoutMs ?? WAIT_MS);
  for (;;) {
    if (claim(file)) return becomeOwner(file, options);
    const address = readAddress(file);
    if (address === null) {
      // Being written right now, or unreadable: give it a moment, then treat it as stale.
      if (Date.now() > deadline) release(file, -1);
      await sleep(POLL_MS);
      continue;
    }
    if (address.pid === process.pid || !isAlive(address.pid)) {
      options.log.info('the embedded database of a process that is gone is taken over', { pid: address.pid });
      release(file, address.pid);
      continue;
    }
    if (address.state === 'ready' && address.uri) return attach(address.uri, address.pid, options.log);
    if (Date.now() > deadline) {
      throw new EmbeddedDataError(`process ${address.pid} holds the embedded database in ${options.dataDir} and did not finish ${address.state === 'starting' ? 'starting' : 'closing'} within ${Math.round((options.timeoutMs ?? WAIT_MS) / 1000)} s`);
    }
    await sleep(POLL_MS);
  }
}

async function attach(uri: string, ownerPid: number, log: Logger): Promise<EmbeddedDatabase> {
  const client = new MongoClient(`${uri}${EMBEDDED_DB_NAME}`, { serverSelectionTimeoutMS: 5000, connectTimeoutMS: 5000, maxPoolSize: 20, monitorCommands: true });
  try {
    await client.connect();
    await client.db(EMBEDDED_DB_NAME).command({ ping: 1 });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new EmbeddedDataError(`the embedded database of process ${ownerPid} (${uri}) does not answer: ${errorText(error)}`);
  }
  const db = client.db(EMBEDDED_DB_NAME);
  // Our writes are the owner's to save: leave a mark per collection, a moment after the writes and at close.
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    timer = null;
    if (pending.size === 0) return;
    const inc = Object.fromEntries([...pending].map((name) => [name, 1]));
    pending.clear();
    await db.collection<{ _id: string }>(MARKS).updateOne({ _id: 'marks' }, { $inc: inc }, { upsert: true }).catch((error: unknown) =>
      log.warn('could not mark writes for the embedded database owner', { error: String(error) }),
    );
  };
  client.on('commandStarted', (event) => {
    const name = writtenCollection(event);
    if (!name) return;
    pending.add(name);
    timer ??= setTimeout(() => void flush(), 250);
  });
  log.info('attached to the embedded database of a running process', { owner: ownerPid });
  return {
    client,
    db,
    role: { kind: 'attached', ownerPid },
    async close() {
      if (timer) clearTimeout(timer);
      await flush();
      await client.close().catch(() => undefined);
    },
  };
}

async function becomeOwner(file: string, options: { dataDir: string; saveSeconds: number; log: Logger }): Promise<EmbeddedDatabase> {
  const { log } = options;
  const dir = snapshotDir(options.dataDir);
  let server: EmbeddedServer | null = null;
  let client: MongoClient | null = null;
  let restored = 0;
  const dirty = new Set<string>();
  try {
    // Check the saved data before starting anything: a damaged snapshot stops here, untouched.
    const snapshot = await readSnapshot(dir, PERSISTED_COLLECTIONS);
    server = await startEmbeddedServer();
    client = new MongoClient(`${server.uri}${EMBEDDED_DB_NAME}`, { serverSelectionTimeoutMS: 5000, connectTimeoutMS: 5000, maxPoolSize: 20, monitorCommands: true });
    await client.connect();
    const db = client.db(EMBEDDED_DB_NAME);
    restored = await insertSnapshot(db, snapshot);
    client.on('commandStarted', (event) => {
      const name = writtenCollection(event);
      if (name) dirty.add(name);
    });
    writeAddress(file, { pid: process.pid, state: 'ready', uri: server.uri });
  } catch (error) {
    await client?.close().catch(() => undefined);
    await server?.stop();
    release(file, process.pid);
    if (error instanceof SnapshotError) {
      throw new EmbeddedDataError(`the saved embedded database in ${dir} cannot be read: ${error.message}. Nothing was loaded or changed; move the directory away to start empty.`);
    }
    throw error;
  }
  const db = client.db(EMBEDDED_DB_NAME);
  const ownServer = server;
  const ownClient = client;

  // Attached processes' writes, by collection: a counter each, compared with the last one seen.
  const seenMarks = new Map<string, number>();
  const collectMarks = async () => {
    const marks = await db.collection<Record<string, unknown> & { _id: string }>(MARKS).findOne({ _id: 'marks' });
    for (const [name, value] of Object.entries(marks ?? {})) {
      if (typeof value !== 'number' || !PERSISTED.has(name)) continue;
      if (seenMarks.get(name) !== value) dirty.add(name);
      seenMarks.set(name, value);
    }
  };
  let saving: Promise<void> | null = null;
  /** Save the collections marked changed; `everything`: then every other collection too (at shutdown). */
  const saveChanged = async (everything = false): Promise<void> => {
    await collectMarks();
    const names = [...dirty];
    if (everything) for (const name of PERSISTED_COLLECTIONS) if (!dirty.has(name)) names.push(name);
    if (names.length === 0) return;
    dirty.clear();
    const started = Date.now();
    try {
      const counts = await saveSnapshot(db, dir, names, new Date());
      log.debug('embedded database saved', { ms: Date.now() - started, ...counts });
    } catch (error) {
      for (const name of names) dirty.add(name);
      throw error;
    }
  };
  const tick = () => {
    if (saving) return;
    saving = saveChanged()
      .catch((error: unknown) => log.error('saving the embedded database failed; will retry', { error: String(error) }))
      .finally(() => {
        saving = null;
      });
  };
  const interval = setInterval(tick, options.saveSeconds * 1000);
  interval.unref();
  let closed: Promise<void> | null = null;
  return {
    client: ownClient,
    db,
    role: { kind: 'owner', restored, serverPid: ownServer.pid },
    close() {
      closed ??= (async () => {
        clearInterval(interval);
        writeAddress(file, { pid: process.pid, state: 'closing', uri: null });
        try {
          await saving;
          // Everything, changed collections first: also what a client other than Tidings wrote.
          await saveChanged(true);
        } catch (error) {
          log.error('saving the embedded database at shutdown failed', { error: String(error) });
        } finally {
          await ownClient.close().catch(() => undefined);
          await ownServer.stop();
          release(file, process.pid);
        }
      })();
      return closed;
    },
  };
}
