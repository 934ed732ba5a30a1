/**
 * The order the runner starts its jobs in: longest first (the typecheck, the dead-code check and
 * the test files alike), so the two lanes end together instead of one running a long file alone
 * at the end. What a job takes comes from EXPECTED_S, the files that take 10 s or more in CI
 * (seconds per file under the runner's two-at-a-time load on a 2-core machine, from the `ok … (N s)`
 * lines of the clean-clone run of 26 Nov 2026, 07:30 UTC); a browser file not listed counts as a
 * browser file's mean, any other as a short one. Refresh the table when a file gets much slower
 * or faster: a stale figure only costs balance, never a result.
 */
import path from 'node:path';

const EXPECTED_S: Readonly<Record<string, number>> = {
  'test/browser/finishing.test.ts': 85,
  'test/browser/following.test.ts': 65,
  'test/browser/admin.test.ts': 60,
  'test/browser/reader.test.ts': 58,
  'test/browser/cards.test.ts': 48,
  'test/hardening/hostile-text.test.ts': 47,
  'test/browser/a11y.test.ts': 46,
  'test/browser/toast.test.ts': 44,
  'test/browser/menus.test.ts': 38,
  'test/browser/games.test.ts': 35,
  'test/foundation/ctrl-c-1.test.ts': 34,
  'test/browser/keyboard.test.ts': 34,
  'test/browser/pauses.test.ts': 34,
  'test/browser/account.test.ts': 33,
  'test/browser/density.test.ts': 31,
  'test/foundation/ctrl-c-3.test.ts': 26,
  'test/foundation/ctrl-c-2.test.ts': 25,
  'test/hardening/sigterm-build.test.ts': 25,
  'test/browser/brief-everywhere.test.ts': 24,
  'test/browser/offline.test.ts': 23,
  'tsconfig.json': 22, // the typecheck
  'test/foundation/ctrl-c-4.test.ts': 20,
  'test/browser/filters.test.ts': 19,
  'test/hardening/faults.test.ts': 17,
  'test/ingestion/feed-fixtures.test.ts': 17,
  'test/ingestion/gate-model.test.ts': 16,
  'test/foundation/embedded-data.test.ts': 13,
  'test/foundation/process.test.ts': 13,
  'test/foundation/embedded-crash.test.ts': 12,
  'test/foundation/ctrl-c-embedded.test.ts': 11,
  'test/hardening/load.test.ts': 11,
  'knip.json': 4, // the dead-code check
};

/** A browser file not in the table (a new one): the mean of test/browser/ in CI (~680 s over 16 files). */
const BROWSER_S = 42;
/** Any other file not in the table: most take 2-5 s, much of it Node loading the code. */
const OTHER_S = 3;

/** What the job for this file (absolute path) is expected to take, in seconds. */
export function expectedSeconds(file: string): number {
  const rel = path.relative(process.cwd(), file).split(path.sep).join('/');
  return EXPECTED_S[rel] ?? (rel.startsWith('test/browser/') ? BROWSER_S : OTHER_S);
}

/** Longest expected first; equal ones keep their given (path) order. */
export function longestFirst<T extends { file: string }>(jobs: readonly T[]): T[] {
  return jobs
    .map((job, i) => ({ job, i, s: expectedSeconds(job.file) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map(({ job }) => job);
}
