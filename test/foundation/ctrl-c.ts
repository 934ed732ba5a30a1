/**
 * Ctrl-C on `npm start` as a terminal sends it: `npm start` in its own process group, SIGINT to the
 * whole group at a chosen moment of its output, then npm's exit status, how long it took, and a
 * check that no process of the group (nor the embedded database server) is left.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { isAlive, until } from '../helpers/until.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** When, relative to the start-up output, the SIGINT is sent. */
export type Moment = { on: RegExp; afterMs: number; label: string };

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stopMs: number;
  output: string;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm start` in its own process group; SIGINT to the group at `moment`; wait for npm's exit. */
export async function ctrlC(env: Record<string, string>, moment: Moment): Promise<RunResult> {
  const base: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR']) if (process.env[key]) base[key] = process.env[key] as string;
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...base, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, as a terminal's foreground job
  });
  const pgid = child.pid ?? 0;
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    await until(() => moment.on.test(output), 60_000, `"${moment.on.source}" (${moment.label})\n${output}`);
    if (moment.afterMs > 0) {
      // The moment itself is what varies here: a delay after the line, not a wait standing in for a condition.
      await new Promise((resolve) => setTimeout(resolve, moment.afterMs));
    }
    const signalled = Date.now();
    process.kill(-pgid, 'SIGINT');
    const { code, signal } = await exited;
    const stopMs = Date.now() - signalled;
    await until(() => !groupAlive(pgid), 5000, `the process group of ${moment.label} to be gone`);
    const embeddedPid = Number(/embedded database.*pid=(\d+)/.exec(output)?.[1] ?? 0);
    if (embeddedPid > 0) await until(() => !isAlive(embeddedPid), 5000, 'the embedded server to be gone');
    return { code, signal, stopMs, output };
  } finally {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone, as expected
    }
  }
}

export const READY = /Tidings is ready at /;
export const FIRST_ROUND = /ingest run /;

/**
 * The 20 moments of the acceptance (issue 17: 20 SIGINTs, 20 exits with status 0): during the first
 * round, right after the ready line, and 160-760 ms after it. ctrl-c-1.test.ts … ctrl-c-4.test.ts
 * run five each (every fourth), so each file stays inside the runner's per-file time even on a
 * machine busy with other work (each run is mostly Node loading the code).
 */
export const MOMENTS: readonly Moment[] = Array.from({ length: 20 }, (_, i) =>
  i % 5 === 0
    ? { on: FIRST_ROUND, afterMs: 0, label: `run ${i}: during the first round` }
    : i % 5 === 4
      ? { on: READY, afterMs: 40 * i, label: `run ${i}: ${40 * i} ms after ready` }
      : { on: READY, afterMs: 0, label: `run ${i}: right after ready` },
);

/**
 * Run `moments` two at a time, each lane on its own prepared small database (one paused source, so
 * no demo load and an instant first round) with its own data and site directories. Returns one
 * line per run that did not exit 0 within 5 s.
 */
export async function ctrlCRuns(ctx: TestContext, moments: readonly Moment[]): Promise<string[]> {
  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  const lanes = await Promise.all(
    [0, 1].map(async (lane) => {
      const db = ctx.client.db(`${ctx.db.databaseName}_lane${lane}`);
      await insertFixtures(db, { sources: [makeSource({ status: 'paused', active: false })] });
      const dir = path.join(ctx.tmpDir, `lane${lane}`);
      mkdirSync(dir, { recursive: true });
      return {
        MONGODB_URI: `mongodb://${base}/${db.databaseName}`,
        TIDINGS_DATA_DIR: path.join(dir, 'data'),
        TIDINGS_DIST_DIR: path.join(dir, 'dist'),
      };
    }),
  );
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    lanes.map(async (env) => {
      for (;;) {
        const moment = moments[next];
        next += 1;
        if (!moment) return;
        const result = await ctrlC(env, moment);
        if (result.code !== 0 || result.stopMs >= 5000) {
          failures.push(`${moment.label}: code ${result.code} signal ${result.signal} after ${result.stopMs} ms\n${result.output.slice(-1500)}`);
        }
      }
    }),
  );
  return failures;
}

/** The whole of ctrl-c-<k+1>.test.ts: a test context, the moments i with i % 4 === k, and the run. */
export function ctrlCTestFile(k: 0 | 1 | 2 | 3): void {
  let ctx: TestContext;
  test.before(async () => {
    ctx = await createTestContext();
  });
  test.after(async () => {
    await ctx.close();
  });
  test(`5 of the 20 SIGINTs to npm start (moments ${k}, ${k + 4}, ${k + 8}, ${k + 12}, ${k + 16}): every exit is status 0 within 5 s, nothing left`, async () => {
    const failures = await ctrlCRuns(ctx, MOMENTS.filter((_, i) => i % 4 === k));
    assert.equal(failures, [], failures.join('\n\n'));
  });
  test.run();
}
