/**
 * Launches the embedded MongoDB-wire-compatible server (jongodb) when MONGODB_URI is unset. The
 * server keeps data in memory; core/store/embedded-data.ts restores it from the data directory and
 * saves it back. The child is killed on normal exit, on a crash of this process, and on
 * SIGINT/SIGTERM; it runs in its own process group so nothing is ever left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** A running embedded server. */
export interface EmbeddedServer {
  /** `mongodb://127.0.0.1:<port>/` without a database name. */
  uri: string;
  /** Process id of the server (its process group id too). */
  pid: number;
  /** Stop the server and wait for it to exit. Idempotent. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
let hooksInstalled = false;

function killAll(): void {
  for (const child of live) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  live.clear();
}

function installExitHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // 'exit' runs on every normal exit and after an uncaught exception has been printed.
  process.on('exit', killAll);
}

/** Path of the jongodb launcher shipped in its npm package. */
export function embeddedBinaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('@jongodb/memory-server-bin-linux-x64-gnu/package.json');
  return path.join(path.dirname(pkg), 'bin', 'jongodb');
}

/** Start the embedded server on a free loopback port and wait for its ready line (timeout 30 s). */
export function startEmbeddedServer(options: { timeoutMs?: number } = {}): Promise<EmbeddedServer> {
  installExitHooks();
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(embeddedBinaryPath(), ['--host=127.0.0.1', '--port=0'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // own process group: we kill the whole group
      });
    } catch (error) {
      reject(new Error(`could not start the embedded database: ${String(error)}`));
      return;
    }
    live.add(child);
    let output = '';
    let settled = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const stop = async () => {
      if (!live.has(child)) return exited;
      live.delete(child);
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }, 2000);
      await exited;
      clearTimeout(timer);
    };
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop();
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail(`the embedded database did not start within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /JONGODB_URI=(mongodb:\/\/[^\s/]+)/.exec(output);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        // Keep draining the pipes so the child never blocks on a full buffer.
        resolve({ uri: `${match[1]}/`, pid: child.pid ?? 0, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) => fail(`could not start the embedded database: ${error.message}`));
    child.once('exit', (code) => {
      live.delete(child);
      fail(`the embedded database exited early (code ${code}): ${output.slice(-300)}`);
    });
    child.unref();
    (child.stdout as NodeJS.ReadableStream & { unref?: () => void } | null)?.unref?.();
    (child.stderr as NodeJS.ReadableStream & { unref?: () => void } | null)?.unref?.();
  });
}
