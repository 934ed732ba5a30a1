/**
 * Helpers of the embedded-data tests: `npm start` on one data directory (started, stopped with
 * Ctrl-C, everything left over killed at the end), attaching this test process to its server as
 * `npm run seed` does, and `npm run seed` itself.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as assert from 'uvu/assert';
import type { Document } from 'mongodb';
import { MongoClient } from 'mongodb';
import { createMemoryLogger } from '../../core/platform/log.ts';
import { startEmbeddedServer } from '../../core/store/embedded.ts';
import { openEmbedded, type EmbeddedDatabase } from '../../core/store/embedded-data.ts';
import { saveSnapshot, snapshotDir } from '../../core/store/snapshot.ts';
import { isAlive, until } from '../helpers/until.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A running `npm start`. */
export interface Running {
  child: ChildProcess;
  url: string;
  serverPid: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** One data directory and the processes started on it. */
export function embeddedPlace() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-embedded-'));
  const dataDir = path.join(dir, 'data');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: '0',
    LOG_LEVEL: 'info',
    TIDINGS_DATA_DIR: dataDir,
    TIDINGS_DIST_DIR: path.join(dir, 'dist'),
  };
  const running = new Set<Running>();

  /** `npm start`'s script, waited for until its ready line. */
  async function start(extra: Record<string, string> = {}): Promise<Running> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/start.ts')], { cwd: ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await until(() => /Tidings is ready at /.test(out) || child.exitCode !== null, 90_000, 'the ready line');
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}: ${out}`);
    const started: Running = {
      child,
      url: /Tidings is ready at (\S+)/.exec(out)?.[1] ?? '',
      serverPid: Number(/embedded database.*pid=(\d+)/.exec(out)?.[1] ?? 0),
      output: () => out,
      exited,
    };
    running.add(started);
    return started;
  }

  /** Ctrl-C: exit 0 and the embedded server gone. */
  async function stop(run: Running): Promise<void> {
    running.delete(run);
    run.child.kill('SIGINT');
    assert.is(await run.exited, 0, run.output());
    await until(() => !isAlive(run.serverPid), 5000, 'the embedded server to be gone');
  }

  /** Kill -9, as a crash: no exit hook runs, so the embedded server is left and killed here too. */
  async function crash(run: Running): Promise<void> {
    running.delete(run);
    run.child.kill('SIGKILL');
    await run.exited;
    process.kill(-run.serverPid, 'SIGKILL');
    await until(() => !isAlive(run.serverPid), 5000, 'the orphaned server to be gone');
  }

  /** This test process attached to the running server, as `npm run seed` attaches (its writes leave marks for the owner). */
  async function attach(): Promise<EmbeddedDatabase> {
    const address = JSON.parse(readFileSync(path.join(dataDir, 'embedded.json'), 'utf8')) as { uri: string; state: string };
    assert.is(address.state, 'ready');
    const attached = await openEmbedded({ dataDir, saveSeconds: 30, log: createMemoryLogger() });
    assert.is(attached.role.kind, 'attached');
    return attached;
  }

  /** A seed file with one source and one calm story. */
  function seedFile(name: string, title: string): string {
    const host = name.toLowerCase().replace(/\W+/g, '-');
    const file = path.join(dir, `${host}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        sources: [{ name, feed_url: `https://${host}.example.org/feed` }],
        articles: [{ source: name, title, url: `https://${host}.example.org/story`, topic: 'nature', tags: ['wildlife'], flavor: 'wonder', cortisol: 1, ragebait: 0, promotional: 0 }],
      }),
    );
    return file;
  }

  /** `npm run seed -- <file>` on this data directory. */
  const npmSeed = (file: string) => promisify(execFile)('npm', ['run', '--silent', 'seed', '--', file], { cwd: ROOT, env, timeout: 60_000 });

  /**
   * Saved data to start from, written by the snapshot code itself through a scratch server (a
   * paused source, say, so the first round has nothing to fetch and the start is quick).
   */
  async function prepare(collections: Record<string, Document[]>): Promise<void> {
    const server = await startEmbeddedServer();
    const client = new MongoClient(`${server.uri}prepare`);
    try {
      await client.connect();
      const db = client.db('prepare');
      for (const [name, docs] of Object.entries(collections)) if (docs.length > 0) await db.collection(name).insertMany(docs);
      await saveSnapshot(db, snapshotDir(dataDir), Object.keys(collections), new Date());
    } finally {
      await client.close();
      await server.stop();
    }
  }

  /** Kill whatever a failed test left running, and remove the directory. */
  function cleanUp(): void {
    for (const r of running) {
      r.child.kill('SIGKILL');
      try {
        if (r.serverPid) process.kill(-r.serverPid, 'SIGKILL');
      } catch {
        // gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }

  return { dir, dataDir, env, start, stop, crash, attach, prepare, seedFile, npmSeed, cleanUp };
}
