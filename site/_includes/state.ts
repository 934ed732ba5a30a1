/**
 * What the last build rendered, kept beside the data directory so the next build renders only the
 * `/a` pages whose inputs changed (Eleventy has no persistent incremental build). Each page keeps a
 * stamp of its inputs and the hash of the bytes it published. The whole record is discarded when
 * the key changes (templates, assets, base URL, service name or output directory).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { PoolRow } from '../../core/store/site.ts';
import type { FeedMemory } from './outputs.ts';
import type { PoolView } from './pool-sync.ts';
import { sha256, writeAtomic } from './publish.ts';
import type { OutputGroup } from './reuse.ts';

/** One published `/a` page. */
export interface PageState {
  /** The inputs' stamp (see `pageStamp`). */
  s: string;
  /** SHA-256 of the bytes written. */
  h: string;
}

/** The build record. */
export interface BuildState {
  key: string;
  pages: Record<string, PageState>;
  /** The mood feeds' last selection (see selectFeeds in outputs.ts). */
  feeds?: FeedMemory | null;
  /** The files outside `/a` by group, with their inputs' key (see reuse.ts). */
  outputs?: Record<string, OutputGroup>;
  /** The build's copy of the public pool (see pool-sync.ts). */
  pool?: PoolView | null;
}

const time = z.number().nullable();
/** A pool row as stored: a tuple (10,000 rows as objects would double the record's size). */
const StoredRow = z.tuple([
  z.string(), z.string(), time, time, time, z.boolean(), time, z.string(), z.string(), z.array(z.string()), z.number(), z.number(), time,
]);
type StoredRow = z.infer<typeof StoredRow>;
const StoredPool = z.object({ token: z.string(), checked: z.number(), scanned: z.number(), malformed: z.number(), rows: z.array(StoredRow) });

const ms = (d: Date | null): number | null => (d ? d.getTime() : null);
const day = (n: number | null): Date | null => (n === null ? null : new Date(n));

function storeRow(r: PoolRow): StoredRow {
  const f = r.facets;
  return [r._id, r.source_id, ms(r.updated_at), ms(r.discovered_at), ms(r.summary_at), r.summary_notes, ms(f.published_at), f.topic, f.flavor, f.tags, f.cortisol, f.ragebait, ms(r.changed_at)];
}

function loadRow([id, source, updated, discovered, summaryAt, notes, published, topic, flavor, tags, cortisol, ragebait, changed]: StoredRow): PoolRow {
  return {
    _id: id, source_id: source, updated_at: day(updated), discovered_at: day(discovered), summary_at: day(summaryAt), summary_notes: notes,
    facets: { published_at: day(published), topic, flavor, tags, cortisol, ragebait }, changed_at: day(changed),
  };
}

const StateSchema = z.object({
  key: z.string(),
  pages: z.record(z.string(), z.object({ s: z.string(), h: z.string() })),
  feeds: z.object({ at: z.number(), brief: z.string().nullable(), moods: z.record(z.string(), z.array(z.string())) }).nullable().optional(),
  outputs: z.record(z.string(), z.object({ key: z.string(), files: z.record(z.string(), z.string()) })).optional(),
  pool: StoredPool.nullable().optional(),
});

/** Where the record of builds into `distDir` lives. */
export function statePath(dataDir: string, distDir: string): string {
  return path.join(dataDir, 'build', `site-state-${sha256(path.resolve(distDir)).slice(0, 12)}.json`);
}

/**
 * The record as this process last read or wrote it, with the file's size and mtime then: while the
 * file is unchanged, the next build takes it from memory instead of parsing it again (the worker
 * builds every minute), and a record equal to it is not written again.
 */
const lastSeen = new Map<string, { text: string; state: BuildState; size: number; mtimeMs: number }>();

/** The record for `key`, or an empty one when missing, unreadable or made under another key. */
export async function readState(file: string, key: string): Promise<BuildState> {
  try {
    const info = await stat(file);
    const seen = lastSeen.get(file);
    if (seen && seen.size === info.size && seen.mtimeMs === info.mtimeMs) return seen.state.key === key ? seen.state : { key, pages: {} };
    const text = await readFile(file, 'utf8');
    const parsed = StateSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return { key, pages: {} };
    const { pool, ...rest } = parsed.data;
    const state: BuildState = { ...rest, pool: pool ? { ...pool, rows: new Map(pool.rows.map((r) => [r[0], loadRow(r)])) } : null };
    lastSeen.set(file, { text, state, size: info.size, mtimeMs: info.mtimeMs });
    if (state.key === key) return state;
  } catch {
    // first build, or a damaged record: start afresh (pages are then compared with dist's bytes)
  }
  return { key, pages: {} };
}

/**
 * The JSON of pool rows and page records already written once: a build keeps the objects of what
 * did not change, so writing the record encodes only what changed (10,000 rows and pages otherwise
 * cost ~30 ms of `JSON.stringify` at every build).
 */
const encoded = new WeakMap<object, string>();

function encodeOnce(value: PoolRow | PageState, encode: () => string): string {
  let text = encoded.get(value);
  if (text === undefined) {
    text = encode();
    encoded.set(value, text);
  }
  return text;
}

/** The record as JSON (the shape `StateSchema` reads back). */
function stateText(state: BuildState): string {
  const pages = Object.entries(state.pages).map(([id, page]) => `${JSON.stringify(id)}:${encodeOnce(page, () => JSON.stringify(page))}`);
  const { pool } = state;
  const rows = pool ? [...pool.rows.values()].map((row) => encodeOnce(row, () => JSON.stringify(storeRow(row)))) : [];
  const poolText = pool
    ? `{"token":${JSON.stringify(pool.token)},"checked":${pool.checked},"scanned":${pool.scanned},"malformed":${pool.malformed},"rows":[${rows.join(',')}]}`
    : 'null';
  return `{"key":${JSON.stringify(state.key)},"pages":{${pages.join(',')}},"feeds":${JSON.stringify(state.feeds ?? null)},`
    + `"outputs":${JSON.stringify(state.outputs ?? {})},"pool":${poolText}}`;
}

/** Save the record atomically (untouched when it equals what this process last read or wrote). */
export async function writeState(file: string, state: BuildState): Promise<void> {
  const text = stateText(state);
  if (lastSeen.get(file)?.text === text) return;
  await writeAtomic(file, text);
  const info = await stat(file);
  lastSeen.set(file, { text, state, size: info.size, mtimeMs: info.mtimeMs });
}

/**
 * The stamp of an `/a` page's inputs: the article's change time, its summary's time and whether the
 * notes are there (a summary can be topped up with them later), its source's name, and the names of
 * the other visible outlets that reported it.
 */
export function pageStamp(row: { updated_at: Date | null; summary_at: Date | null; summary_notes: boolean }, sourceName: string, otherOutlets: readonly string[] = []): string {
  return `${row.updated_at?.getTime() ?? 0}|${row.summary_at?.getTime() ?? 0}|${row.summary_notes ? 1 : 0}|${sourceName}|${otherOutlets.join('\u0000')}`;
}
