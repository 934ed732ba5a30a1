/**
 * `npm run audit:pages`: Lighthouse 13, mobile preset (its default: a mid-range phone on a slow 4G
 * link, simulated throttling), on `/`, `/today` and an `/a` page of a fresh local start, printing
 * performance, accessibility, best practices, SEO and CLS per page against the targets of issue 18
 * (performance >= 95, the other three 100, CLS <= 0.05). Not part of `npm test`.
 *
 * It runs `npm start` in a temporary data directory on a free port (embedded database, demo
 * sources, first ingest, brief and build), waits for "Tidings is ready", audits each page with the
 * lighthouse CLI and Debian's chromium (CHROME_PATH, default /usr/bin/chromium), then stops the
 * server with Ctrl-C. `--runs=N` audits each page N times and reports the median (default 1),
 * with the lowest and highest run's performance beside it;
 * `--json=<file>` also writes the figures; `--reports=<dir>` keeps each Lighthouse JSON report
 * (open one in the Lighthouse viewer to see what cost points). Exits 1 when a target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorText } from '../core/platform/errors.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const runs = Math.max(1, Math.min(9, Number(args.get('runs') ?? 1) || 1));

/** The figures of one page. */
interface Figures {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  cls: number;
}
const TARGETS: Record<keyof Figures, (v: number) => boolean> = {
  performance: (v) => v >= 95,
  accessibility: (v) => v >= 100,
  best_practices: (v) => v >= 100,
  seo: (v) => v >= 100,
  cls: (v) => v <= 0.05,
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** `npm start` in `dir`; resolves with the child once it printed that it is ready. */
function start(dir: string, port: number): Promise<ChildProcess> {
  // Its own embedded database, whatever this shell points at.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), TIDINGS_DATA_DIR: path.join(dir, 'data'), TIDINGS_DIST_DIR: path.join(dir, 'dist'), LOG_LEVEL: 'warn' };
  delete env.MONGODB_URI;
  delete env.PUBLIC_BASE_URL;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('npm start did not get ready within 5 minutes')), 300_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Tidings is ready at')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before it was ready`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** One Lighthouse run (mobile preset) of `url`. */
async function audit(url: string, dir: string): Promise<Figures> {
  const out = path.join(dir, `lh-${Date.now()}.json`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'lighthouse'),
      [url, '--quiet', '--output=json', `--output-path=${out}`, '--only-categories=performance,accessibility,best-practices,seo', '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking'],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code} on ${url}`))));
  });
  const text = await readFile(out, 'utf8');
  const keep = args.get('reports');
  if (keep) await writeFile(path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`), text);
  const report = JSON.parse(text) as {
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
  };
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    cls: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
  };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dir = await mkdtemp(path.join(tmpdir(), 'tidings-audit-'));
const port = await freePort();
const base = `http://localhost:${port}`;
let server: ChildProcess | null = null;
let failed = false;
try {
  process.stdout.write(`starting a fresh local Tidings on port ${port}…\n`);
  server = await start(dir, port);
  const brief = (await (await fetch(`${base}/brief.json`)).json()) as { items?: Array<{ id: string }> };
  const first = brief.items?.[0]?.id;
  if (!first) throw new Error('the fresh start has no brief');
  const pages = ['/', '/today', `/a/${first}`];
  /** Every run's figures by page (a single run on a shared machine swings by ten points): the table gives their medians and the performance range. */
  const runsByPage = new Map<string, Figures[]>();
  for (const page of pages) {
    const each: Figures[] = [];
    for (let i = 0; i < runs; i += 1) each.push(await audit(base + page, dir));
    runsByPage.set(page, each);
  }
  const results: Record<string, Figures> = {};
  for (const [page, each] of runsByPage) {
    const pick = (k: keyof Figures) => median(each.map((f) => f[k]));
    results[page] = { performance: pick('performance'), accessibility: pick('accessibility'), best_practices: pick('best_practices'), seo: pick('seo'), cls: pick('cls') };
  }
  const rows = Object.entries(results).map(([page, f]) => {
    const scores = (runsByPage.get(page) ?? []).map((r) => r.performance);
    const cell = (k: keyof Figures) => `${f[k]}${TARGETS[k](f[k]) ? '' : ' ✗'}${k === 'performance' && scores.length > 1 ? ` (${Math.min(...scores)}-${Math.max(...scores)})` : ''}`;
    if ((Object.keys(TARGETS) as Array<keyof Figures>).some((k) => !TARGETS[k](f[k]))) failed = true;
    return `| ${page.startsWith('/a/') ? '/a/<id>' : page} | ${cell('performance')} | ${cell('accessibility')} | ${cell('best_practices')} | ${cell('seo')} | ${cell('cls')} |`;
  });
  process.stdout.write(
    [
      `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile preset, ${new Date().toISOString()}`,
      '| page | performance | accessibility | best practices | SEO | CLS |',
      '|---|---|---|---|---|---|',
      ...rows,
      '| target | ≥ 95 | 100 | 100 | 100 | ≤ 0.05 |',
      '',
    ].join('\n'),
  );
  const json = args.get('json');
  if (json) await writeFile(json, `${JSON.stringify(results, null, 2)}\n`);
} catch (error) {
  process.stderr.write(`audit:pages failed: ${errorText(error)}\n`);
  failed = true;
} finally {
  if (server) await stop(server);
  await rm(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
