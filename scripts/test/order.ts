/**
 * The order the runner starts its jobs in: longest first (the typecheck, the dead-code check and
 * the test files alike), so the two lanes end together instead of one running a long file alone
 * at the end. What a job takes comes from EXPECTED_S, the files that take 10 s or more in CI
 * (seconds per file under the runner's two-at-a-time load on a 2-core machine, from a CI run's
 * `ok … (N s)` lines); a browser file not listed counts as a browser file's mean, any other as a
 * short one. Refresh the table when a file gets much slower or faster: a stale figure only costs
 * balance, never a result.
 */
import path from 'node:path';

const EXPECTED_S: Readonly<Record<string, number>> = {
  'tsconfig.json': 25, // the typecheck
  'knip.json': 8, // the dead-code check
  'test/hardening/hostile-text.test.ts': 33,
  'test/foundation/ctrl-c-1.test.ts': 29,
  'test/foundation/ctrl-c-2.test.ts': 29,
  'test/foundation/ctrl-c-3.test.ts': 29,
  'test/foundation/ctrl-c-4.test.ts': 29,
  'test/hardening/faults.test.ts': 19,
  'test/foundation/embedded-data.test.ts': 19,
  'test/foundation/embedded-crash.test.ts': 19,
  'test/foundation/process.test.ts': 18,
  'test/hardening/load.test.ts': 17,
  'test/ingestion/gate-model.test.ts': 16,
  'test/admin/opml.test.ts': 15,
  'test/foundation/ctrl-c-embedded.test.ts': 14,
  'test/hardening/worker-faults.test.ts': 13,
  'test/hardening/sigterm-build.test.ts': 13,
  'test/ingestion/feed-fixtures.test.ts': 11,
  'test/digest/digest-routes.test.ts': 10,
  'test/site/island.test.ts': 10,
};

/** A browser file not in the table: the mean of test/browser/ in CI (~660 s over 16 files). */
const BROWSER_S = 40;
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
