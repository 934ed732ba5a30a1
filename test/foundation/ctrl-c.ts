/**
 * Ctrl-C on `npm start` as a terminal sends it: `npm start` in its own process group, SIGINT to the
 * whole group at a chosen moment of its output, then npm's exit status, how long it took, and a
 * check that no process of the group (nor the embedded database server) is left.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
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
