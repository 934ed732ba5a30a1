/**
 * The bench's child processes (the load generator, the build, the mixed-load client): one way to
 * run `node <args>` to its end and collect what it printed.
 */
import { spawn } from 'node:child_process';

/** How a child ended and what it printed (`err` is empty when stderr is passed through). */
export interface ChildRun {
  code: number | null;
  out: string;
  err: string;
}

/** Run `node <args>` (this Node binary); resolves when it exits, rejects when it cannot start. */
export function runNode(args: readonly string[], options: { stderr?: 'collect' | 'inherit' } = {}): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], { stdio: ['ignore', 'pipe', options.stderr === 'inherit' ? 'inherit' : 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}
