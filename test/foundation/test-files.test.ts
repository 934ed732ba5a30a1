/**
 * Every test the suite holds runs. uvu registers tests until the file calls `test.run()`: a test
 * written below that call is never run and never reported (a test of the server's own pages was
 * once added there and passed by not running), and a committed `test.only` silently skips the
 * rest of its file. This reads every test file for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, testSources } from '../helpers/test-sources.ts';

/** A call that registers a test or a hook on uvu's default suite. */
const REGISTERS = /^\s*test(?:\.(?:only|skip|before|after|before\.each|after\.each))?\(/m;
const ONLY = /^\s*test\.only\(/m;

/** What is wrong with one test file's text: a registration after its last `test.run()`, a `test.only`. */
function problems(file: string, text: string): string[] {
  const found: string[] = [];
  const run = text.lastIndexOf('\ntest.run();');
  if (run >= 0 && REGISTERS.test(text.slice(run + '\ntest.run();'.length))) found.push(`${file}: a test or hook after test.run() (never run)`);
  if (ONLY.test(text)) found.push(`${file}: test.only (the rest of the file is skipped)`);
  return found;
}

test('the check finds a test after test.run() and a test.only, and passes a file that ends with its run', () => {
  const good = "test('a', () => {});\n\ntest.run();\n";
  assert.equal(problems('x.test.ts', good), []);
  assert.equal(problems('x.test.ts', `${good}\ntest('late', () => {});\n`).length, 1);
  assert.equal(problems('x.test.ts', `${good}\ntest.after(async () => {});\n`).length, 1);
  // Spelled in two parts, so this file holds no focused test a scanner (or this check) would find.
  const focused = `test.${'only'}('a', () => {});\n\ntest.run();\n`;
  assert.equal(problems('x.test.ts', focused).length, 1);
});

test('every test file registers its tests before it runs them, and none is narrowed by test.only', () => {
  const files = testSources().filter((file) => file.endsWith('.test.ts'));
  assert.ok(files.length > 100, `${files.length} test files read`);
  const found = files.flatMap((file) => problems(file, readFileSync(path.join(ROOT, file), 'utf8')));
  assert.equal(found, []);
});

test.run();
