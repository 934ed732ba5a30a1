/**
 * Every regular expression literal of the product (core/, api/, jobs/, site/, app/) is checked for
 * super-linear backtracking (ReDoS) by recheck, the ReDoS checker made for this: a pattern that can
 * take polynomial or exponential time on a crafted input fails this test unless it is listed below
 * with the reason its input is bounded. Feed text, model answers, headers and log values are
 * hostile and can be megabytes long: a pattern that reads them must be linear (see
 * core/domain/markup-scan.ts for the passes that replaced such patterns).
 *
 * Patterns built at run time (`new RegExp(...)`) are checked too: every such call is listed in
 * CONSTRUCTED with the patterns it builds, taken from the module itself (or built by its own
 * builder from representative input), or with the literal whose source it copies; a new call
 * fails the test until it is listed.
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
import { CACHE_RULE_PATTERNS } from '../../api/http-cache.ts';
import { COMPILED } from '../../core/domain/classifier-terms.ts';
import { gentleExcluded } from '../../core/domain/gate.ts';
import { INSTRUCTION } from '../../core/domain/gate-instructions.ts';
import { elementsNamed } from '../../core/domain/markup-scan.ts';
import { avoidPattern } from '../../core/domain/prefs.ts';

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

/**
 * Every `new RegExp(...)` of the product, keyed `file: new RegExp(<its first argument as written,
 * without backslashes and quotes, spaces squeezed, up to 50 characters>`: `built` gives the patterns the call makes (read from the
 * module, or made by its own builder from representative input), checked as the literals are (a
 * super-linear one needs `bound`, as in BOUNDED); `copies` names the literal whose source it reuses
 * (checked above as a literal); `shape` is one instance of a pattern built from a number.
 */
type Constructed = { built: () => readonly RegExp[]; bound?: string } | { copies: string } | { shape: RegExp; why: string };

const CONSTRUCTED: Readonly<Record<string, Constructed>> = {
  // unitEscaper's test and global replace of the one class each caller passes: the literals given in core/platform/log.ts (controls) and core/readmodel/json.ts (wide units), checked above.
  'core/domain/escape.ts: new RegExp(units.source': { copies: 'the character class passed by core/platform/log.ts and core/readmodel/json.ts' },
  'core/domain/feedback.ts: new RegExp(CONTROL.source': { copies: 'CONTROL of core/domain/feedback.ts' },
  'core/domain/word-scan.ts: new RegExp(APOSTROPHES.source': { copies: 'APOSTROPHES of core/domain/word-scan.ts' },
  'core/puzzles/dictionary.ts: new RegExp(^[a-z]{${length}}$': { shape: /^[a-z]{5}$/, why: 'a word length' },
  'core/domain/puzzle.ts: new RegExp(^[a-z]{${length}}$': { shape: /^[a-z]{5}$/, why: 'a word length' },
  'core/domain/gate-instructions.ts: new RegExp([ String.rawb(?:ignore|disregard|forget|override|b': { built: () => [INSTRUCTION] },
  'core/domain/classifier-terms.ts: new RegExp((?<![p{L}p{N}])${termPattern(term)}(?![p{L}p{N}])': { built: () => oneOfEachShape(COMPILED.map((c) => c.pattern)) },
  'core/domain/gate.ts: new RegExp(b(?:${GENTLE_EXCLUDED_TERMS.map((t) => t.replace(/': { built: () => [gentleExcluded] },
  // A reader's avoid-terms: escaped words, a run of spaces between words, any script.
  'core/domain/prefs.ts: new RegExp((?<![p{L}p{N}_])(?:${parts.join(|)})(?![p{L}p{N}_]': {
    built: () => [avoidPattern(['war', 'royal family', 'stock  market crash', 'café crème', 'a+b (c)?', 'übernahme', '東京'])!],
  },
  'core/domain/markup-scan.ts: new RegExp(<(${names.join(|)})b': { built: () => [elementsNamed(['script', 'style', 'noscript']).opener] },
  'core/domain/markup-scan.ts: new RegExp(</${n}s*>': { built: () => [...elementsNamed(['script', 'style', 'noscript']).closers.values()] },
  'api/http-cache.ts: new RegExp(^${body}$': { built: () => CACHE_RULE_PATTERNS.map(([pattern]) => pattern) },
};

/**
 * One pattern of each shape: the lexicon's ~600 term patterns differ in their letters only (a run
 * of plain letters reads as `w`: about ten shapes), and letters between the same quantifiers do not
 * change how a pattern backtracks. Checking each took recheck ~80 s; one of each shape, a second.
 */
function oneOfEachShape(patterns: readonly RegExp[]): RegExp[] {
  const byShape = new Map<string, RegExp>();
  for (const re of patterns) {
    const shape = `${re.source.replace(/(?<!\\)[a-z0-9\u00e9]+/g, 'w')}/${re.flags}`;
    if (!byShape.has(shape)) byShape.set(shape, re);
  }
  return [...byShape.values()];
}

interface Literal {
  file: string;
  line: number;
  source: string;
  flags: string;
}

/** A `new RegExp(...)` call: its CONSTRUCTED key and line. */
interface Construction {
  key: string;
  line: number;
}

function productFiles(): string[] {
  return execFileSync('git', ['ls-files', 'core', 'api', 'jobs', 'site', 'app'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f));
}

/** Every regular expression literal and every `new RegExp(...)` of the product's source. */
function scan(): { literals: Literal[]; constructions: Construction[] } {
  const literals: Literal[] = [];
  const constructions: Construction[] = [];
  for (const file of productFiles()) {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        literals.push({ file, line: lineOf(node), source: text.slice(1, end), flags: text.slice(end + 1) });
      }
      if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const first = node.arguments?.[0]?.getText(source).replace(/[\\`'"]/g, '').replace(/\s+/g, ' ').slice(0, 50) ?? '';
        constructions.push({ key: `${file}: new RegExp(${first}`, line: lineOf(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, constructions };
}

/** The product's source read once for both tests (a TypeScript parse of every file). */
const scanned = scan();

test('no regular expression of the product can backtrack super-linearly on unbounded input', () => {
  const all = scanned.literals;
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

test('every pattern built at run time is listed, and none can backtrack super-linearly on unbounded input', () => {
  const { constructions } = scanned;
  assert.ok(constructions.length >= 10, `${constructions.length} constructions found`);
  const unlisted = constructions.filter((c) => !(c.key in CONSTRUCTED)).map((c) => `${c.key} (line ${c.line})`);
  assert.equal(unlisted, [], 'new RegExp(...) calls missing from CONSTRUCTED');
  const stale = Object.keys(CONSTRUCTED).filter((key) => !constructions.some((c) => c.key === key));
  assert.equal(stale, [], 'CONSTRUCTED entries no call matches any more');
  const vulnerable: string[] = [];
  let checked = 0;
  for (const [key, entry] of Object.entries(CONSTRUCTED)) {
    if ('copies' in entry) continue;
    const patterns = 'shape' in entry ? [entry.shape] : entry.built();
    assert.ok(patterns.length > 0, `${key}: builds no pattern`);
    for (const re of patterns) {
      checked += 1;
      const result = checkSync(re.source, re.flags, { timeout: 5000, randomSeed: 7 });
      if (result.status === 'vulnerable' && !('bound' in entry && entry.bound)) vulnerable.push(`${key}: /${re.source.slice(0, 80)}/${re.flags} (${result.complexity.type})`);
    }
  }
  assert.ok(checked >= 20, `${checked} built patterns checked`);
  assert.equal(vulnerable, [], 'super-linear built patterns with no bound given');
});

test('the audit finds a super-linear pattern (a positive control)', () => {
  // The pattern markup-scan.ts replaced: each search restarts at every `<` and reads to the end.
  assert.is(checkSync('<[^>]*>', 'g', { timeout: 5000, randomSeed: 7 }).status, 'vulnerable');
  assert.is(checkSync('^(a|a)*$', '', { timeout: 5000, randomSeed: 7 }).status, 'vulnerable');
  assert.is(checkSync('<[^<>]{0,8192}>', 'g', { timeout: 5000, randomSeed: 7 }).status, 'safe');
});

test.run();
