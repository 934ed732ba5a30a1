/**
 * Card menus as a reader uses them (issue 21, item 1), at 1280×900 and 390×844, in the brief and in
 * a feed: every item of "Not for me" and Share is hit-testable (`elementFromPoint` at its centre
 * lands on it), also on a card at the bottom edge of the viewport (the menu opens upwards there);
 * the keyboard opens, moves and closes (Escape returns focus); a click elsewhere closes; one menu
 * is open at a time; and the items do what they say.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Locator, Page } from 'playwright-core';
import { READER_SIZES, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});


async function pageAt(size: { width: number; height: number }) {
  const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

const menuButton = (page: Page, id: string, name: 'Not for me' | 'Share'): Locator =>
  page.locator(`article[data-id="${id}"] .menu[data-menu="${name === 'Share' ? 'share' : 'not-for-me'}"] > button[aria-haspopup="menu"]`);

/** For the open menu: each item's label and whether the point at its centre is the item itself. */
function openMenuHits(page: Page): Promise<Array<{ label: string; hit: boolean }>> {
  return page.evaluate(() => {
    const menus = document.querySelectorAll('[role="menu"]');
    if (menus.length !== 1) throw new Error(`${menus.length} menus open`);
    return [...(menus[0] as Element).querySelectorAll('[role="menuitem"]')].map((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { label: el.textContent ?? '', hit: at !== null && (at === el || el.contains(at)) };
    });
  });
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
const openMenus = (page: Page) => page.locator('[role="menu"]').count();

/** Open a card's menu with the mouse and check every item can be hit; close with Escape. */
async function checkMenu(page: Page, id: string, name: 'Not for me' | 'Share', where: string): Promise<string[]> {
  const button = menuButton(page, id, name);
  await button.click();
  await page.locator('[role="menu"]').waitFor();
  const hits = await openMenuHits(page);
  assert.ok(hits.length >= 2, `${where}: ${name} has items`);
  for (const item of hits) assert.ok(item.hit, `${where}: "${item.label}" of ${name} can be clicked`);
  assert.is(await button.getAttribute('aria-expanded'), 'true');
  assert.is(await focusedText(page), hits[0]?.label, `${where}: focus moves into the menu`);
  await page.keyboard.press('Escape');
  assert.is(await openMenus(page), 0, `${where}: Escape closes`);
  assert.ok(await button.evaluate((b) => b === document.activeElement), `${where}: focus returns to the button`);
  return hits.map((i) => i.label);
}

for (const size of READER_SIZES) {
  test(`${size.name}: every item of every card menu can be hit, in the brief and in a feed, also at the bottom edge`, async () => {
    const { context, page } = await pageAt(size);
    await page.goto(h.base + '/');
    const ids = await waitForBrief(page);
    for (const id of [ids[0] ?? '', ids[3] ?? '', ids[6] ?? '']) {
      for (const name of ['Not for me', 'Share'] as const) {
        const labels = await checkMenu(page, id, name, `brief card ${id}`);
        if (name === 'Not for me') assert.ok(labels.includes('Not today') && labels.includes('Less like this') && labels.some((l) => l.startsWith('Always hide')));
        // The card's menu button at the very bottom of the viewport: the menu opens upwards.
        await menuButton(page, id, name).evaluate((b) => window.scrollBy(0, b.getBoundingClientRect().bottom - window.innerHeight + 2));
        await checkMenu(page, id, name, `brief card ${id} at the bottom edge`);
      }
    }
    await page.goto(h.base + '/?lane=latest');
    await page.waitForSelector('section.feed article.card');
    const feedIds = await page.$$eval('section.feed article.card', (els) => els.map((e) => e.getAttribute('data-id') ?? ''));
    for (const id of [feedIds[0] ?? '', feedIds[feedIds.length - 1] ?? '']) {
      await menuButton(page, id, 'Not for me').scrollIntoViewIfNeeded();
      await checkMenu(page, id, 'Not for me', `feed card ${id}`);
      await checkMenu(page, id, 'Share', `feed card ${id}`);
    }
    await context.close();
  });
}

test('keyboard: Enter and the arrows open, the arrows, Home and End move, Escape closes and returns focus, Tab leaves', async () => {
  const { context, page } = await pageAt(READER_SIZES[0]);
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  const button = menuButton(page, ids[2] ?? '', 'Not for me');
  await button.focus();
  await page.keyboard.press('Enter');
  assert.is(await focusedText(page), 'Not today');
  await page.keyboard.press('ArrowDown');
  assert.is(await focusedText(page), 'Less like this');
  await page.keyboard.press('End');
  assert.match(await focusedText(page), /^Always hide /);
  await page.keyboard.press('ArrowDown');
  assert.is(await focusedText(page), 'Not today', 'the arrows wrap');
  await page.keyboard.press('ArrowUp');
  assert.match(await focusedText(page), /^Always hide /);
  await page.keyboard.press('Home');
  assert.is(await focusedText(page), 'Not today');
  await page.keyboard.press('Escape');
  assert.is(await openMenus(page), 0);
  assert.ok(await button.evaluate((b) => b === document.activeElement));
  await page.keyboard.press('ArrowUp');
  assert.match(await focusedText(page), /^Always hide /, 'ArrowUp opens on the last item');
  await page.keyboard.press('Escape');
  await page.keyboard.press(' ');
  assert.is(await focusedText(page), 'Not today', 'Space opens');
  await page.keyboard.press('Tab');
  assert.is(await openMenus(page), 0, 'Tab closes the menu');
  await context.close();
});

test('a click elsewhere closes the menu; opening another menu closes the first', async () => {
  const { context, page } = await pageAt(READER_SIZES[1]);
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  await menuButton(page, ids[1] ?? '', 'Share').click();
  assert.is(await openMenus(page), 1);
  await page.mouse.click(2, 300);
  assert.is(await openMenus(page), 0, 'a click elsewhere closes');
  await menuButton(page, ids[1] ?? '', 'Share').click();
  await menuButton(page, ids[1] ?? '', 'Not for me').click();
  assert.is(await openMenus(page), 1, 'one menu at a time');
  assert.is(await focusedText(page), 'Not today');
  assert.is(await menuButton(page, ids[1] ?? '', 'Share').getAttribute('aria-expanded'), 'false');
  await context.close();
});

test('the items work: copy links, Not today, Less like this and Always hide', async () => {
  const { context, page } = await pageAt(READER_SIZES[1]);
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  const share = async (item: string) => {
    await menuButton(page, ids[1] ?? '', 'Share').click();
    await page.locator('[role="menuitem"]', { hasText: item }).click();
  };
  await share('Copy Tidings link');
  await until(async () => (await page.evaluate(() => navigator.clipboard.readText())) === `${h.base}/a/${ids[1]}`, 5_000, 'the Tidings link copied');
  const story = h.brief.find((d) => d._id === ids[1]);
  await share('Copy publisher link');
  await until(async () => (await page.evaluate(() => navigator.clipboard.readText())) === story?.url, 5_000, 'the publisher link copied');

  const pick = async (id: string, item: string | RegExp) => {
    await menuButton(page, id, 'Not for me').click();
    await page.locator('[role="menuitem"]', { hasText: item }).click();
  };
  await pick(ids[4] ?? '', 'Not today');
  await until(async () => (await page.locator(`article[data-id="${ids[4]}"]`).count()) === 0, 10_000, 'the story hidden for today');

  const science = h.brief.filter((d) => d.topic === 'science').map((d) => d._id);
  await pick(science[0] ?? '', 'Less like this');
  await until(async () => (await page.locator(science.map((id) => `article[data-id="${id}"]`).join(',')).count()) === 0, 10_000, 'science stories paused');

  const community = h.brief.filter((d) => d.topic === 'community').map((d) => d._id);
  await pick(community[0] ?? '', /^Always hide Community$/);
  await until(async () => (await page.locator(community.map((id) => `article[data-id="${id}"]`).join(',')).count()) === 0, 10_000, 'community stories hidden');
  assert.is((await waitForBrief(page)).length, 7, 'the brief refills to 7');
  await context.close();
});

test.run();
