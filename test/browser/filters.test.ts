/**
 * Calm Filters that fit (issue 18, item 4), at 390×844: the first view ends within 1.5 screens, the
 * groups collapsed with their counts; typing a topic or tag name narrows the list to it; muting from
 * the results updates the live counts; on the next visit what is muted comes first.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { READY, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

/** The mute checkboxes a reader can see, in page order: their label text and state. */
const visibleChecks = (page: Page) =>
  page.$$eval('.filters input[type="checkbox"]', (els) =>
    els
      .filter((e) => e instanceof HTMLElement && e.checkVisibility())
      .map((e) => ({ value: (e as HTMLInputElement).value, checked: (e as HTMLInputElement).checked, text: e.closest('label')?.textContent?.trim() ?? '' })),
  );
const muted = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('tidings.prefs') ?? '{}') as { mute_topics?: string[] }).mute_topics ?? []);
const countLine = (page: Page) => page.locator('.filters .count').textContent().then((t) => t ?? '');

test('390×844: the first view fits 1.5 screens; search narrows; muting updates the counts; muted comes first next time', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(h.base + '/?view=filters', READY);
  await page.locator('summary', { hasText: 'Mind & Craft' }).waitFor();
  await until(async () => /hide 0 stories/.test(await countLine(page)), 10_000, 'the live count');

  // Collapsed: no checkbox shows, each group names its size, and the whole panel ends within 1.5 screens.
  assert.equal(await visibleChecks(page), []);
  assert.match((await page.locator('summary', { hasText: 'Discovery & Wonder' }).textContent()) ?? '', '(8 tags)');
  assert.match((await page.locator('summary', { hasText: 'Topics' }).textContent()) ?? '', /\(\d+ topics\)/);
  const bottom = await page.$eval('section.filters', (e) => e.getBoundingClientRect().bottom + scrollY);
  assert.ok(bottom <= 1.5 * 844, `the panel ends at ${bottom} px, within 1266 px`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no sideways scroll');

  // Typing a name narrows the list to what matches, with its live count.
  await page.fill('#filter-search', 'scien');
  const science = await until(async () => {
    const list = await visibleChecks(page);
    return list.length === 1 && /\(2 stories\)/.test(list[0]?.text ?? '') ? list : null;
  }, 10_000, 'only Science, with its count');
  assert.equal(science.map((c) => c.value), ['science']);
  await page.fill('#filter-search', 'SPACE');
  await until(async () => (await visibleChecks(page)).map((c) => c.value).join() === 'space', 5_000, 'only the Space tag');
  await page.fill('#filter-search', 'kindn');
  await until(async () => (await visibleChecks(page)).map((c) => c.value).join() === 'kindness', 5_000, 'only the Kindness tag');
  await page.fill('#filter-search', 'harbour');
  await page.getByText('No topic or tag called “harbour”.').waitFor();
  assert.equal(await visibleChecks(page), []);

  // Mute Science from the results: stored, and the live count follows.
  await page.fill('#filter-search', 'science');
  await page.check('.filters input[value="science"]');
  await until(async () => (await muted(page)).includes('science'), 5_000, 'science muted');
  await until(async () => /hide 2 stories/.test(await countLine(page)), 10_000, 'the count after muting');
  assert.match((await page.locator('summary', { hasText: 'Topics' }).textContent()) ?? '', '1 muted');

  // Next visit: what is muted comes first, checked; unchecking it there unmutes and leaves it in place.
  await page.reload(READY);
  await page.locator('summary', { hasText: 'Mind & Craft' }).waitFor();
  const first = await until(async () => (await visibleChecks(page))[0], 5_000, 'a visible checkbox');
  assert.equal([first.value, first.checked], ['science', true], 'muted Science first');
  await page.locator('.filters input[value="science"]').first().uncheck();
  await until(async () => !(await muted(page)).includes('science'), 5_000, 'science unmuted');
  assert.equal((await visibleChecks(page))[0]?.value, 'science', 'it stays where it was');
  await until(async () => /hide 0 stories/.test(await countLine(page)), 10_000, 'the count back to 0');
  await context.close();
});

test('"Clear all filters" is offered only when something is set, and clears it', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const clearAll = page.getByRole('button', { name: 'Clear all filters' });
  await page.goto(h.base + '/?view=filters', READY);
  await until(async () => /hide 0 stories/.test(await countLine(page)), 10_000, 'the live count');
  assert.is(await clearAll.count(), 0, 'nothing to clear, no button');
  await page.fill('#filter-search', 'science');
  await page.check('.filters input[value="science"]');
  await until(async () => (await muted(page)).includes('science'), 5_000, 'science muted');
  await clearAll.click();
  await until(async () => (await muted(page)).length === 0, 5_000, 'cleared');
  await until(async () => (await clearAll.count()) === 0, 5_000, 'the button gone again');
  await context.close();
});

test.run();
