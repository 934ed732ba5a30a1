/**
 * One static build into `dist/` (see docs/static-site.md). Eleventy renders the few templated pages
 * (`/`, `/today`, `/404.html`) and copies the assets into a staging directory; the `/a` pages, the
 * brief JSON, feeds, sitemaps, robots.txt and the OPML are rendered here. The pool is read in full
 * once, then only the articles changed since the last build (see _includes/pool-sync.ts); only `/a`
 * pages whose inputs changed are rendered (see _includes/state.ts), and only files whose bytes
 * changed are written: adding 100 articles rewrites about 100 pages, not all of them.
 *
 * Publishing is atomic per file (temporary name, then rename) and ordered so a reader never follows
 * a link to a page that is not there yet: assets first, then `/a` pages, then the pages, feeds and
 * sitemaps that link to them, and removals last.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import Eleventy from '@11ty/eleventy';
import type { Db } from 'mongodb';
import type { Config } from '../core/platform/config.ts';
import type { Logger } from '../core/platform/log.ts';
import { countUnmarkedPool, databaseToken, loadSiteSources, readCurrentBrief } from '../core/store/site.ts';
import { duplicateSources } from '../core/store/pool.ts';
import { otherOutlets } from '../core/domain/card.ts';
import { renderArticlePage } from '../core/pages/article-page.ts';
import { OFFLINE_WRITER_VERSION } from '../core/domain/summary.ts';
import { SITE_DIR, templateKey } from '../core/pages/assets.ts';
import { collectPoolFiles, FEED_GROUP, feedsKey, selectFeeds } from './_includes/outputs.ts';
import { syncPool, type SyncKind } from './_includes/pool-sync.ts';
import { listFiles, pruneEmptyDirs, runLimited, sha256, writeAtomic, writeIfChanged } from './_includes/publish.ts';
import { bundleApp } from '../app/build.ts';
import { siteData, type SiteData } from '../core/pages/site-data.ts';
import { pageStamp, readState, statePath, writeState, type PageState } from './_includes/state.ts';
import { APP_INPUTS, ELEVENTY_INPUTS, groupRecord, inputsHash, reusable, type OutputGroup } from './_includes/reuse.ts';
import { eleventyConfig } from './eleventy.config.ts';

/** What a build needs. */
export interface BuildInput {
  db: Db;
  config: Config;
  log: Logger;
  now: Date;
  /** Optional progress reporter (the `npm run job` bar). */
  progress?: (done: number, total: number, label?: string) => void;
}

/** What a build did. */
export interface BuildResult {
  /** Files the site holds after the build. */
  pages: number;
  /** Files written (new or changed bytes). */
  written: number;
  removed: number;
  /** `/a` pages rendered this time (the rest were unchanged since the last build). */
  rendered: number;
  /** Files outside `/a` kept from the last build without rendering (their inputs were unchanged). */
  reused: number;
  articles: number;
  /** How the pool was read: in full (nothing to reuse), by a light scan, or only its changes (pool-sync.ts). */
  pool: SyncKind;
  /** The pool version this build moved by storing retellings (collectPoolFiles), or null. */
  poolVersion: number | null;
  ms: number;
}

/** The source files the `/a` template depends on; a change to any re-renders every page. */
const TEMPLATE_FILES = [
  'core/pages/article-page.ts', 'core/pages/layout.ts', 'core/pages/site-data.ts', 'core/pages/manifest.ts',
  'core/domain/html.ts', 'core/domain/taxonomy.ts', 'core/domain/summary.ts', 'core/domain/keyphrases.ts', 'core/domain/card.ts', 'core/domain/dates.ts',
  'core/domain/offline-texts.ts', 'core/domain/words.ts',
].map((f) => path.join(SITE_DIR, '..', f));

let running: Promise<unknown> = Promise.resolve();


/** Build the site into `config.distDir`. Builds in one process run one at a time. */
export function buildSite(input: BuildInput): Promise<BuildResult> {
  const next = running.then(() => buildOnce(input));
  running = next.catch(() => undefined);
  return next;
}

/** Run Eleventy for the templated pages and assets; their bytes by site-relative path. */
async function runEleventy(data: Parameters<typeof eleventyConfig>[0], stagingRoot: string): Promise<Map<string, Buffer>> {
  const staging = path.join(stagingRoot, `staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const eleventy = new Eleventy(path.relative(process.cwd(), SITE_DIR) || '.', staging, { quietMode: true, config: eleventyConfig(data) });
    // Eleventy prints a summary line even in quiet mode; our own log line replaces it.
    if ('disableLogger' in eleventy && typeof eleventy.disableLogger === 'function') eleventy.disableLogger();
    await eleventy.write();
    const files = new Map<string, Buffer>();
    for (const rel of await listFiles(staging)) files.set(rel.split(path.sep).join('/'), await readFile(path.join(staging, rel)));
    return files;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Site-relative path with forward slashes. */
const posix = (rel: string) => rel.split(path.sep).join('/');

async function buildOnce(input: BuildInput): Promise<BuildResult> {
  const started = performance.now();
  // Milliseconds per phase, in the log line: where a slow build spends its time.
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const t = performance.now();
    phases[`${name}_ms`] = Math.round(t - mark);
    mark = t;
  };
  const { db, config, log } = input;
  const dist = config.distDir;
  // The small reads first, together (the unmarked articles are counted before the pool is read, see
  // _includes/pool-sync.ts); then the pool sync (the database's work) overlaps the file system's:
  // listing dist and hashing the bundle's and templates' inputs.
  const [site, sources, templates, brief, token, unmarked] = await Promise.all([
    siteData(config), loadSiteSources(db), templateKey(TEMPLATE_FILES), readCurrentBrief(db), databaseToken(db), countUnmarkedPool(db),
  ]);
  // The build record: what the last build published (it is discarded when templates or site data
  // change, or the offline writer's version: every page showing an offline summary then changes).
  const key = sha256(JSON.stringify([templates, site, path.resolve(dist), OFFLINE_WRITER_VERSION]));
  const stateFile = statePath(config.dataDir, dist);
  const state = await readState(stateFile, key);
  const names = new Map(sources.map((s) => [s._id, typeof s.name === 'string' ? s.name : s._id]));
  const visible = new Set(sources.filter((s) => s.content_visible === true).map((s) => s._id));
  const nameOf = (sourceId: string) => names.get(sourceId) ?? sourceId;

  // The pool: read in full when there is nothing to reuse, else only what changed since the last
  // build (see _includes/pool-sync.ts). Then which /a pages need rendering: new in dist, or their
  // inputs changed since the last build.
  const full = Object.keys(state.pages).length === 0;
  const [synced, inA, outsideA, eleventyInputs, appKey] = await Promise.all([
    syncPool({ db, previous: state.pool ?? null, token, full, unmarked, clock: Date.now }),
    readdir(path.join(dist, 'a')).catch(() => [] as string[]),
    // The files outside /a (a few dozen): what may be reused, and later what is stale.
    listFiles(dist, new Set(['a'])),
    inputsHash(ELEVENTY_INPUTS),
    inputsHash(APP_INPUTS),
  ]);
  const rows = [...synced.view.rows.values()].filter((r) => visible.has(r.source_id));
  const existing = new Set(inA);
  const distFiles = new Set(outsideA.map(posix));
  // "Also reported by" names other visible outlets: hiding, showing or renaming one changes the
  // pages of the stories it also carried, so those names are part of each page's stamp.
  const copies = await duplicateSources(db, null);
  const visibleName = (id: string) => (visible.has(id) ? nameOf(id) : undefined);
  const stamps = new Map(rows.map((r) => [r._id, pageStamp(r, nameOf(r.source_id), otherOutlets(copies.get(r._id) ?? [], r.source_id, visibleName))]));
  const toRender = rows.filter((r) => !existing.has(r._id) || state.pages[r._id]?.s !== stamps.get(r._id));

  phase('scan');
  // Output groups whose inputs are unchanged keep last build's files (see _includes/reuse.ts).
  const previous = state.outputs ?? {};
  const { selection, memory } = selectFeeds(rows, brief, state.feeds ?? null, input.now);
  const feedKey = sha256(feedsKey(site, brief, selection, (id) => stamps.get(id)));
  const eleventyKey = sha256(JSON.stringify([eleventyInputs, feedKey]));
  const reuseEleventy = reusable(previous.eleventy, eleventyKey, distFiles);
  // Eleventy needs /today's data, made with the feeds: it can only be skipped along with them.
  const reuseFeeds = reuseEleventy ? reusable(previous.feeds, feedKey, distFiles) : null;
  const reuseApp = reusable(previous.app, appKey, distFiles);
  const pool = await collectPoolFiles({
    db, site, rows, brief, selection, renderIds: toRender.map((r) => r._id), prefetched: synced.docs, nameOf, sources, feeds: reuseFeeds === null, copies, now: input.now, log,
  });
  phase('fetch');
  const templated = new Map<string, Buffer>();
  if (reuseEleventy === null && pool.today) for (const [rel, data] of await runEleventy({ site, today: pool.today }, path.join(config.dataDir, 'build'))) templated.set(rel, data);
  phase('eleventy');
  const bundled = reuseApp ? new Map<string, Buffer>() : await bundleApp(log);
  phase('app');

  // Every file outside /a this build publishes: rendered now, or kept from the last build.
  const files = new Map<string, Buffer | string>([...templated, ...bundled, ...pool.files]);
  const outputs: Record<string, OutputGroup> = {
    eleventy: reuseEleventy ?? groupRecord(eleventyKey, templated),
    app: reuseApp ?? groupRecord(appKey, bundled),
    feeds: reuseFeeds ?? groupRecord(feedKey, [...pool.files].filter(([rel]) => FEED_GROUP(rel))),
    rest: groupRecord('', [...pool.files].filter(([rel]) => !FEED_GROUP(rel))),
  };
  const kept = new Set(Object.values(outputs).flatMap((g) => Object.keys(g.files)));
  const reused = [reuseEleventy, reuseApp, reuseFeeds].reduce((n, g) => n + (g ? Object.keys(g.files).length : 0), 0);
  const recorded = new Map(Object.values(previous).flatMap((g) => Object.entries(g.files)));
  // A rendered file whose hash matches the record of a file still in dist is left alone unread;
  // without a record, its bytes in dist are compared; otherwise it is written.
  const publishFile = async (rel: string, data: Buffer | string): Promise<boolean> => {
    const target = path.join(dist, rel);
    const prev = recorded.get(rel);
    if (prev === undefined) return writeIfChanged(target, data);
    if (prev === sha256(data) && distFiles.has(rel)) return false;
    await writeAtomic(target, data);
    return true;
  };

  let written = 0;
  // 1. Assets first: a page never references a stylesheet or script that is not there yet.
  for (const [rel, data] of files) if (rel.startsWith('assets/') && (await publishFile(rel, data))) written += 1;

  // 2. The /a pages that changed.
  const pages: Record<string, PageState> = {};
  for (const r of rows) {
    const prev = state.pages[r._id];
    if (prev && existing.has(r._id) && prev.s === stamps.get(r._id)) pages[r._id] = prev;
  }
  // Pages compose the offline summary from the retelling stored with the article; one missing or by
  // an older writer was retold and stored back as the pool's articles were read (collectPoolFiles).
  // A row gone from the pool since the scan has no article: the next build settles it.
  const ready = pool.docs;
  let rendered = 0;
  const writes: Array<() => Promise<boolean>> = [];
  for (const r of toRender) {
    const doc = ready.get(r._id);
    if (!doc) continue;
    const html = renderArticlePage(doc, nameOf(doc.source_id), site);
    const hash = sha256(html);
    const target = path.join(dist, 'a', r._id, 'index.html');
    const prev = state.pages[r._id];
    rendered += 1;
    pages[r._id] = { s: stamps.get(r._id) ?? '', h: hash };
    if (existing.has(r._id) && prev?.h === hash) continue;
    // No record of an existing page (first build over an existing dist): compare with its bytes.
    if (existing.has(r._id) && !prev) writes.push(() => writeIfChanged(target, html));
    else writes.push(() => writeAtomic(target, html).then(() => true));
  }
  // Several writes in flight: each is a few file-system calls waiting on the thread pool.
  let done = 0;
  for (const wrote of await runLimited(writes, 16, () => input.progress?.(++done, writes.length, 'pages'))) if (wrote) written += 1;

  phase('pages');
  // 3. Pages, feeds and sitemaps that link to the /a pages.
  for (const [rel, data] of files) if (!rel.startsWith('assets/') && (await publishFile(rel, data))) written += 1;

  // 4. Removals last: pages that left the pool (hidden source, duplicate, rejected), stale files.
  let removed = 0;
  for (const name of existing) {
    if (stamps.has(name)) continue;
    await rm(path.join(dist, 'a', name), { recursive: true, force: true });
    removed += 1;
  }
  for (const rel of distFiles) {
    if (kept.has(rel)) continue;
    await rm(path.join(dist, rel), { force: true });
    removed += 1;
  }
  if (removed > 0) await pruneEmptyDirs(dist, new Set(['a']));
  await writeState(stateFile, { key, pages, feeds: memory, outputs, pool: synced.view });

  phase('finish');
  const ms = Math.round(performance.now() - started);
  const result = { pages: kept.size + rows.length, written, removed, rendered, reused, articles: rows.length, pool: synced.kind, poolVersion: pool.poolVersion, ms };
  log.info('site built', { ...result, ...phases });
  return result;
}
