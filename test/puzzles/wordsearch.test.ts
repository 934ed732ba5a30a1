import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildWordSearch, checkSelection, cleanTheme, cleanWords, DIRECTIONS, GRID_SIZE, MIN_WORDS, readSelection, type Placement,
} from '../../core/domain/puzzle-grid.ts';
import { addDays } from '../../core/domain/days.ts';
import { curatedTheme } from '../../core/puzzles/daily.ts';
import { CURATED_THEMES } from '../../core/puzzles/themes.ts';

/** The letters under a placement, read from the grid alone. */
function readPlacement(grid: readonly string[], p: Placement): string {
  return Array.from({ length: p.word.length }, (_, i) => grid[p.row + p.dr * i]?.[p.col + p.dc * i] ?? '?').join('');
}

test('365 consecutive dates without the model: every returned word is placed, reads back from the grid, and the payload has no coordinates', () => {
  const directionsUsed = new Set<string>();
  for (let i = 0; i < 365; i += 1) {
    const day = addDays('2026-01-01', i);
    const { payload, placements } = buildWordSearch(day, null, curatedTheme(day));
    assert.equal(Object.keys(payload).sort(), ['grid', 'size', 'theme', 'words'], day);
    assert.is(payload.size, GRID_SIZE);
    assert.is(payload.grid.length, GRID_SIZE);
    assert.ok(payload.grid.every((row) => /^[A-Z]+$/.test(row) && row.length === GRID_SIZE), day);
    assert.ok(payload.words.length >= MIN_WORDS && payload.words.length <= 8, `${day}: ${payload.words.length} words`);
    assert.equal([...payload.words].sort(), placements.map((p) => p.word).sort(), day);
    for (const p of placements) {
      assert.is(readPlacement(payload.grid, p), p.word, `${day}: ${p.word}`);
      const end = { row: p.row + p.dr * (p.word.length - 1), col: p.col + p.dc * (p.word.length - 1) };
      assert.is(checkSelection(payload, p, end), p.word);
      assert.is(checkSelection(payload, end, p), p.word, 'a selection made backwards counts too');
      directionsUsed.add(`${p.dr},${p.dc}`);
    }
    // No coordinate anywhere: only strings, plus the one number `size`.
    const text = JSON.stringify(payload);
    assert.not.match(text, /"(row|col|dr|dc|x|y|start|end|placements?|positions?)"/);
    assert.equal(text.match(/\d+/g), [String(GRID_SIZE)], day);
  }
  assert.is(directionsUsed.size, DIRECTIONS.length, 'all 8 directions occur');
});

test('the grid is seeded by the date: same day same grid, another day another grid', () => {
  const day = '2026-06-01';
  assert.equal(buildWordSearch(day, null, curatedTheme(day)), buildWordSearch(day, null, curatedTheme(day)));
  assert.is.not(buildWordSearch(day, null, curatedTheme(day)).payload.grid.join(), buildWordSearch('2026-06-02', null, curatedTheme(day)).payload.grid.join());
});

test('cleanWords keeps alphabetic words that fit, once, and drops the rest', () => {
  const cases: Array<[unknown[], string[]]> = [
    [['tulip', 'Daisy', ' fern '], ['TULIP', 'DAISY', 'FERN']],
    [['ice cream', 'forget-me-not', 'r2d2', 'café', 'ox', ''], []],
    [['moss', 'MOSS', 'Moss'], ['MOSS']],
    [['abcdefghijklm', 'abcdefghijkl'], ['ABCDEFGHIJKL']],
    [['sun', 'sunflower', 'bee'], ['SUNFLOWER', 'BEE']],
    [[42, null, { word: 'x' }, 'oak'], ['OAK']],
  ];
  for (const [raw, expected] of cases) assert.equal(cleanWords(raw), expected, JSON.stringify(raw));
});

test('cleanTheme strips control characters and markup brackets and bounds the length', () => {
  assert.is(cleanTheme('  Night\n sky  '), 'Night sky');
  assert.is(cleanTheme('<b>Bold</b>'), 'b Bold /b');
  assert.is(cleanTheme('x'.repeat(100))?.length, 40);
  assert.is(cleanTheme('   '), null);
  assert.is(cleanTheme(7), null);
});

test('a good proposal is used; a thin one falls back to the curated theme', () => {
  const day = '2026-04-04';
  const good = buildWordSearch(day, { theme: 'Bees', words: ['honey', 'hive', 'pollen', 'nectar', 'queen', 'drone', 'comb', 'buzz', 'wax dish', 'b'] }, curatedTheme(day));
  assert.ok(good.fromProposal);
  assert.is(good.payload.theme, 'Bees');
  assert.equal(good.payload.words, ['BUZZ', 'COMB', 'DRONE', 'HIVE', 'HONEY', 'NECTAR', 'POLLEN', 'QUEEN']);
  const thin = buildWordSearch(day, { theme: 'Bees', words: ['honey', 'hive', 'wax dish', '123', 'HONEY'] }, curatedTheme(day));
  assert.not.ok(thin.fromProposal);
  assert.is(thin.payload.theme, curatedTheme(day).theme);
  const untitled = buildWordSearch(day, { theme: '  ', words: ['honey', 'hive', 'pollen', 'nectar', 'queen', 'drone'] }, curatedTheme(day));
  assert.not.ok(untitled.fromProposal);
});

test('every curated theme survives cleaning whole, with 8 or more words', () => {
  for (const theme of CURATED_THEMES) {
    assert.equal(cleanWords(theme.words), [...theme.words], theme.theme);
    assert.ok(theme.words.length >= 8, theme.theme);
  }
});

test('readSelection accepts the 8 straight directions and refuses bent or outside selections', () => {
  const grid = ['ABC', 'DEF', 'GHI'];
  const at = (row: number, col: number) => ({ row, col });
  const cases: Array<[ReturnType<typeof at>, ReturnType<typeof at>, string | null]> = [
    [at(0, 0), at(0, 2), 'ABC'], [at(0, 2), at(0, 0), 'CBA'], [at(0, 0), at(2, 0), 'ADG'], [at(2, 0), at(0, 0), 'GDA'],
    [at(0, 0), at(2, 2), 'AEI'], [at(2, 2), at(0, 0), 'IEA'], [at(2, 0), at(0, 2), 'GEC'], [at(0, 2), at(2, 0), 'CEG'],
    [at(1, 1), at(1, 1), 'E'], [at(0, 0), at(1, 2), null], [at(0, 0), at(0, 3), null], [at(-1, 0), at(0, 0), null],
    [at(0.5, 0), at(0, 0), null],
  ];
  for (const [from, to, expected] of cases) assert.is(readSelection(grid, from, to), expected, JSON.stringify([from, to]));
  assert.is(checkSelection({ grid, words: ['AEI', 'FED'] }, at(1, 2), at(1, 0)), 'FED');
  assert.is(checkSelection({ grid, words: ['AEI', 'FED'] }, at(0, 0), at(1, 1)), null);
});

test.run();
