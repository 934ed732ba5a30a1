/**
 * Modules that read as what they do (issue 22): no source module under core/, api/, jobs/, site/,
 * app/ or scripts/ is over 300 lines, except the data tables named below, each with its reason.
 * A module that outgrows the limit is split where it holds two things (core/readmodel/params.ts
 * gave its field readers to core/readmodel/query-fields.ts at 329 lines).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['core', 'api', 'jobs', 'site', 'app', 'scripts'];
const MAX_LINES = 300;

/** The data tables allowed past the limit: file and why. */
const DATA_TABLES: ReadonlyMap<string, string> = new Map([
  ['core/puzzles/answers-5.ts', 'the 5-letter puzzle answers, one entry a line'],
  ['core/puzzles/answers-6.ts', 'the 6-letter puzzle answers, one entry a line'],
]);

/** Every source module of the folders (relative, forward slashes) with its line count. */
function moduleLines(): Array<{ file: string; lines: number }> {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(?:ts|tsx|js|mjs)$/.test(f) && !f.split(path.sep).includes('node_modules'))
      .map((f) => {
        const file = `${folder}/${f.split(path.sep).join('/')}`;
        const text = readFileSync(path.join(ROOT, file), 'utf8');
        return { file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) };
      }),
  );
}

const modules = moduleLines();

test('the walk reads the source modules, the data tables among them', () => {
  assert.ok(modules.length > 200, `only ${modules.length} modules found`);
  for (const table of DATA_TABLES.keys()) assert.ok(modules.some((m) => m.file === table), `${table} is allowed but no longer exists: drop it from the list`);
});

test(`no source module is over ${MAX_LINES} lines but the data tables`, () => {
  const over = modules.filter((m) => m.lines > MAX_LINES && !DATA_TABLES.has(m.file)).map((m) => `${m.file} (${m.lines} lines)`);
  assert.equal(over, [], `split these by what they hold: ${over.join(', ')}`);
});

test.run();
