import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSelection, MIN_WORDS } from '../../core/domain/puzzle-grid.ts';
import { ANSWERS } from '../../core/puzzles/dictionary.ts';
import { curatedTheme } from '../../core/puzzles/daily.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

let ctx: TestContext;
test.before(async () => {
  // No OPENAI_API_KEY: the model is unavailable.
  ctx = await createTestContext({ now: () => new Date('2026-08-09T06:00:00Z') });
});
test.after(async () => {
  await ctx.close();
});

test('GET /api/puzzle/wordsearch creates the day\'s puzzle on demand from a curated theme, with no placements', async () => {
  const res = await ctx.request('/api/puzzle/wordsearch');
  assert.is(res.status, 200);
  const text = await res.text();
  const body = JSON.parse(text) as { date: string; theme: string; words: string[]; grid: string[]; size: number };
  assert.equal(Object.keys(body).sort(), ['date', 'grid', 'size', 'theme', 'words']);
  assert.is(body.date, '2026-08-09');
  assert.is(body.theme, curatedTheme('2026-08-09').theme);
  assert.ok(body.words.length >= MIN_WORDS);
  assert.is(body.grid.length, body.size);
  assert.not.match(text, /"(row|col|dr|dc|placements?|positions?)"/);
  // Every listed word can be found by reading the grid along one of the 8 directions.
  for (const word of body.words) {
    let found = false;
    for (let row = 0; row < body.size && !found; row += 1) {
      for (let col = 0; col < body.size && !found; col += 1) {
        for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1]] as const) {
          const to = { row: row + dr * (word.length - 1), col: col + dc * (word.length - 1) };
          if (checkSelection(body, { row, col }, to) === word) found = true;
        }
      }
    }
    assert.ok(found, `${word} not in the grid`);
  }
});

test('two readers get the same word search', async () => {
  const a = await (await ctx.request('/api/puzzle/wordsearch')).text();
  const b = await (await ctx.request('/api/puzzle/wordsearch')).text();
  assert.is(a, b);
});

test('GET /api/puzzle/words serves each dictionary with long cache headers and an ETag', async () => {
  for (const length of [5, 6] as const) {
    const res = await ctx.request(`/api/puzzle/words?length=${length}`);
    assert.is(res.status, 200);
    assert.match(res.headers.get('cache-control') ?? '', /public, max-age=604800/);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const etag = res.headers.get('etag');
    assert.ok(etag);
    const body = (await res.json()) as { length: number; count: number; words: string[] };
    assert.is(body.length, length);
    assert.is(body.count, body.words.length);
    const set = new Set(body.words);
    for (const [word] of ANSWERS[length]) assert.ok(set.has(word), word);
    const again = await ctx.request(`/api/puzzle/words?length=${length}`, { headers: { 'If-None-Match': etag } });
    assert.is(again.status, 304);
  }
});

test('GET /api/puzzle/words compresses when the client accepts gzip', async () => {
  const res = await ctx.request('/api/puzzle/words?length=6', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.is(res.headers.get('content-encoding'), 'gzip');
  assert.ok((await res.arrayBuffer()).byteLength < 100_000);
});

test('GET /api/puzzle/words refuses other lengths with 422', async () => {
  for (const q of ['length=4', 'length=7', 'length=five', '']) {
    const res = await ctx.request(`/api/puzzle/words?${q}`);
    assert.is(res.status, 422, q);
  }
});

test.run();
