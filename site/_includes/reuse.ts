/**
 * Reusing the outputs of the last build when their inputs did not change. Files outside `/a` come in
 * groups (the Eleventy pages and assets, the reader bundle, the brief JSON and feeds, the rest); the
 * build record keeps, per group, a key of its inputs and the hash of every file it published. A
 * group whose key is unchanged and whose files are all still in `dist` is neither rendered nor
 * written again, and a re-rendered file whose hash matches the record is not read back from `dist`.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SITE_DIR } from '../../core/pages/assets.ts';
import { sha256 } from './publish.ts';

/** One group of published files: its inputs' key and each file's SHA-256. */
export interface OutputGroup {
  key: string;
  files: Record<string, string>;
}

/** The repository root (where `app/`, `core/` and `package-lock.json` live). */
const ROOT = path.dirname(SITE_DIR);

/**
 * What Eleventy reads: the templates, their helpers, the assets and the demo pictures it copies, and
 * the app's components with the renderer that draws them into the shell of `/` (app/shell.tsx).
 */
export const ELEVENTY_INPUTS = [SITE_DIR, path.join(ROOT, 'core/domain'), path.join(ROOT, 'core/demo/images'), path.join(ROOT, 'app'), path.join(ROOT, 'core/pages/vnode-html.ts')];

/** What the reader bundle is made from: its sources, the domain rules it imports, the locked packages. */
export const APP_INPUTS = [path.join(ROOT, 'app'), path.join(ROOT, 'core/domain'), path.join(ROOT, 'package-lock.json')];

/**
 * Each file's hash with the size and change time it was read at. A file is hashed in full the first
 * time a process sees it and again whenever its size or mtime moves, so a long-running worker (or
 * the second build of a process) stats the inputs instead of reading them all at every build.
 */
const fileHashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();

async function fileHash(file: string): Promise<string> {
  const info = await stat(file).catch(() => null);
  if (!info) return '';
  const known = fileHashes.get(file);
  if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) return known.hash;
  const data = await readFile(file).catch(() => null);
  if (!data) return '';
  const hash = createHash('sha256').update(data).digest('hex');
  fileHashes.set(file, { size: info.size, mtimeMs: info.mtimeMs, hash });
  return hash;
}

/** Every file under `target` (itself when a file), sorted, skipping dot-names and node_modules. */
async function filesUnder(target: string): Promise<string[]> {
  const entries = await readdir(target, { withFileTypes: true }).catch(() => null);
  if (!entries) return [target];
  const names = entries.filter((e) => e.name !== 'node_modules' && !e.name.startsWith('.')).map((e) => e.name).sort();
  const nested = await Promise.all(names.map((name) => filesUnder(path.join(target, name))));
  return nested.flat();
}

/** A hash of the names and bytes of every file under `paths` (files or directories, recursively). */
export async function inputsHash(paths: readonly string[]): Promise<string> {
  const files = (await Promise.all(paths.map(filesUnder))).flat();
  const hashes = await Promise.all(files.map(fileHash));
  const hash = createHash('sha256');
  files.forEach((file, i) => hash.update(file).update('\0').update(hashes[i] ?? '').update('\0'));
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
