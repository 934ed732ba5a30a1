/**
 * `npx tsx scripts/bench-profile.ts [targets] [--seconds=4] [--rounds=3] [--profile=<dir>]`: the
 * bench's API setup (10,000 seeded articles on the embedded database, the product served as
 * production serves it, the floor on a bare server in the same process, autocannon from a child
 * process), one target at a time, to see where a figure of `npm run bench` goes. Not a benchmark:
 * no medians or targets, just each round's req/s, its ratio to a floor run just before it, and the
 * server process's CPU per request (`process.cpuUsage()`, user and system) and the event loop's
 * active time per request (`performance.eventLoopUtilization()`; its busy share counts the load
 * child's start-up as idle), and the process's minor page faults per request (Linux's
 * `/proc/self/stat`). With `--profile`, the second round of each target is profiled
 * (node:inspector) into `<dir>/<target>.cpuprofile` (open it in Chrome DevTools' Performance
 * panel, or read its self and total times).
 *
 * Targets (comma-separated; default `floor,brief,brief_cold`): `floor`; `floor_headers` (the floor's
 * bytes from the floor's own server with the headers the product sends on a warm brief: what the
 * header set costs through Hono's answer); `node_floor`, `node_headers` (the same bytes from a bare
 * Node handler, `writeHead` with one header and with the product's warm brief set: what Node's
 * server costs without Hono, and what the header set costs there); `brief`, `feed` (warm, one
 * prefs blob); `brief_app`, `feed_app` (the
 * same, from a server without the reading host of api/reading-host.ts); `brief_cold`, `feed_cold`
 * (prefs no other request sent, from the bench's cold sequence); `brief_cold_gz`, `feed_cold_gz`
 * (the same with a browser's Accept-Encoding); `bare_cold` (the cold brief sequence against a bare
 * Node handler doing the least any cold brief must do, with the product's warm header set:
 * scripts/bench/bare-cold.ts; a reference for what the machine allows, not the product);
 * `bare_cold_feed` (the same handler, walking as for a brief, sending the bytes of a warm feed
 * page, ~14 KB, to the cold feed sequence: what a feed page's size costs by itself);
 * `static`, `static_gz` (the built
 * site's `/brief.json`, `/today` and one `/a` page in turn, as the bench's static section asks
 * them, plain and with a browser's Accept-Encoding; the site is built first). Findings made with it are in
 * docs/benchmarks.md ("Measured on a quiet machine").
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { MongoClient } from 'mongodb';
import { createApp } from '../api/app.ts';
import { numberOrNull } from '../core/domain/guards.ts';
import { createAppServer } from '../api/server.ts';
import { createLogger } from '../core/platform/log.ts';
import { cacheStats } from '../core/platform/cache.ts';
import { createMailer } from '../core/platform/mail.ts';
import { createModelClient } from '../core/platform/model.ts';
import { readModelFor } from '../core/readmodel/readmodel.ts';
import { buildSite } from '../site/build.ts';
import { CLIENT_OPTIONS } from '../core/store/db.ts';
import { startEmbeddedServer } from '../core/store/embedded.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { BRIEF_COLD_PATH, BRIEF_PATH, FEED_COLD_PATH, FEED_QUERY, listen } from './bench/api.ts';
import { bareColdServer, bareServer } from './bench/bare-cold.ts';
import { makeSources } from './bench/fixtures.ts';
import { BROWSER_ENCODINGS, runLoad, type ColdCounter, type LoadTarget } from './bench/load.ts';
import { benchConfig, POOL_SIZE, POOL_SOURCES, seedBenchPool } from './bench/seed.ts';

/** The share of look-ups each reading cache answered during a round: `name hits/(hits+misses)`, for the caches that were asked. */
function cacheHits(before: ReturnType<typeof cacheStats>, after: ReturnType<typeof cacheStats>): string {
  const out: string[] = [];
  for (const [name, f] of Object.entries(after)) {
    const hits = f.hits - (before[name]?.hits ?? 0);
    const asked = hits + f.misses - (before[name]?.misses ?? 0);
    if (asked > 0 && name.startsWith('readmodel.')) out.push(`${name.slice('readmodel.'.length)} ${Math.round((hits / asked) * 100)} %`);
  }
  return out.join(', ') || 'none asked';
}

const args = new Map(process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const names = (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'floor,brief,brief_cold').split(',');
const seconds = Math.max(1, Number(args.get('seconds') ?? 4) || 4);
const rounds = Math.max(1, Number(args.get('rounds') ?? 3) || 3);
const profileDir = args.get('profile');
const say = (line: string) => process.stderr.write(`${line}\n`);

/** The process's minor page faults so far (`/proc/self/stat`, field 10), or null where there is no such file. */
function minorFaults(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ');
    return numberOrNull(Number(fields?.[7]));
  } catch {
    return null;
  }
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-profile-'));
const config = benchConfig({ dataDir: path.join(tmp, 'data'), distDir: path.join(tmp, 'dist') });
const log = createLogger('info', () => undefined);
say(`seeding ${POOL_SOURCES} sources and ${POOL_SIZE} articles on the embedded database`);
const embedded = await startEmbeddedServer();
const client = await new MongoClient(embedded.uri, CLIENT_OPTIONS).connect();
try {
  const db = client.db('bench_profile');
  const now = new Date();
  await ensureSchema(db, log);
  await seedBenchPool(db, makeSources(POOL_SOURCES, now), now);
  const app = createApp({ db, config, log, mailer: createMailer(config, log), model: createModelClient(config, log), now: () => new Date() });
  await readModelFor(db, log).refresh();

  const server = await listen(createAppServer(app));
  // The same app without the reading host (api/reading-host.ts): every request runs the app.
  const appOnly = await listen(createAppServer({ fetch: (request, env) => app.fetch(request, env), staticFiles: app.staticFiles }));
  // The floor's bytes and the headers the product answers a warm brief with (read off the wire).
  const warm = await fetch(`${server.base}${BRIEF_PATH}`);
  const body = new Uint8Array(await warm.arrayBuffer());
  const productHeaders = Object.fromEntries([...warm.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)));
  const floor = new Hono();
  floor.get('/__floor', (c) => c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' }));
  floor.get('/__floor_headers', (c) => c.body(body, 200, productHeaders));
  const floorServer = await listen(createServer(getRequestListener(floor.fetch)));
  const bareCold = await listen(bareColdServer(body, productHeaders));
  const nodeFloor = await listen(bareServer(body, { 'content-type': 'application/json; charset=UTF-8' }));
  const nodeHeaders = await listen(bareServer(body, productHeaders));
  const feedPage = new Uint8Array(await (await fetch(`${server.base}/api/feed?${FEED_QUERY}`)).arrayBuffer());
  const bareColdFeed = await listen(bareColdServer(feedPage, productHeaders));
  const cold: ColdCounter = { next: 0 };
  let sitePaths: string[] = [];
  if (names.some((name) => name.startsWith('static'))) {
    say('building the site for the static targets');
    await buildSite({ db, config, log, now });
    sitePaths = ['/brief.json', '/today', `/a/${readdirSync(path.join(config.distDir, 'a')).sort()[0] ?? ''}`];
  }
  const targets: Record<string, LoadTarget> = {
    floor: { url: `${floorServer.base}/__floor` },
    floor_headers: { url: `${floorServer.base}/__floor_headers` },
    node_floor: { url: `${nodeFloor.base}/` },
    node_headers: { url: `${nodeHeaders.base}/` },
    brief: { url: `${server.base}${BRIEF_PATH}` },
    feed: { url: `${server.base}/api/feed?${FEED_QUERY}` },
    brief_app: { url: `${appOnly.base}${BRIEF_PATH}` },
    feed_app: { url: `${appOnly.base}/api/feed?${FEED_QUERY}` },
    brief_cold: { url: `${server.base}${BRIEF_COLD_PATH}`, cold },
    feed_cold: { url: `${server.base}${FEED_COLD_PATH}`, cold },
    brief_cold_gz: { url: `${server.base}${BRIEF_COLD_PATH}`, cold, headers: BROWSER_ENCODINGS },
    feed_cold_gz: { url: `${server.base}${FEED_COLD_PATH}`, cold, headers: BROWSER_ENCODINGS },
    bare_cold: { url: `${bareCold.base}${BRIEF_COLD_PATH}`, cold },
    bare_cold_feed: { url: `${bareColdFeed.base}${FEED_COLD_PATH}`, cold },
    static: { url: `${server.base}/`, paths: sitePaths },
    static_gz: { url: `${server.base}/`, paths: sitePaths, headers: BROWSER_ENCODINGS },
  };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  try {
    for (const name of names) {
      const target = targets[name];
      if (!target) throw new Error(`unknown target ${name} (one of ${Object.keys(targets).join(', ')})`);
      await runLoad(target, { connections: 10, durationS: 2, warmupS: 0 });
      for (let round = 0; round < rounds; round += 1) {
        const base = await runLoad(targets.floor!, { connections: 10, durationS: seconds, warmupS: 0 });
        const profiled = profileDir !== undefined && round === Math.min(1, rounds - 1);
        if (profiled) await session.post('Profiler.start');
        const caches = cacheStats();
        const faults = minorFaults();
        const cpu = process.cpuUsage();
        const loop = performance.eventLoopUtilization();
        const run = await runLoad(target, { connections: 10, durationS: seconds, warmupS: 0 });
        const used = process.cpuUsage(cpu);
        const busy = performance.eventLoopUtilization(loop);
        if (profiled) {
          const { profile } = await session.post('Profiler.stop');
          writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
        }
        const perRequest = (used.user + used.system) / Math.max(1, run.requests);
        const faulted = faults === null ? null : (minorFaults() ?? faults) - faults;
        say(`${name} round ${round + 1}: ${Math.round(run.rps)} req/s, floor ${Math.round(base.rps)} (ratio ${(run.rps / base.rps).toFixed(3)}), server CPU ${perRequest.toFixed(1)} µs a request (user ${(used.user / Math.max(1, run.requests)).toFixed(1)}, system ${(used.system / Math.max(1, run.requests)).toFixed(1)}), event loop busy ${(busy.utilization * 100).toFixed(0)} %, ${((busy.active * 1000) / Math.max(1, run.requests)).toFixed(1)} µs a request${profiled ? ' (profiled)' : ''}${faulted === null ? '' : `, ${(faulted / Math.max(1, run.requests)).toFixed(2)} minor page faults a request`}; caches hit ${cacheHits(caches, cacheStats())}`);
      }
    }
  } finally {
    session.disconnect();
    await server.close();
    await appOnly.close();
    await floorServer.close();
    await bareCold.close();
    await nodeFloor.close();
    await nodeHeaders.close();
    await bareColdFeed.close();
    readModelFor(db).stop();
  }
} finally {
  await client.close();
  await embedded.stop();
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);
