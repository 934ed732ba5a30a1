/**
 * One static build: read what the pages need from the database, run Eleventy into a fresh staging
 * directory, then publish it into `dist/`. Publishing writes each changed file to a temporary name
 * and renames it into place (a reader never sees a half-written file), leaves unchanged files
 * untouched (so a rebuild rewrites only what changed), and removes files that no longer exist.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Eleventy from '@11ty/eleventy';
import type { Db } from 'mongodb';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/log.ts';
import { eleventyConfig, type BuildData } from './eleventy.config.ts';

/** What a build needs. */
export interface BuildInput {
  db: Db;
  config: Config;
  log: Logger;
  now: Date;
}

/** What a build did. */
export interface BuildResult {
  pages: number;
  written: number;
  removed: number;
  ms: number;
}

let running: Promise<unknown> = Promise.resolve();

/** Load the global data the templates render from. */
async function loadBuildData(input: BuildInput): Promise<BuildData> {
  return {
    site: {
      serviceName: input.config.serviceName,
      baseUrl: input.config.publicBaseUrl,
      builtAt: input.now.toISOString(),
    },
  };
}

async function listFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(root, rel)));
    else files.push(rel);
  }
  return files;
}

const hash = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Publish `staging` into `dist`, touching only files whose bytes changed. */
export async function publish(staging: string, dist: string): Promise<{ written: number; removed: number; files: number }> {
  const fresh = await listFiles(staging);
  const freshSet = new Set(fresh);
  let written = 0;
  for (const rel of fresh) {
    const data = await readFile(path.join(staging, rel));
    const target = path.join(dist, rel);
    const current = await readFile(target).catch(() => null);
    if (current && hash(current) === hash(data)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp-${process.pid}`;
    await writeFile(tmp, data);
    await rename(tmp, target);
    written += 1;
  }
  let removed = 0;
  for (const rel of await listFiles(dist)) {
    if (!freshSet.has(rel)) {
      await rm(path.join(dist, rel), { force: true });
      removed += 1;
    }
  }
  return { written, removed, files: fresh.length };
}

/** Build the site into `config.distDir`. Builds in one process run one at a time. */
export function buildSite(input: BuildInput): Promise<BuildResult> {
  const next = running.then(() => buildOnce(input));
  running = next.catch(() => undefined);
  return next;
}

async function buildOnce(input: BuildInput): Promise<BuildResult> {
  const started = performance.now();
  const data = await loadBuildData(input);
  const stagingRoot = path.join(input.config.dataDir, 'build');
  const staging = path.join(stagingRoot, `staging-${process.pid}-${Date.now()}`);
  await mkdir(staging, { recursive: true });
  try {
    const eleventy = new Eleventy('site', staging, { quietMode: true, config: eleventyConfig(data) });
    await eleventy.write();
    const result = await publish(staging, input.config.distDir);
    const ms = Math.round(performance.now() - started);
    input.log.info('site built', { pages: result.files, written: result.written, removed: result.removed, ms });
    return { pages: result.files, written: result.written, removed: result.removed, ms };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
