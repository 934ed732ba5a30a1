/**
 * Writing the site into `dist/` so that a half-written file is never served: every file is written
 * under a temporary dot-name in its own directory and renamed into place (rename is atomic on one
 * file system), files whose bytes did not change are left untouched, and removals come last.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** SHA-256 of some bytes, hex. */
export const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** Write `data` to `target` atomically (temporary name, then rename). */
export async function writeAtomic(target: string, data: Buffer | string): Promise<void> {
  const dir = path.dirname(target);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, data);
    await rename(tmp, target);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Write `data` unless `target` already holds exactly these bytes. True when written. */
export async function writeIfChanged(target: string, data: Buffer | string): Promise<boolean> {
  const current = await readFile(target).catch(() => null);
  if (current && sha256(current) === sha256(data)) return false;
  await writeAtomic(target, data);
  return true;
}

/** Every file under `root` as a relative path, skipping the top-level directories in `skip`. */
export async function listFiles(root: string, skip: ReadonlySet<string> = new Set(), dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (dir === '' && skip.has(entry.name)) continue;
      files.push(...(await listFiles(root, skip, rel)));
    } else {
      files.push(rel);
    }
  }
  return files;
}

/** Remove empty directories under `root` (left behind by removed files); never `root` itself. */
export async function pruneEmptyDirs(root: string, skip: ReadonlySet<string> = new Set(), dir = ''): Promise<void> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || (dir === '' && skip.has(entry.name))) continue;
    const rel = path.join(dir, entry.name);
    await pruneEmptyDirs(root, skip, rel);
    const left = await readdir(path.join(root, rel)).catch(() => ['?']);
    if (left.length === 0) await rm(path.join(root, rel), { recursive: true, force: true });
  }
}

/** Run tasks with at most `limit` in flight; results in task order. `onDone` runs after each. */
export async function runLimited<T>(tasks: ReadonlyArray<() => Promise<T>>, limit: number, onDone?: () => void): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < tasks.length; i = next++) {
      const task = tasks[i];
      if (task) results[i] = await task();
      onDone?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
