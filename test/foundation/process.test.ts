/**
 * The processes as a newcomer runs them: `npm start` with no environment comes up, serves health
 * and the home page, and Ctrl-C ends it cleanly with no child left; a bad database or bad config
 * fails with one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAlive, until } from '../helpers/until.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function run(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const base: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR']) if (process.env[key]) base[key] = process.env[key] as string;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}



test('npm start with no configuration serves health, home and the demo brief with its pictures, then SIGINT exits 0 within 5 s leaving no child', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-start-'));
  const proc = run('scripts/start.ts', {
    PORT: '0',
    TIDINGS_DATA_DIR: path.join(dir, 'data'),
    TIDINGS_DIST_DIR: path.join(dir, 'dist'),
  });
  try {
    await until(() => /Tidings is ready at /.test(proc.output()), 60_000, 'the ready line');
    const url = /Tidings is ready at (\S+)/.exec(proc.output())?.[1] ?? '';
    const pid = Number(/embedded database.*pid=(\d+)/.exec(proc.output())?.[1]);
    assert.ok(pid > 0, 'the embedded server pid is logged');
    assert.match(proc.output(), /using the embedded database, saved in .* every 30 s and at shutdown/);
    const health = await fetch(`${url}/api/health`);
    assert.is(health.status, 200);
    assert.equal(await health.json(), { ok: true, db: 'up' });
    const home = await fetch(`${url}/`);
    assert.is(home.status, 200);
    assert.match(home.headers.get('content-type') ?? '', /text\/html/);
    const brief = (await (await fetch(`${url}/api/brief`)).json()) as { items: Array<{ image: string | null }> };
    assert.is(brief.items.length, 7, 'the demo content fills the brief');
    const images = brief.items.map((i) => i.image).filter((i): i is string => i !== null);
    assert.ok(images.length > 0, 'some demo stories have pictures');
    for (const image of images) {
      const local = new URL(new URL(image).pathname, url);
      assert.is((await fetch(local)).status, 200, `${image} is served`);
    }
    const started = Date.now();
    proc.child.kill('SIGINT');
    const code = await proc.exited;
    assert.is(code, 0);
    assert.ok(Date.now() - started < 5000, 'stopped within 5 s');
    await until(() => !isAlive(pid), 2000, 'the embedded server to be gone');
  } finally {
    proc.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unreachable MONGODB_URI fails fast with one line naming the database, no stack trace', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-start-'));
  const proc = run('scripts/start.ts', { MONGODB_URI: 'mongodb://127.0.0.1:1/x', TIDINGS_DATA_DIR: dir });
  const code = await proc.exited;
  rmSync(dir, { recursive: true, force: true });
  assert.is(code, 1);
  const lines = proc.output().trim().split('\n');
  assert.is(lines.length, 1, proc.output());
  assert.match(lines[0] ?? '', /Tidings cannot start: Cannot reach the database at mongodb:\/\/127\.0\.0\.1:1\/x \(MONGODB_URI\)/);
});

test('bad configuration fails with one line naming the variable', async () => {
  const proc = run('scripts/api.ts', { PORT: 'eighty' });
  const code = await proc.exited;
  assert.is(code, 1);
  assert.is(proc.output().trim(), 'Tidings cannot start: PORT: expected a port number 0-65535, got "eighty"');
});

test.run();
