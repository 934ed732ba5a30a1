/**
 * The two checks `npm test` runs beside the test files, each counted as one test: the typecheck
 * (`tsc --noEmit`, strict) and the dead-code check (knip with knip.json). They run in the runner's
 * lanes like a test file, so neither holds the files back (tsc takes ~25 s, knip ~8 s of one core).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One test file's (or check's) outcome. */
export interface FileResult {
  file: string;
  passed: number;
  failed: number;
  output: string;
  ms: number;
}

// eslint-disable-next-line no-control-regex
export const stripAnsi = (s: string): string => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

export const TYPECHECK = path.resolve('tsconfig.json');
export const DEAD_CODE_CHECK = path.resolve('knip.json');

/** Run a Node tool to its end: one passed entry when it exits 0, else one failed with its output. */
function runTool(file: string, args: string[], hint: string, cleanup = () => undefined as void): Promise<FileResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => {
      cleanup();
      const ok = code === 0;
      const text = ok ? output : `${output}\n[runner] exit code ${code}: ${hint}`;
      resolve({ file, passed: ok ? 1 : 0, failed: ok ? 0 : 1, output: stripAnsi(text), ms: Date.now() - started });
    });
  });
}

/** The typecheck: `tsc --noEmit -p .` over tsconfig.json (strict). */
export function typecheck(): Promise<FileResult> {
  return runTool(TYPECHECK, [path.resolve('node_modules/typescript/bin/tsc'), '--noEmit', '-p', '.'], 'fix the type errors above (npm run typecheck)');
}

/**
 * The dead-code check: knip over the layout in knip.json. Files git does not know (someone's
 * scratch file in a shared work tree) are not judged: CI's fresh clone has none.
 */
export function deadCodeCheck(): Promise<FileResult> {
  let untracked: string[] = [];
  try {
    untracked = execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    // not a git work tree: judge everything
  }
  const config = JSON.parse(readFileSync(DEAD_CODE_CHECK, 'utf8')) as { ignore?: string[] };
  const configFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'tidings-knip-')), 'knip.json');
  writeFileSync(configFile, JSON.stringify({ ...config, ignore: [...(config.ignore ?? []), ...untracked] }));
  return runTool(
    DEAD_CODE_CHECK,
    [path.resolve('node_modules/knip/bin/knip.js'), '--no-progress', '--no-config-hints', '--config', configFile],
    'remove what is unused, or see CONTRIBUTING.md "Dead code"',
    () => rmSync(path.dirname(configFile), { recursive: true, force: true }),
  );
}
