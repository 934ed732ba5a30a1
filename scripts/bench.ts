/**
 * `npm run bench` (issue 11): seeds synthetic data, measures the API, ingestion, the site build and
 * page weights, and prints one JSON report on stdout (progress goes to stderr). Every API figure is
 * a ratio against a floor served by the same process in the same run; see docs/benchmarks.md.
 *
 * Uses MONGODB_URI when set (in a throw-away database `tidings_bench_<random>`, dropped at the end),
 * else the embedded server. `--quick` shortens every load run (a smoke test of the harness; its
 * numbers are not the benchmark's). `--only=api,ingest` measures only the named sections (api, soak,
 * ingest, build, static, pages; pages reads the build's output, so it needs build; static builds the
 * site itself when build did not run); the rest are reported as skipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { describeError } from '../core/platform/errors.ts';
import { createLogger } from '../core/platform/log.ts';
import { benchSoak } from './bench/soak.ts';
import { createMailer } from '../core/platform/mail.ts';
import { createModelClient } from '../core/platform/model.ts';
import { randomId } from '../core/domain/ids.ts';
import { readModelFor } from '../core/readmodel/readmodel.ts';
import { CLIENT_OPTIONS } from '../core/store/db.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../core/store/embedded.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { API_TARGETS, benchApi } from './bench/api.ts';
import { buildFields, runBuildChild } from './bench/build.ts';
import { makeSources } from './bench/fixtures.ts';
import { benchIngest, type IngestSizes } from './bench/ingest.ts';
import { DEFAULT_LOAD, type LoadOptions } from './bench/load.ts';
import { benchPages } from './bench/pages.ts';
import { benchStatic, STATIC_TARGETS } from './bench/static.ts';
import { round, skipped, verdict, type Section, type Target } from './bench/report.ts';
import { withSteal } from './bench/steal.ts';
import { benchConfig, POOL_SIZE, POOL_SOURCES, seedBenchPool } from './bench/seed.ts';

const ADDED = 100;
const quick = process.argv.includes('--quick');
/** `--only=api,build`: measure only these sections (the others are reported as skipped). */
const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',').map((name) => name.trim()).filter(Boolean)) : null;
const wanted = (name: string) => only === null || only.has(name);
const load: LoadOptions = quick ? { connections: 10, durationS: 1, warmupS: 1 } : DEFAULT_LOAD;
const API_ROUNDS = quick ? 1 : 5;
const ingestSizes: IngestSizes = quick
  ? { feeds: 20, itemsPerFeed: 50, window: 1000, storedFeeds: 4, rounds: 1, warmupRounds: 0, budgetMs: 0 }
  : { feeds: 100, itemsPerFeed: 50, window: 1000, storedFeeds: 20, rounds: 7, warmupRounds: 1, budgetMs: 90_000 };

/** Every field with a target, so a section that could not run still lists them as skipped. */
const TARGETS: Record<string, Record<string, Target | null>> = {
  api: { static_rps: null, ...API_TARGETS, static_gz_rps: null, brief_p99_ms: null, feed_p99_ms: null, brief_cold_p99_ms: null, feed_cold_p99_ms: null },
  static: { ratio: STATIC_TARGETS.ratio, gz_ratio: STATIC_TARGETS.gz_ratio, floor_rps: null, rps: null, gz_rps: null },
  ingest: { ratio: { op: '>=', limit: 0.5 }, classify_us_per_item: { op: '<=', limit: 100 }, stored_items_per_s: null },
  build: { full_s: { op: '<=', limit: 10 }, incremental_ratio: { op: '<=', limit: 0.15 }, files_rewritten: { op: '<=', limit: 110 }, peak_rss_mb: { op: '<=', limit: 1024 } },
  pages: { a_gz_bytes: { op: '<=', limit: 20_480 }, today_gz_bytes: { op: '<=', limit: 20_480 }, reader_js_gz_bytes: { op: '<=', limit: 51_200 } },
  soak: { requests_per_s: null, errors: { op: '<=', limit: 0 }, heap_growth_mb: { op: '<=', limit: 200 }, event_rows_exact: { op: '>=', limit: 1 } },
};

const started = performance.now();
const note = (line: string) => process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${line}\n`);

/** The share of CPU time (percent) the machine's host stole during each section that ran (scripts/bench/steal.ts). */
const sectionSteal: Record<string, number> = {};

/** Run one section; on failure every field of it is reported as skipped with the reason. */
async function section(name: string, run: () => Promise<Section>): Promise<Section> {
  if (!wanted(name)) {
    return Object.fromEntries(Object.entries(TARGETS[name] ?? {}).map(([field, target]) => [field, skipped('not selected (--only)', target ?? undefined)]));
  }
  try {
    const { value: fields, steal } = await withSteal(run);
    if (steal !== null) sectionSteal[name] = round(steal * 100, 1);
    for (const [field, target] of Object.entries(TARGETS[name] ?? {})) fields[field] ??= skipped('not measured', target ?? undefined);
    return fields;
  } catch (error) {
    const reason = `${name} could not be measured: ${describeError(error).slice(0, 300)}`;
    note(reason);
    return Object.fromEntries(Object.entries(TARGETS[name] ?? {}).map(([field, target]) => [field, skipped(reason, target ?? undefined)]));
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-'));
const dataDir = path.join(tmp, 'data');
const distDir = path.join(tmp, 'dist');
const mongodbUri = process.env.MONGODB_URI?.trim() || null;
const config = benchConfig({ dataDir, distDir, mongodbUri });
// Request lines are formatted (the app's real work) but not written: terminal I/O is not the API's cost.
const log = createLogger('info', (line, level) => {
  if (level === 'warn' || level === 'error') process.stderr.write(`${line}\n`);
});

let embedded: EmbeddedServer | null = null;
if (!config.mongodbUri) {
  note('starting the embedded database (MONGODB_URI is unset)');
  embedded = await startEmbeddedServer();
}
const uri = config.mongodbUri ?? embedded?.uri ?? '';
const client = await new MongoClient(uri, CLIENT_OPTIONS).connect();
const prefix = `tidings_bench_${randomId().slice(0, 8).toLowerCase()}`;
const poolDb = client.db(`${prefix}_pool`);
const ingestDb = client.db(`${prefix}_ingest`);
const notes: string[] = [];
const sections: Record<string, Section> = {};
try {
  const now = new Date();
  await ensureSchema(poolDb, log);
  const sources = makeSources(POOL_SOURCES, now);
  // Ingestion alone does not read the seeded pool; every other section does (pages reads the build's dist).
  if (['api', 'soak', 'build', 'static', 'pages'].some(wanted)) {
    note(`seeding ${POOL_SOURCES} sources and ${POOL_SIZE} articles`);
    const seedMs = await seedBenchPool(poolDb, sources, now);
    notes.push(`seeded ${POOL_SIZE} articles in ${round(seedMs / 1000, 1)} s`);
  }

  const deps = { db: poolDb, config, log, mailer: createMailer(config, log), model: createModelClient(config, log), now: () => new Date() };
  sections.api = await section('api', () => benchApi(deps, sources, load, API_ROUNDS, note));
  sections.soak = await section('soak', () => benchSoak(deps, tmp, { clients: 50, durationS: quick ? 5 : 60, embedded: embedded !== null }, note));
  readModelFor(poolDb).stop();

  // The offline classifier is what the target is about: the bench config never carries a model key.
  sections.ingest = await section('ingest', () => benchIngest(ingestDb, deps.model, log, now, ingestSizes, note));

  sections.build = await section('build', async () => {
    note(`site build: full build of ${POOL_SIZE} articles, then three times ${ADDED} more through the store and three times through a bulk insert, each with an incremental rebuild (child process)`);
    return buildFields(await runBuildChild(uri, poolDb.databaseName, dataDir, distDir, ADDED, POOL_SIZE), ADDED);
  });

  sections.static = await section('static', () => benchStatic(deps, load, API_ROUNDS, note));

  sections.pages = await section('pages', async () => {
    note('page weights');
    const appOut = path.join(tmp, 'app-out');
    // The reader bundle is built by app/build.ts; measured from dist when the site build publishes it.
    const { buildApp } = await import('../app/build.ts');
    await buildApp(appOut);
    return benchPages(distDir, appOut);
  });
} finally {
  if (!embedded) {
    await poolDb.dropDatabase().catch(() => undefined);
    await ingestDb.dropDatabase().catch(() => undefined);
  }
  await client.close();
  await embedded?.stop();
  rmSync(tmp, { recursive: true, force: true });
}

const v = verdict(sections);
const report = {
  benchmark: 'tidings',
  at: new Date().toISOString(),
  quick,
  machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, memory_mb: Math.round(os.totalmem() / 1048576), steal_percent: sectionSteal },
  database: embedded ? 'embedded (jongodb)' : 'MONGODB_URI',
  load: { tool: 'autocannon (child process)', connections: load.connections, warmup_s: load.warmupS, duration_s: load.durationS },
  ...sections,
  notes,
  pass: v.pass,
  failed: v.failed,
  skipped: v.skipped,
  elapsed_s: round((performance.now() - started) / 1000, 1),
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
