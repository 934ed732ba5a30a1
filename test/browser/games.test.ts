import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { readSelection } from '../../core/domain/puzzle-grid.ts';
import { utcDay } from '../../core/domain/days.ts';
import { scoreGuess } from '../../core/domain/puzzle.ts';
import { findPuzzle } from '../../core/store/puzzles.ts';
import { seriousViolations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

async function newGamesPage(scheme: 'light' | 'dark' = 'light') {
  const context = await h.browser.newContext({ bypassCSP: true, colorScheme: scheme, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  return { context, page, requests };
}

async function todaysAnswer(): Promise<string> {
  const doc = await until(() => findPuzzle(h.ctx.db, utcDay(new Date()), 'word', 'classic'), 10_000, 'the day’s puzzle');
  return String(doc.payload.answer);
}

const tileMarks = (page: Page, row: number) =>
  page.$$eval(`.tg-board .tg-row:nth-child(${row + 1}) .tg-tile`, (els) => els.map((e) => ['correct', 'present', 'absent'].find((m) => e.classList.contains(`tg-${m}`)) ?? ''));

test('the games view opens on its heading, loads no game code with the reader, and plays a guess from the physical keyboard', async () => {
  const { context, page, requests } = await newGamesPage();
  await page.goto(h.base + '/');
  await page.waitForSelector('.app-footer a[href="/?view=games"]');
  assert.not.ok(requests.some((p) => /\/chunks\/games-/.test(p) || p.startsWith('/api/puzzle')), 'nothing of the games loads with the reader');
  await page.click('.app-footer a[href="/?view=games"]');
  await page.waitForSelector('.tg-word .tg-key');
  await until(() => page.evaluate(() => document.activeElement?.id === 'view-title'), 5_000, 'focus on the view heading');
  assert.ok(requests.some((p) => /\/chunks\/games-/.test(p)), 'the games chunk loads when the view opens');
  await until(() => requests.includes('/api/puzzle/words'), 5_000, 'the dictionary loads with the game');

  const answer = await todaysAnswer();
  const guess = answer === 'crane' ? 'slate' : 'crane';
  await until(() => page.evaluate(() => !/Opening/.test(document.querySelector('.tg-status')?.textContent ?? '')), 5_000, 'the puzzle ready');
  await page.keyboard.type(guess);
  await page.keyboard.press('Enter');
  await until(async () => (await tileMarks(page, 0)).every(Boolean), 10_000, 'the first row coloured');
  assert.equal(await tileMarks(page, 0), scoreGuess(answer, guess));
  const label = await page.getAttribute('.tg-board .tg-row:nth-child(1) .tg-tile:nth-child(1)', 'aria-label');
  assert.is(label, `${guess[0]?.toUpperCase()}, ${scoreGuess(answer, guess)[0]}`, 'the mark is in words too');
  // The on-screen key of the first letter shows its mark.
  assert.ok(await page.locator(`.tg-key[data-key="${guess[0]}"].tg-${scoreGuess(answer, guess)[0]}`).count());
  // A word outside the dictionary is refused on the device.
  await page.keyboard.type('qzxqz');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.tg-status:has-text("Not in the word list.")');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');

  // The colour-blind palette is kept on the device.
  await page.check('.tg-palette input');
  assert.ok(await page.locator('.tg-word.tg-contrast').count());
  assert.is(await page.evaluate(() => localStorage.getItem('tidings.puzzle.palette')), 'contrast');

  // Solving shows the answer, the streak and an emoji share without the answer.
  await page.keyboard.type(answer);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.tg-answer');
  assert.match((await page.textContent('.tg-stats')) ?? '', /Streak 1/);
  await page.click('.tg-share');
  await page.waitForSelector('.tg-status:has-text("Result copied.")');
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(shared, /^Tidings Word \d{4}-\d{2}-\d{2} 2\/6\n\n/);
  assert.ok(shared.includes('🟧🟧🟧🟧🟧'), shared);
  assert.not.ok(shared.toLowerCase().includes(answer) || shared.toLowerCase().includes(guess), 'no word in the share');

  // Reopened, the finished game and the streak are restored from the device.
  await page.reload();
  await page.waitForSelector('.tg-answer');
  assert.match((await page.textContent('.tg-stats')) ?? '', /Played 1 · Won 1 · Streak 1/);
  await context.close();
});

/** Where a word lies in the grid (8 directions), found by reading it back. */
function locate(grid: string[], word: string) {
  const size = grid.length;
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++)
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1], [0, -1], [-1, 0], [-1, -1], [-1, 1]] as const) {
        const to = { row: row + dr * (word.length - 1), col: col + dc * (word.length - 1) };
        if (to.row < 0 || to.col < 0 || to.row >= size || to.col >= size) continue;
        if (readSelection(grid, { row, col }, to) === word) return { from: { row, col }, to };
      }
  return null;
}

test('the word search is playable with the keyboard alone, and the view passes axe in light and dark', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const { context, page } = await newGamesPage(scheme);
    await page.goto(h.base + '/?view=games&game=search');
    await page.waitForSelector('.tg-search .tg-cell');
    if (scheme === 'light') {
      const body: unknown = await (await h.ctx.request('/api/puzzle/wordsearch')).json();
      const grid = typeof body === 'object' && body !== null && 'grid' in body && Array.isArray(body.grid) ? body.grid.map(String) : [];
      const words = typeof body === 'object' && body !== null && 'words' in body && Array.isArray(body.words) ? body.words.map(String) : [];
      const word = words[0] ?? '';
      const at = locate(grid, word);
      assert.ok(at, `${word} is in the grid`);
      await page.focus('.tg-cell[tabindex="0"]');
      const move = async (from: { row: number; col: number }, to: { row: number; col: number }) => {
        for (let i = from.row; i < to.row; i++) await page.keyboard.press('ArrowDown');
        for (let i = from.row; i > to.row; i--) await page.keyboard.press('ArrowUp');
        for (let i = from.col; i < to.col; i++) await page.keyboard.press('ArrowRight');
        for (let i = from.col; i > to.col; i--) await page.keyboard.press('ArrowLeft');
      };
      await move({ row: 0, col: 0 }, at.from);
      await page.keyboard.press('Enter');
      await move(at.from, at.to);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`.tg-words .tg-found[aria-label="${word}, found"]`);
      assert.is(await page.locator('.tg-cell.tg-found').count(), word.length);
      // Switching games unmounts the search and mounts the word game, focus on the game's heading.
      await page.click('.game-picker button:has-text("Long Word")');
      await page.waitForSelector('.tg-word .tg-board .tg-row .tg-tile:nth-child(6)');
      await until(() => page.evaluate(() => document.activeElement?.id === 'game-title'), 5_000, 'focus on the game heading');
      assert.is(await page.locator('.tg-search').count(), 0);
      await page.click('.game-picker button:has-text("Word search")');
      await page.waitForSelector('.tg-search .tg-cell.tg-found');
    }
    await page.waitForSelector('.tg-words li');
    assert.equal(await seriousViolations(page), [], `games view (${scheme})`);
    await context.close();
  }
});

test('the game picker is a row of equal tiles on a wide screen and one full-width tile per row on a phone', async () => {
  for (const [size, width] of [['desktop', 1280], ['phone', 390]] as const) {
    const { context, page } = await newGamesPage('light');
    await page.setViewportSize({ width, height: 800 });
    await page.goto(h.base + '/?view=games');
    await page.waitForSelector('.game-picker .button');
    const boxes = await page.$$eval('.game-picker .button', (buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width) })));
    const picker = await page.$eval('.game-picker', (ul) => Math.round(ul.getBoundingClientRect().width));
    assert.is(boxes.length, 3);
    assert.is(new Set(boxes.map((b) => b.w)).size, 1, `${size}: equal widths ${JSON.stringify(boxes)}`);
    if (size === 'desktop') assert.is(new Set(boxes.map((b) => b.y)).size, 1, 'one row');
    else assert.ok(boxes.every((b) => b.w === picker), `phone: each tile as wide as the picker (${picker})`);
    await context.close();
  }
});

test.run();
