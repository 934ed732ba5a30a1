/**
 * One rule in one place (issue 22) for the small rules that had been written out where they were
 * needed: the UTC day of a moment (`utcDay`, core/domain/days.ts; nine copies of
 * `toISOString().slice(0, 10)` before, three of them named `utcDay`), the text of a thrown value
 * (`errorText`, core/platform/errors.ts; nine copies), a character's `\u` escape (`unitEscaper`,
 * core/domain/escape.ts; two copies), the shape of a secret token (`isSecretToken`,
 * core/domain/auth.ts; three), of an id (`isValidId`, core/domain/guards.ts; two), of a mood, topic
 * or tag id (`isSlug`; two, in the app), a switch that is on (`isOn`; three) and a source's statuses
 * (`SOURCE_STATUSES`, core/domain/source.ts; three: the admin route, the seed file, the app) and a
 * visitor token's shape (`isVisitorToken`, guards.ts; the app kept its own, narrower); for the admin
 * page (28 Nov afternoon): a candidate still open to reject or promote (`isOpenCandidate`,
 * core/domain/candidate.ts; the route twice, the app once), a failing source (`isFailingSource`,
 * core/domain/source.ts; the stats and the app), an import's statuses (`IMPORT_STATUSES`; the route,
 * the pipeline, the app) and the dashboard's windows (`STATS_WINDOWS`, core/domain/stats.ts; the
 * app), and the sign-in methods (`IDENTITY_PROVIDERS`, core/domain/user.ts; the app's account
 * reader); the tolerant field readers (`isRecord`, `textOf`, `numberOf`, … in guards.ts: `isRecord`
 * four times more, a string-or-default and a finite-number-or-default eleven times, the missing
 * score's 10 three times, now `scoreOf`). No source module
 * under core/, api/, jobs/, site/, app/ or scripts/ spells one out again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['core', 'api', 'jobs', 'site', 'app', 'scripts'];

/** Each rule: the spelling a copy would have, and the one module that may hold it. */
const RULES = [
  { rule: 'the UTC day of a moment', spelling: /toISOString\(\)\.slice\(0,\s*10\)/, home: 'core/domain/days.ts' },
  { rule: 'the text of a thrown value', spelling: /instanceof Error \? \w+\.message : String\(/, home: 'core/platform/errors.ts' },
  { rule: "a character's \\u escape", spelling: /charCodeAt\(0\)\.toString\(16\)\.padStart\(4/, home: 'core/domain/escape.ts' },
  { rule: "a secret token's shape", spelling: /\[A-Za-z0-9_-\]\{20,200\}/, home: 'core/domain/auth.ts' },
  { rule: "an id's shape", spelling: /\/\^\[A-Za-z0-9_-\]\{1,64\}\$\//, home: 'core/domain/guards.ts' },
  { rule: "a mood, topic or tag id's shape", spelling: /\[a-z0-9\]\[a-z0-9-\]\{0,40\}/, home: 'core/domain/guards.ts' },
  { rule: 'a switch that is on', spelling: /1\|true\|yes\|on|true\|1\|yes\|on/, home: 'core/domain/guards.ts' },
  { rule: "a source's statuses", spelling: /'active', 'paused', 'retired'/, home: 'core/domain/source.ts' },
  { rule: "a visitor token's shape", spelling: /\[A-Za-z0-9_-\]\{16,/, home: 'core/domain/guards.ts' },
  { rule: 'a candidate still waiting for a decision', spelling: /'suggested'(?: \|\||,) (?:\w+\.status === )?'quarantined'/, home: 'core/domain/candidate.ts' },
  { rule: 'a failing source', spelling: /failures > 0 \|\| \w+\.last_error/, home: 'core/domain/source.ts' },
  { rule: "an OPML import's statuses", spelling: /\['paused', 'active'\]|'paused' \| 'active'/, home: 'core/domain/source.ts' },
  { rule: 'the sign-in methods', spelling: /\['email', 'oidc'\]|'email' \| 'oidc'|!== 'email' && \w+\.provider !== 'oidc'/, home: 'core/domain/user.ts' },
  { rule: 'a plain object from JSON', spelling: /typeof \w+ === 'object' && \w+ !== null && !Array\.isArray/, home: 'core/domain/guards.ts' },
  { rule: 'a text field read tolerantly', spelling: /typeof (\w+) === 'string' \? \1 : (?:''|null|fallback)\b/, home: 'core/domain/guards.ts' },
  { rule: 'a finite number read tolerantly', spelling: /Number\.isFinite\((\w+)\) \? \1 : (?:0|10|null|fallback)\b/, home: 'core/domain/guards.ts' },
  { rule: 'the strings of a list read tolerantly', spelling: /filter\(\((\w+)\): \1 is string => typeof \1 === 'string'\)/, home: 'core/domain/guards.ts' },
  { rule: "a word game tile's colours", spelling: /'(?:correct|present|absent)'(?:, | \| )'(?:correct|present|absent)'(?:, | \| )'(?:correct|present|absent)'/, home: 'core/domain/puzzle.ts' },
  { rule: 'a value one of a fixed list', spelling: /as readonly unknown\[\]\)\.includes\(|\.(?:some|find)\(\((\w)\) => \1 === \w+(?:\.\w+)?\)/, home: 'core/domain/guards.ts' },
  { rule: "the dashboard's windows", spelling: /\[7, 30, 90\]/, home: 'core/domain/stats.ts' },
];

const modules = FOLDERS.flatMap((folder) =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(?:ts|tsx)$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => `${folder}/${f.split(path.sep).join('/')}`),
);

test('each rule is spelled out in its own module only', () => {
  assert.ok(modules.length > 200, `only ${modules.length} modules found`);
  for (const { rule, spelling, home } of RULES) {
    const holders = modules.filter((file) => spelling.test(readFileSync(path.join(ROOT, file), 'utf8')));
    assert.equal(holders, [home], `${rule}: written out in ${holders.join(', ')}; use ${home}'s function`);
  }
});

/**
 * What issue 22 took out and a library now does, by the spelling it had (each matched the removed
 * code: the two entity tables of normalize.ts and reply.ts, api/server.ts's `SecuredResponse`, the
 * cleared-when-full memos of params.ts, answers.ts and gate-features.ts).
 */
const REPLACED = [
  { what: 'a hand-written HTML entity table (decode with `entities`, core/domain/feed-html.ts)', spelling: /\bamp['"]?\s*[:,]\s*['"]&['"]/ },
  { what: 'a custom Node ServerResponse class (security headers come from hono/secure-headers, api/security-headers.ts)', spelling: /extends\s+(?:http\.)?ServerResponse\b|ServerResponse:\s*\w/ },
];

/** A memo bounded by hand (emptied or trimmed when full), and the modules whose comment gives the figure that justifies it. */
const HAND_MADE_MEMO = /\.size >= [A-Z][A-Z_]*\) (?:\w+\.clear\(\)|\{)|Count >= [A-Z_]+_MAX\)/;
const JUSTIFIED_MEMOS = ['core/domain/classifier-hits.ts', 'core/domain/prefs.ts'];

test('no module writes again what a library does: an entity table, a ServerResponse class', () => {
  for (const { what, spelling } of REPLACED) {
    const holders = modules.filter((file) => spelling.test(readFileSync(path.join(ROOT, file), 'utf8')));
    assert.equal(holders, [], `${what}: found in ${holders.join(', ')}`);
  }
});

test('every bounded memo goes through core/platform/cache.ts, or its comment gives the figure that justifies a hand-made one', () => {
  const holders = modules.filter((file) => HAND_MADE_MEMO.test(readFileSync(path.join(ROOT, file), 'utf8')));
  assert.equal(holders, JUSTIFIED_MEMOS, `hand-made memos in ${holders.join(', ')}: use boundedCache or wordMemo`);
  for (const file of JUSTIFIED_MEMOS) {
    assert.match(readFileSync(path.join(ROOT, file), 'utf8'), /Hand-made rather than core\/platform\/cache\.ts[^]{0,400}\d[\d,.]* (?:µs|bytes)/, `${file}: the comment with its figure`);
  }
});

test('the browser counts days with the same function as the server', () => {
  for (const file of ['app/lib/events.ts', 'app/games/word-game.ts']) {
    assert.match(readFileSync(path.join(ROOT, file), 'utf8'), "from '../../core/domain/days.ts'", `${file} imports core/domain/days.ts`);
  }
});

test.run();
