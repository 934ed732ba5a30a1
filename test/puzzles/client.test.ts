import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WordGameController, type GameStorage } from '../../app/games/word-game.ts';
import { WordSearchController } from '../../app/games/word-search.ts';
import { readSelection } from '../../core/domain/puzzle-grid.ts';
import { addDays } from '../../core/domain/days.ts';
import { findPuzzle } from '../../core/store/puzzles.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

// The client modules run against the real app (no server: app.request) and a Web-Storage-shaped map.
let now = new Date('2026-07-01T09:00:00Z');
let ctx: TestContext;
const requested: string[] = [];
const fetchApp = (input: string, init?: RequestInit) => {
  requested.push(`${init?.method ?? 'GET'} ${input}`);
  return ctx.request(input, init);
};
function memoryStorage(): GameStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

test.before(async () => {
  ctx = await createTestContext({ now: () => now });
});
test.after(async () => {
  await ctx.close();
});

async function answerOf(date: string): Promise<string> {
  const doc = await findPuzzle(ctx.db, date, 'word', 'classic');
  return String(doc?.payload.answer);
}

test('a guess outside the bundled dictionary is refused on the device, with no request', async () => {
  const game = new WordGameController('classic', { fetch: fetchApp, storage: memoryStorage() });
  await game.start();
  assert.is(game.status, 'playing');
  assert.ok(requested.includes('GET /api/puzzle/words?length=5'), 'the dictionary loads when the game opens');
  for (const letter of 'qzxqz') game.type(letter);
  const before = requested.length;
  await game.submit();
  assert.is(game.message, 'Not in the word list.');
  assert.is(requested.length, before);
  assert.is(game.rows.length, 0);
});

test('solving keeps the streak on the device; the share text never holds the answer', async () => {
  const storage = memoryStorage();
  for (const [i, day] of ['2026-07-01', '2026-07-02'].entries()) {
    now = new Date(`${day}T09:00:00Z`);
    const game = new WordGameController('classic', { fetch: fetchApp, storage });
    await game.start();
    const answer = await answerOf(day);
    for (const letter of answer) game.type(letter.toUpperCase());
    await game.submit();
    assert.is(game.status, 'won');
    assert.is(game.answer, answer);
    assert.ok(game.why);
    assert.is(game.stats().streak, i + 1);
    const share = game.shareText('contrast');
    assert.not.ok(share.toLowerCase().includes(answer), share);
    assert.match(share, /^Tidings Word \d{4}-\d{2}-\d{2} 1\/6\n\n🟧🟧🟧🟧🟧$/);
    // Reopening the same day restores the finished game instead of counting it twice.
    const again = new WordGameController('classic', { fetch: fetchApp, storage });
    await again.start();
    assert.is(again.status, 'won');
    assert.is(again.stats().played, i + 1);
  }
  now = new Date(`${addDays('2026-07-02', 2)}T09:00:00Z`);
  const later = new WordGameController('classic', { fetch: fetchApp, storage });
  await later.start();
  const answer = await answerOf('2026-07-04');
  for (const letter of answer) later.type(letter);
  await later.submit();
  assert.is(later.stats().streak, 1, 'a missed day restarts the streak');
  assert.is(later.stats().best, 2);
});

test('the word search client validates selections by reading the grid and remembers finds', async () => {
  const storage = memoryStorage();
  const search = new WordSearchController({ fetch: fetchApp, storage });
  await search.start();
  assert.is(search.status, 'playing');
  assert.is(search.select({ row: 0, col: 0 }, { row: 1, col: 2 }), null, 'a bent selection is refused');
  // Find each word by scanning all straight lines, as a reader would.
  for (const word of search.words) {
    let hit: string | null = null;
    for (let r = 0; r < search.size && !hit; r += 1) {
      for (let c = 0; c < search.size && !hit; c += 1) {
        for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1]] as const) {
          const to = { row: r + dr * (word.length - 1), col: c + dc * (word.length - 1) };
          if (readSelection(search.grid, { row: r, col: c }, to) === word && search.select({ row: r, col: c }, to) === word) {
            hit = word;
            break;
          }
        }
      }
    }
    assert.is(hit, word);
  }
  assert.is(search.status, 'done');
  const reopened = new WordSearchController({ fetch: fetchApp, storage });
  await reopened.start();
  assert.is(reopened.found.size, search.words.length, 'finds are restored from the device');
});

test.run();
