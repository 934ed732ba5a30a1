/**
 * Keyboard shortcuts (issue 18, item 5), as a reader uses them: j / k move focus between the cards,
 * o opens the focused story, r replaces it, s saves it when signed in, / goes to the Calm Filters
 * search, ? shows the list; each is announced in the live region; nothing happens while typing in
 * a field or with a modifier key held.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { briefIds, READY, seriousViolations, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

/** The id of the card holding focus ('' when none). */
const focusedCard = (page: Page) => page.evaluate(() => document.activeElement?.closest('article.card')?.getAttribute('data-id') ?? '');
/** What the live region says. */
const announced = (page: Page) => page.locator('[role="status"][aria-live="polite"]').first().textContent().then((t) => t ?? '');

test('j and k move between the cards and are announced; o opens the focused story', async () => {
  const { context, page } = await h.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(h.base + '/', READY);
  const ids = await waitForBrief(page);
  await page.keyboard.press('j');
  assert.is(await focusedCard(page), ids[0]);
  await until(async () => /Story 1 of 7/.test(await announced(page)), 5_000, 'story 1 announced');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  assert.is(await focusedCard(page), ids[2]);
  await page.keyboard.press('k');
  assert.is(await focusedCard(page), ids[1]);
  const title = h.brief.find((d) => d._id === ids[1])?.title ?? '';
  assert.match(await announced(page), `Story 2 of 7: ${title}`);

  // A modifier key held: nothing moves.
  await page.keyboard.press('Alt+j');
  await page.keyboard.press('Control+k');
  assert.is(await focusedCard(page), ids[1], 'no move with a modifier');

  // Typing in an editable region (contenteditable): the keys are text.
  await page.evaluate(() => {
    const note = document.createElement('div');
    note.contentEditable = 'true';
    note.id = 'note';
    note.setAttribute('aria-label', 'A note');
    document.querySelector('main')?.prepend(note);
    note.focus();
  });
  await page.keyboard.type('jjo?');
  assert.is(await page.textContent('#note'), 'jjo?');
  assert.is(await focusedCard(page), '', 'no card focused while typing');
  assert.is(await page.getByRole('dialog').count(), 0);
  await page.locator(`article[data-id="${ids[1]}"] .card-title a`).focus();

  await page.keyboard.press('o');
  await page.waitForURL(`**/a/${ids[1]}`, READY);
  await context.close();
});

test('r replaces the focused brief story and focus stays on the new one; s asks a signed-out reader to sign in', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/', READY);
  const ids = await waitForBrief(page);
  for (let i = 0; i < 3; i++) await page.keyboard.press('j');
  assert.is(await focusedCard(page), ids[2]);
  await page.keyboard.press('r');
  const now = await until(async () => {
    const list = await briefIds(page);
    return list.length === 7 && list[2] !== ids[2] ? list : null;
  }, 10_000, 'story 3 replaced');
  await until(async () => (await focusedCard(page)) === now[2], 5_000, 'focus on the replacement');
  assert.match(await announced(page), 'Replaced with');
  await page.keyboard.press('s');
  await until(async () => /Sign in to save stories/.test(await announced(page)), 5_000, 'sign-in hint');
  await context.close();
});

test('s saves the focused story for a signed-in reader', async () => {
  // Imported already: no first-sign-in message takes the live region while the test listens.
  const { user, token } = await signInDirectly(h.ctx.db, 'keys@example.org', new Date(), { imported_at: new Date() });
  const { context, page } = await h.newPage();
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(h.base + '/', READY);
  const ids = await waitForBrief(page);
  await page.locator('article.card button[aria-keyshortcuts="s"]').first().waitFor();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('s');
  await until(async () => (await h.ctx.db.collection('saved').countDocuments({ user_id: user._id, article_id: ids[1] })) === 1, 10_000, 'the story saved');
  await until(async () => /Saved/.test(await announced(page)), 5_000, 'saved announced');
  assert.is(await focusedCard(page), ids[1], 'focus stays on the card');
  await context.close();
});

test('? shows the list of shortcuts (axe-clean, dark) and Escape closes it; / goes to the filters search, where keys are text', async () => {
  // bypassCSP only lets axe run under our strict CSP.
  const context = await h.browser.newContext({ bypassCSP: true, colorScheme: 'dark', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  await page.keyboard.press('?');
  const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await list.waitFor();
  const text = (await list.textContent()) ?? '';
  for (const what of ['Next story', 'Previous story', 'Open the story', 'Replace the story', 'Save the story', 'Search Calm Filters', 'Show these shortcuts']) assert.ok(text.includes(what), what);
  const said = await announced(page);
  assert.match(said, 'Keyboard shortcuts');
  assert.match(said, 'Escape closes it');
  assert.not.match(said, 'Next story', 'the list is not repeated in the announcement (the dialog shows it)');
  assert.not.match(said, 'j and k', 'the list is not repeated in the announcement (the dialog shows it)');
  assert.equal(await seriousViolations(page), [], 'the open list');
  await page.keyboard.press('j');
  assert.is(await focusedCard(page), '', 'j does nothing while the list is open');
  await page.keyboard.press('Escape');
  await list.waitFor({ state: 'hidden' });

  await page.keyboard.press('/');
  await page.waitForURL('**/?view=filters');
  await until(async () => (await page.evaluate(() => document.activeElement?.id)) === 'filter-search', 5_000, 'focus in the filters search');
  // Typing in a field: the keys are text, nothing moves, the list stays closed.
  await page.keyboard.type('j/k?o');
  assert.is(await page.inputValue('#filter-search'), 'j/k?o');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'filter-search');
  assert.is(await list.isVisible(), false);
  assert.ok(page.url().endsWith('/?view=filters'));
  await context.close();
});

test.run();
