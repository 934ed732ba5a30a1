/**
 * Every regular expression literal of the product (core/, api/, jobs/, site/, app/) is checked for
 * super-linear backtracking (ReDoS) by recheck, the ReDoS checker made for this: a pattern that can
 * take polynomial or exponential time on a crafted input fails this test unless it is listed below
 * with the reason its input is bounded. Feed text, model answers, headers and log values are
 * hostile and can be megabytes long: a pattern that reads them must be linear (see
 * core/domain/markup-scan.ts for the passes that replaced such patterns).
 *
 * recheck's fuzzing is seeded (`randomSeed`), so a run finds the same patterns every time; a
 * pattern it cannot decide within the time-out is not a failure (only "vulnerable" is).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Patterns recheck finds super-linear whose input is bounded, keyed `file: /pattern/flags`, each
 * with the bound. A new entry needs the same: where the input comes from and why it is short.
 */
const BOUNDED: Readonly<Record<string, string>> = {
  'core/demo/index.ts: /\\/+$/': 'a configured base URL (operator input)',
  'core/platform/config.ts: /\\/+$/': 'a configured base URL (operator input)',
  'core/platform/config.ts: /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$|^[^\\s@]+@localhost$/': 'a configured e-mail address (operator input)',
  'core/domain/auth.ts: /^[^\\s@<>()[\\]\\\\,;:"]+@[^\\s@<>()[\\]\\\\,;:"]+\\.[^\\s@<>()[\\]\\\\,;:"]+$|^[^\\s@<>()[\\]\\\\,;:"]+@localhost$/': 'parseEmail tests the length (at most 254) first',
  'core/domain/feedback.ts: /^[^\\s@<>()[\\]\\\\,;:"]+@[^\\s@<>()[\\]\\\\,;:"]+\\.[^\\s@<>()[\\]\\\\,;:"]+$/': 'the feedback e-mail is length-checked (FEEDBACK_LIMITS.email) first',
  'core/domain/digest.ts: /<([^>]+)>/': "the configured From header (operator input)",
  'core/domain/ids.ts: /^-+|-+$/g': 'runs after every run of other characters became one "-": no long run of "-" is left',
  'core/domain/feed-html.ts: /[\\s,.;:–—-]+$/': 'truncate: a cut of at most 600 characters',
  'core/domain/summary.ts: /[\\s,;:–—-]+$/': 'firstSentence: a cut of at most 220 characters',
  'core/domain/summary.ts: /(?<=[.!?…]["\'”’)]*)\\s+/': 'firstSentence of a stored summary (at most SUMMARY_LIMITS.summary) or a retold teaser (at most 600)',
  'core/domain/reply.ts: /<(\\/?)([a-z]+)[^>]*>/gi': "sanitize-html's output of an admin's reply (body-limited): every tag is closed",
  'core/domain/reply.ts: /[ \\t]+$/g': "an admin's reply, body-limited, one line at a time",
  'core/domain/retell-words.ts: /[.!?…]+["”’)\\]]*\\s+(?=["“‘(]?[\\p{Lu}\\p{N}])/gu': 'a teaser (at most 600 characters)',
  'core/domain/retell-words.ts: /^["“”‘’\']+|["“”‘’\']+$/g': 'a sentence of a teaser (at most 600 characters)',
  'core/domain/opml.ts: /<\\?[\\s\\S]*?\\?>|<!--[\\s\\S]*?-->|<!DOCTYPE[^>[]*(\\[[\\s\\S]*?\\])?\\s*>/gi': "an admin's OPML upload (body-limited)",
};

/**
 * The closing calls of core/domain/teaser-boilerplate.ts (every one anchored at the text's end) run
 * only on texts of at most READ_UP_TO (1,000) characters: recheck's attacks cut to that length cost
 * at most ~0.4 ms. Its related-links pattern reads raw HTML, is not end-anchored, and stays checked.
 */
const boundedClosing = (re: Literal): boolean => re.file === 'core/domain/teaser-boilerplate.ts' && re.source.endsWith('$');

interface Literal {
  file: string;
  line: number;
  source: string;
  flags: string;
}

function literals(): Literal[] {
  const files = execFileSync('git', ['ls-files', 'core', 'api', 'jobs', 'site', 'app'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f));
  const out: Literal[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        out.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, source: text.slice(1, end), flags: text.slice(end + 1) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

test('no regular expression of the product can backtrack super-linearly on unbounded input', () => {
  const all = literals();
  assert.ok(all.length > 200, `${all.length} regular expression literals found`);
  const unlisted: string[] = [];
  for (const re of all) {
    const result = checkSync(re.source, re.flags, { timeout: 5000, randomSeed: 7 });
    if (result.status !== 'vulnerable') continue;
    const key = `${re.file}: /${re.source}/${re.flags}`;
    if (key in BOUNDED || boundedClosing(re)) continue;
    unlisted.push(`${re.file}:${re.line} /${re.source}/${re.flags} (${result.complexity.type}; attack ${JSON.stringify(result.attack.pattern).slice(0, 80)})`);
  }
  assert.equal(unlisted, [], 'super-linear patterns with no bound given in BOUNDED');
});

test('the audit finds a super-linear pattern (a positive control)', () => {
  // The pattern markup-scan.ts replaced: each search restarts at every `<` and reads to the end.
  assert.is(checkSync('<[^>]*>', 'g', { timeout: 5000, randomSeed: 7 }).status, 'vulnerable');
  assert.is(checkSync('^(a|a)*$', '', { timeout: 5000, randomSeed: 7 }).status, 'vulnerable');
  assert.is(checkSync('<[^<>]{0,8192}>', 'g', { timeout: 5000, randomSeed: 7 }).status, 'safe');
});

test.run();
