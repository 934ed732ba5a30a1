/**
 * `npm test`: the typecheck (`tsc --noEmit`, strict), the dead-code check (knip with knip.json: an
 * export no module imports, or a file no entry point reaches, fails it) and every
 * `test/**\/*.test.ts` file in its own process with uvu, two at a time, against one embedded
 * database server started once for the run (each file gets its own database on it; see
 * test/helpers/context.ts). The two checks count as one test each and run in the same two lanes
 * as the files, longest first (scripts/test/order.ts), so the lanes end together. Set
 * TEST_MONGODB_URI to use another server. Ends with the line `N passed, N failed` (counted in
 * tests; a file that crashes or hangs counts as one failure). `npm test -- <filter> [<filter> …]`
 * runs only the files whose path contains one of the filters, after the typecheck as always
 * (`knip` for the dead-code check alone).
 */
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedServer, type EmbeddedServer } from '../core/store/embedded.ts';
import { DEAD_CODE_CHECK, deadCodeCheck, stripAnsi, typecheck, TYPECHECK, type FileResult } from './test/checks.ts';
import { longestFirst } from './test/order.ts';

const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 180_000);
const CONCURRENCY = Number(process.env.TEST_CONCURRENCY ?? 2);

function findTests(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...findTests(full));
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out.sort();
}

function runFile(file: string, env: NodeJS.ProcessEnv): Promise<FileResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let finished = false;
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone
      }
    };
    // After uvu printed its summary, a file whose handles keep it alive is stopped after a grace period.
    const summaryWatch = setInterval(() => {
      if (/Duration:/.test(stripAnsi(output)) && !finished) {
        clearInterval(summaryWatch);
        setTimeout(kill, 3000).unref();
      }
    }, 200);
    const timer = setTimeout(() => {
      output += `\n[runner] ${file} did not finish within ${FILE_TIMEOUT_MS} ms; killed\n`;
      kill();
    }, FILE_TIMEOUT_MS);
    child.on('close', (code) => {
      finished = true;
      clearInterval(summaryWatch);
      clearTimeout(timer);
      const text = stripAnsi(output);
      const total = Number(/Total:\s+(\d+)/.exec(text)?.[1] ?? NaN);
      const passed = Number(/Passed:\s+(\d+)/.exec(text)?.[1] ?? NaN);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(text)?.[1] ?? 0);
      if (Number.isNaN(total) || Number.isNaN(passed)) {
        resolve({ file, passed: 0, failed: 1, output: text + `\n[runner] exit code ${code}, no uvu summary`, ms: Date.now() - started });
        return;
      }
      const failed = Math.max(0, total - passed - skipped) + (code !== 0 && total === passed + skipped && !/Duration:/.test(text) ? 1 : 0);
      resolve({ file, passed, failed, output: text, ms: Date.now() - started });
    });
  });
}

function report(result: FileResult): void {
  const rel = path.relative(process.cwd(), result.file);
  const mark = result.failed > 0 ? 'FAIL' : 'ok  ';
  process.stdout.write(`${mark} ${rel} (${result.passed} passed, ${result.failed} failed, ${(result.ms / 1000).toFixed(1)} s)\n`);
  if (result.failed > 0) process.stdout.write(result.output.split('\n').map((l) => `     ${l}`).join('\n') + '\n');
}

async function main(): Promise<void> {
  const root = path.resolve('test');
  // Each argument is a substring of the files to run (any of them); none runs everything.
  const filters = process.argv.slice(2);
  const files = findTests(root).filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
  const jobs: { file: string; run: (env: NodeJS.ProcessEnv) => Promise<FileResult> }[] = [{ file: TYPECHECK, run: typecheck }];
  if (filters.length === 0 || filters.some((s) => DEAD_CODE_CHECK.includes(s))) jobs.push({ file: DEAD_CODE_CHECK, run: deadCodeCheck });
  for (const file of files) jobs.push({ file, run: (env) => runFile(file, env) });
  let server: EmbeddedServer | null = null;
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (!env.TEST_MONGODB_URI && files.length > 0) {
    server = await startEmbeddedServer();
    env.TEST_MONGODB_URI = server.uri;
  }
  const queue = longestFirst(jobs);
  const results: FileResult[] = [];
  const workers = Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const result = await job.run(env);
      results.push(result);
      report(result);
    }
  });
  await Promise.all(workers);
  await server?.stop();
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  // Only the typecheck ran: the filter matched nothing, which is a mistake, not a pass.
  if (jobs.length === 1) process.stdout.write(`no test file matches ${filters.map((s) => `"${s}"`).join(' or ')}\n`);
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(failed > 0 || jobs.length === 1 ? 1 : 0);
}

await main();
