/** Versioned URLs of the files under `site/assets` (a content hash in the query string). */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The `site/` directory (templates and assets), wherever the process was started. */
export const SITE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site');

/**
 * `{ 'site.css': '/assets/site.css?v=<10 hex>' }` for every file in `site/assets`. The hash follows
 * the bytes, so the CDN may cache `/assets/*` for a year and a changed file still gets a new URL.
 */
export async function assetVersions(dir = path.join(SITE_DIR, 'assets')): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.sort()) {
    const data = await readFile(path.join(dir, name)).catch(() => null);
    if (!data) continue;
    out[name] = `/assets/${encodeURIComponent(name)}?v=${createHash('sha256').update(data).digest('hex').slice(0, 10)}`;
  }
  return out;
}

/** A hash of the source files a page template depends on: a changed template re-renders every page. */
export async function templateKey(files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(file).catch(() => Buffer.alloc(0)));
  return hash.digest('hex');
}
