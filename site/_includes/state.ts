/**
 * What the last build rendered, kept beside the data directory so the next build renders only the
 * `/a` pages whose inputs changed (Eleventy has no persistent incremental build). Each page keeps a
 * stamp of its inputs and the hash of the bytes it published. The whole record is discarded when
 * the key changes (templates, assets, base URL, service name or output directory).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { FeedMemory } from './outputs.ts';
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
}

const StateSchema = z.object({
  key: z.string(),
  pages: z.record(z.string(), z.object({ s: z.string(), h: z.string() })),
  feeds: z.object({ at: z.number(), brief: z.string().nullable(), moods: z.record(z.string(), z.array(z.string())) }).nullable().optional(),
  outputs: z.record(z.string(), z.object({ key: z.string(), files: z.record(z.string(), z.string()) })).optional(),
});

/** Where the record of builds into `distDir` lives. */
export function statePath(dataDir: string, distDir: string): string {
  return path.join(dataDir, 'build', `site-state-${sha256(path.resolve(distDir)).slice(0, 12)}.json`);
}

/** The record for `key`, or an empty one when missing, unreadable or made under another key. */
export async function readState(file: string, key: string): Promise<BuildState> {
  try {
    const text = await readFile(file, 'utf8');
    lastText.set(file, text);
    const parsed = StateSchema.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.key === key) return parsed.data;
  } catch {
    // first build, or a damaged record: start afresh (pages are then compared with dist's bytes)
  }
  return { key, pages: {} };
}

/** The record's text as this process last read or wrote it (saves reading it back to compare). */
const lastText = new Map<string, string>();

/** Save the record atomically (untouched when it equals what `readState` read). */
export async function writeState(file: string, state: BuildState): Promise<void> {
  const text = JSON.stringify(state);
  if (lastText.get(file) === text) return;
  await writeAtomic(file, text);
  lastText.set(file, text);
}

/**
 * The stamp of an `/a` page's inputs: the article's change time, its summary's time and whether the
 * notes are there (a summary can be topped up with them later), and its source's name.
 */
export function pageStamp(row: { updated_at: Date | null; summary_at: Date | null; summary_notes: boolean }, sourceName: string): string {
  return `${row.updated_at?.getTime() ?? 0}|${row.summary_at?.getTime() ?? 0}|${row.summary_notes ? 1 : 0}|${sourceName}`;
}
