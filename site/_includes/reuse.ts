/**
 * Reusing the outputs of the last build when their inputs did not change. Files outside `/a` come in
 * groups (the Eleventy pages and assets, the reader bundle, the brief JSON and feeds, the rest); the
 * build record keeps, per group, a key of its inputs and the hash of every file it published. A
 * group whose key is unchanged and whose files are all still in `dist` is neither rendered nor
 * written again, and a re-rendered file whose hash matches the record is not read back from `dist`.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SITE_DIR } from './assets.ts';
import { sha256 } from './publish.ts';

/** One group of published files: its inputs' key and each file's SHA-256. */
export interface OutputGroup {
  key: string;
  files: Record<string, string>;
}

/** The repository root (where `app/`, `core/` and `package-lock.json` live). */
const ROOT = path.dirname(SITE_DIR);

/** What Eleventy reads: the templates, their helpers, the assets and the demo pictures it copies. */
export const ELEVENTY_INPUTS = [SITE_DIR, path.join(ROOT, 'core/domain'), path.join(ROOT, 'core/demo/images')];

/** What the reader bundle is made from: its sources, the domain rules it imports, the locked packages. */
export const APP_INPUTS = [path.join(ROOT, 'app'), path.join(ROOT, 'core/domain'), path.join(ROOT, 'package-lock.json')];

async function hashInto(hash: ReturnType<typeof createHash>, target: string): Promise<void> {
  const entries = await readdir(target, { withFileTypes: true }).catch(() => null);
  if (!entries) {
    // A file (or nothing): its name and bytes.
    hash.update(target).update(await readFile(target).catch(() => Buffer.alloc(0)));
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    await hashInto(hash, path.join(target, entry.name));
  }
}

/** A hash of the names and bytes of every file under `paths` (files or directories, recursively). */
export async function inputsHash(paths: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const p of paths) await hashInto(hash, p);
  return hash.digest('hex');
}

/** The last build's group when it was published under `key` and all its files are still in `dist`. */
export function reusable(previous: OutputGroup | undefined, key: string, distFiles: ReadonlySet<string>): OutputGroup | null {
  return previous !== undefined && previous.key === key && Object.keys(previous.files).every((rel) => distFiles.has(rel)) ? previous : null;
}

/** The record of a group rendered this build. */
export function groupRecord(key: string, files: Iterable<readonly [string, Buffer | string]>): OutputGroup {
  const out: Record<string, string> = {};
  for (const [rel, data] of files) out[rel] = sha256(data);
  return { key, files: out };
}
