/**
 * test/ has no fixed sleeps (issue 22): a test waits on the event itself (test/helpers/until.ts
 * polls a condition; ctx.mailSettled() says no mail is on its way; a peer holds its answer until
 * the test releases it), never on a timer standing in for it. This scan finds the shapes a sleep
 * takes: a promise resolved by a timer (`setTimeout(r, 300)`, `setTimeout(() => resolve(), n)`),
 * `sleep(` / `delay(` / `waitForTimeout(`, and `timers/promises`. The allow-list holds the one
 * polling loop and one deliberate moment, each with its reason; a new entry needs one too.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, testSources } from '../helpers/test-sources.ts';

/** What a fixed sleep looks like. */
const SLEEPS: readonly RegExp[] = [
  // A timer whose only work is to resolve a promise: `setTimeout(r, 300)`, `setTimeout(resolve, ms)`.
  /setTimeout\(\s*(?:r|res|resolve|done|next|wake)\s*,/,
  // The same as an arrow: `setTimeout(() => r(), 300)`, `setTimeout(() => resolve(undefined), ms)`.
  /setTimeout\(\s*\(\)\s*=>\s*(?:r|res|resolve|done|next|wake)\(\s*(?:undefined)?\s*\)\s*,/,
  /\b(?:sleep|delay|wait)\(\s*\d/,
  /\.waitForTimeout\(/,
  /['"](?:node:)?timers\/promises['"]/,
];

/** Each allowed line (file relative to the repository, the line's text trimmed) and why. */
const ALLOWED: ReadonlyArray<{ file: string; line: string; why: string }> = [
  { file: 'test/helpers/until.ts', line: 'await new Promise((r) => setTimeout(r, 50));', why: 'the polling interval of until(), the one polling loop' },
  {
    file: 'test/foundation/ctrl-c.ts',
    line: 'await new Promise((resolve) => setTimeout(resolve, moment.afterMs));',
    why: 'the moment of the SIGINT (160-760 ms after the ready line, issue 17) is what the test varies: a parameter, not a wait for a condition',
  },
];

/** This file: it spells the shapes out. */
const SELF = 'test/foundation/no-sleeps.test.ts';

/** `file:line: text` of each fixed sleep in `text` that the allow-list does not name. */
function findSleeps(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line.startsWith('//') || line.startsWith('*')) return;
    if (!SLEEPS.some((re) => re.test(line))) return;
    if (ALLOWED.some((a) => a.file === file && a.line === line)) return;
    found.push(`${file}:${i + 1}: ${line}`);
  });
  return found;
}

test('the scan finds each shape of a fixed sleep, and not a timer that is a deadline or a peer\'s own work', () => {
  const sleeps = [
    'await new Promise((r) => setTimeout(r, 300));',
    'await new Promise((resolve) => setTimeout(resolve, 25));',
    'await new Promise<void>((resolve) => setTimeout(() => resolve(), 100));',
    'await sleep(200);',
    'await page.waitForTimeout(500);',
    "import { setTimeout as wait } from 'node:timers/promises';",
  ];
  for (const line of sleeps) assert.equal(findSleeps('test/x.test.ts', line).length, 1, line);
  const fine = [
    'const timer = setTimeout(() => controller.abort(), 2000);',
    "Promise.race([ping(), new Promise<boolean>((r) => setTimeout(() => r(false), 2500))])",
    'await until(() => smtp.messages.length >= 2, 10_000, "two mails");',
    '// await new Promise((r) => setTimeout(r, 300));',
  ];
  for (const line of fine) assert.equal(findSleeps('test/x.test.ts', line), [], line);
  // The allow-list is by file and line: the polling interval is allowed in until.ts only.
  assert.equal(findSleeps('test/helpers/until.ts', 'await new Promise((r) => setTimeout(r, 50));'), []);
  assert.equal(findSleeps('test/helpers/other.ts', 'await new Promise((r) => setTimeout(r, 50));').length, 1);
});

test('test/ has no fixed sleeps', () => {
  const files = testSources().filter((file) => file !== SELF);
  assert.ok(files.length > 100 && files.includes('test/helpers/until.ts'), `${files.length} files scanned`);
  const found = files.flatMap((file) => findSleeps(file, readFileSync(path.join(ROOT, file), 'utf8')));
  assert.equal(found, [], `wait on the event itself (test/helpers/until.ts, ctx.mailSettled(), a peer held until released):\n${found.join('\n')}`);
});

test('every allow-list entry still names a line that exists (no stale permission)', () => {
  for (const { file, line } of ALLOWED) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    assert.ok(text.split('\n').some((l) => l.trim() === line), `${file} no longer has: ${line}`);
  }
});

test.run();
