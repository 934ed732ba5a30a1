/**
 * SIGTERM during a site build (`npm run build`) never leaves a half-written page in `dist/`:
 * every file is written under a temporary dot-name and renamed into place, so a reader sees the old
 * page or the new one, and the next build completes the site.
 */
import { spawn } from 'node:child_process';
import { readdirSync, watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { buildSite } from '../../site/build.ts';
import { createTestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function servedFiles(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue; // temporary names: never linked, never a page
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...(await servedFiles(dir, child)));
    else out.push(child);
  }
  return out;
}

/** Names of served files that are not complete documents. */
async function incomplete(dist: string): Promise<string[]> {
  const bad: string[] = [];
  for (const rel of await servedFiles(dist)) {
    const text = await readFile(path.join(dist, rel), 'utf8');
    if (rel.endsWith('.html') && !/<\/html>\s*$/.test(text)) bad.push(rel);
    if (rel.endsWith('.json')) {
      try {
        JSON.parse(text);
      } catch {
        bad.push(rel);
      }
    }
    if (rel.endsWith('.xml') && !/>\s*$/.test(text)) bad.push(rel);
  }
  return bad;
}

test('SIGTERM in the middle of publishing leaves only complete files; the next build completes the site', async () => {
  const ctx = await createTestContext();
  try {
    const source = makeSource({ name: 'Lantern Weekly' });
    const first = Array.from({ length: 200 }, (_, i) => makeArticle({ source_id: source._id, url: `https://lantern.example/a/${i}` }));
    await insertFixtures(ctx.db, { sources: [source], articles: first });
    await bumpPoolVersion(ctx.db);
    await buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now: new Date() });
    const dist = ctx.config.distDir;
    const before = (await readdir(path.join(dist, 'a'))).length;
    assert.is(before, 200);

    const more = Array.from({ length: 1200 }, (_, i) => makeArticle({ source_id: source._id, url: `https://lantern.example/b/${i}` }));
    await insertFixtures(ctx.db, { articles: more });
    await bumpPoolVersion(ctx.db);

    const host = ctx.client.options.hosts[0]?.toString() ?? '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        MONGODB_URI: `mongodb://${host}/${ctx.db.databaseName}`,
        SESSION_SECRET: 'x'.repeat(40),
        TIDINGS_DATA_DIR: ctx.config.dataDir,
        TIDINGS_DIST_DIR: dist,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
    // Signal as soon as the new pages start landing, i.e. in the middle of publishing: the directory's
    // own change events say when, and each is checked against the count (or the build ended first).
    await new Promise<void>((resolve) => {
      const pages = path.join(dist, 'a');
      const watcher = watch(pages, () => {
        if (readdirSync(pages).length > before) stop();
      });
      const stop = () => {
        watcher.close();
        resolve();
      };
      void exited.then(stop);
    });
    child.kill('SIGTERM');
    const ended = await exited;
    const published = (await readdir(path.join(dist, 'a'))).length;
    console.log(`build ended by ${String(ended)} with ${published - before} of ${more.length} new pages published`);

    assert.equal(await incomplete(dist), [], 'every served file is a complete document');

    const finished = await buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now: new Date() });
    assert.is(finished.articles, 1400);
    assert.is((await readdir(path.join(dist, 'a'))).length, 1400);
    assert.equal(await incomplete(dist), []);
  } finally {
    await ctx.close();
  }
});

test.run();
