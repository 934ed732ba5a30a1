/**
 * Saving and restoring the embedded database (docs/embedded.md): one file per collection in
 * `<dataDir>/embedded-db/`, each document on its own line as canonical Extended JSON (the driver's
 * EJSON, `relaxed: false`), so dates, 64-bit integers, decimals, binary and ObjectIds come back as
 * the same BSON types.
 *
 * A file is `{"format","version","collection","saved_at"}`, the documents, then `{"end":true,
 * "count":N}`. It is written to a temporary name, flushed to disk and renamed over the old one, so
 * a crash while saving leaves the previous file whole. Restoring reads and checks every file before
 * the first insert: a damaged snapshot stops the start with one line naming the file and the line,
 * and nothing is loaded or overwritten.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { BSON, type Db, type Document } from 'mongodb';
import { isRecord } from '../domain/guards.ts';
import { errorText } from '../platform/errors.ts';

const FORMAT = 'tidings-embedded-snapshot';
const VERSION = 1;
/** Bytes gathered before each write to the file. */
const CHUNK = 256 * 1024;
/** Documents per insert when restoring. */
const BATCH = 500;

/** The snapshot directory inside the data directory. */
export function snapshotDir(dataDir: string): string {
  return path.join(dataDir, 'embedded-db');
}

/** A snapshot that cannot be read; the message is one line naming the file (and line). */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SnapshotError';
  }
}

const fileOf = (dir: string, collection: string) => path.join(dir, `${collection}.ejson`);

/** Save one collection; returns how many documents were written. */
export async function saveCollection(db: Db, dir: string, collection: string, now: Date): Promise<number> {
  await mkdir(dir, { recursive: true });
  const target = fileOf(dir, collection);
  const temporary = `${target}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  let count = 0;
  try {
    let buffer = `${JSON.stringify({ format: FORMAT, version: VERSION, collection, saved_at: now.toISOString() })}\n`;
    for await (const doc of db.collection(collection).find({})) {
      // U+2028 / U+2029 are legal raw in JSON strings but end a line for readline: written escaped.
      buffer += `${BSON.EJSON.stringify(doc, { relaxed: false }).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')}\n`;
      count += 1;
      if (buffer.length >= CHUNK) {
        await handle.write(buffer);
        buffer = '';
      }
    }
    buffer += `${JSON.stringify({ end: true, count })}\n`;
    await handle.write(buffer);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, target);
  return count;
}

/** Save these collections, one after the other. */
export async function saveSnapshot(db: Db, dir: string, collections: Iterable<string>, now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const collection of collections) counts[collection] = await saveCollection(db, dir, collection, now);
  return counts;
}


/** Read and check one collection's file. */
async function readCollection(file: string, collection: string): Promise<Document[]> {
  const shown = path.basename(file);
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  const docs: Document[] = [];
  let lineNo = 0;
  let ended: number | null = null;
  for await (const line of lines) {
    lineNo += 1;
    if (ended !== null) {
      if (line.trim() === '') continue;
      throw new SnapshotError(`${shown} line ${lineNo}: text after the end line`);
    }
    let value: unknown;
    try {
      value = lineNo === 1 ? JSON.parse(line) : BSON.EJSON.parse(line, { relaxed: false });
    } catch (error) {
      throw new SnapshotError(`${shown} line ${lineNo}: not Extended JSON (${errorText(error)})`);
    }
    if (lineNo === 1) {
      if (!isRecord(value) || value.format !== FORMAT) throw new SnapshotError(`${shown} line 1: not a Tidings snapshot file`);
      if (value.version !== VERSION) throw new SnapshotError(`${shown} line 1: snapshot version ${String(value.version)}, this Tidings reads ${VERSION}`);
      if (value.collection !== collection) throw new SnapshotError(`${shown} line 1: holds "${String(value.collection)}", not "${collection}"`);
      continue;
    }
    if (isRecord(value) && value.end === true && Object.keys(value).length === 2) {
      // Parsed as canonical EJSON, the count is an Int32: compare its number.
      if (Number(value.count) !== docs.length) throw new SnapshotError(`${shown} line ${lineNo}: the end line counts ${String(value.count)} documents, the file holds ${docs.length}`);
      ended = docs.length;
      continue;
    }
    if (!isRecord(value) || !('_id' in value)) throw new SnapshotError(`${shown} line ${lineNo}: not a document with an _id`);
    docs.push(value);
  }
  if (lineNo === 0) throw new SnapshotError(`${shown}: empty file`);
  if (ended === null) throw new SnapshotError(`${shown}: no end line (the file is cut short)`);
  return docs;
}

/**
 * Read every saved collection among `collections` (a missing file is an empty collection) and
 * check it; throws SnapshotError before anything is returned when one file is damaged. Leftover
 * temporary files of an interrupted save are removed.
 */
export async function readSnapshot(dir: string, collections: readonly string[]): Promise<Map<string, Document[]>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return new Map();
  }
  for (const name of names) if (name.endsWith('.tmp')) await rm(path.join(dir, name), { force: true });
  const present = new Set(names);
  const result = new Map<string, Document[]>();
  for (const collection of collections) {
    if (!present.has(`${collection}.ejson`)) continue;
    result.set(collection, await readCollection(fileOf(dir, collection), collection));
  }
  return result;
}

/** Insert a snapshot read by `readSnapshot` into an empty database; returns how many documents went in. */
export async function insertSnapshot(db: Db, snapshot: ReadonlyMap<string, Document[]>): Promise<number> {
  let total = 0;
  for (const [collection, docs] of snapshot) {
    for (let i = 0; i < docs.length; i += BATCH) {
      await db.collection(collection).insertMany(docs.slice(i, i + BATCH), { ordered: true });
    }
    total += docs.length;
  }
  return total;
}
