/**
 * Feedback where the action happened (issue 21, item 5), at 1280×900 and 390×844: after an action on
 * a card further down the page the toast is inside the viewport (near its bottom), it is the live
 * region, and Undo restores what the action took away: Not today, Less like this, Always hide,
 * Pause <source>, a pause added in Calm Filters, and unsaving a story.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { READER_SIZES, briefIds, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});


/** The toast's text once it says `text`, after checking it is in the viewport's lower half and is the live region. */
async function toastSays(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.locator('.toast[role="status"][aria-live="polite"] .toast-text', { hasText: text });
  await toast.waitFor();
  const box = await page.locator('.toast .toast-body').boundingBox();
  const view = page.viewportSize();
  assert.ok(box && view, 'the toast has a box');
  if (box && view) {
    assert.ok(box.y >= view.height / 2 && box.y + box.height <= view.height && box.x >= 0 && box.x + box.width <= view.width, `the toast is near the bottom of the viewport: ${JSON.stringify(box)}`);
  }
}

async function pick(page: Page, id: string, item: string | RegExp) {
  const button = page.locator(`article[data-id="${id}"] .menu[data-menu="not-for-me"] > button`);
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await page.locator('[role="menuitem"]', { hasText: item }).click();
}

const undo = (page: Page) => page.locator('.toast button', { hasText: 'Undo' }).click();
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

for (const size of READER_SIZES) {
  test(`${size.name}: each card boundary action shows its toast in view, and Undo restores the brief`, async () => {
    const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(h.base + '/');
    const ids = await waitForBrief(page);
    const byId = new Map(h.brief.map((d) => [d._id, d] as const));
    const back = async (what: string) => until(async () => sameSet(await briefIds(page), ids), 10_000, `${what} undone`);

    const low = ids[5] ?? '';
    await pick(page, low, 'Not today');
    await toastSays(page, 'hidden for today');
    await until(async () => !(await briefIds(page)).includes(low), 10_000, 'the story hidden');
    await undo(page);
    await back('Not today');
    await toastSays(page, 'is back');

    const science = ids.find((id) => byId.get(id)?.topic === 'science') ?? '';
    await pick(page, science, 'Less like this');
    await toastSays(page, 'Fewer Science stories for a week.');
    await until(async () => !(await briefIds(page)).includes(science), 10_000, 'science paused');
    await undo(page);
    await back('Less like this');

    const community = ids.filter((id) => byId.get(id)?.topic === 'community');
    await pick(page, community[1] ?? '', /^Always hide Community$/);
    await toastSays(page, 'Community stories are hidden.');
    await until(async () => !(await briefIds(page)).some((id) => community.includes(id)), 10_000, 'community hidden');
    await undo(page);
    await back('Always hide');

    await pick(page, ids[6] ?? '', /^Pause .* for a week$/);
    await toastSays(page, /are paused for a week/);
    await undo(page);
    await back('Pause source');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('tidings.prefs') ?? '{}')), { include_topics: [], mute_topics: [], include_flavors: [], mute_flavors: [], mute_tags: [], avoid_terms: [], pauses: [], max_cortisol: null, max_ragebait: null, lanes: null }, 'no boundary is left behind');
    await context.close();
  });
}

test('a pause added in Calm Filters can be undone from its toast', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(h.base + '/?view=filters');
  await page.selectOption('#pause-kind', 'topic');
  await page.fill('#pause-value', 'Nature & Animals');
  await page.click('form:has(#pause-kind) button[type="submit"]');
  await toastSays(page, /^Paused Nature & Animals until /);
  await page.locator('ul[aria-label="Active pauses"] li').waitFor();
  await undo(page);
  await until(async () => (await page.locator('ul[aria-label="Active pauses"] li').count()) === 0, 5_000, 'the pause undone');
  await toastSays(page, 'The pause on Nature & Animals is undone.');
  await context.close();
});

test('unsaving a story from its card can be undone', async () => {
  // Already imported: a first sign-in's 'Your Calm Filters … are now part of your account' arrives
  // after a round trip and, on a slow machine, replaced the unsave toast before Undo was clicked.
  const { user, token } = await signInDirectly(h.ctx.db, 'saver@example.org', new Date(), { imported_at: new Date() });
  const userId = user._id;
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  const target = ids[4] ?? '';
  const saveButton = page.locator(`article[data-id="${target}"] button[aria-keyshortcuts="s"]`); // Save (its key is s; Follow is pressed too)
  const saved = () => h.ctx.db.collection('saved').countDocuments({ user_id: userId, article_id: target });
  await saveButton.scrollIntoViewIfNeeded();
  await saveButton.click();
  await until(async () => (await saved()) === 1, 5_000, 'saved');
  await until(async () => (await saveButton.getAttribute('aria-pressed')) === 'true', 5_000, 'shown as saved');
  // The save's answer has reached the page (its toast says so): unsaving before it did let the late
  // "Saved." toast replace "Removed …" on a loaded CI machine (the two requests run on two connections).
  await toastSays(page, 'Saved. You will find it under Saved and history.');
  await saveButton.click();
  await toastSays(page, 'Removed from your saved stories.');
  await until(async () => (await saved()) === 0, 5_000, 'unsaved');
  await undo(page);
  await until(async () => (await saved()) === 1, 5_000, 'saved again by Undo');
  await toastSays(page, 'Saved again.');
  await context.close();
});

test.run();
