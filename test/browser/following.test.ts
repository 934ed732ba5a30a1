/**
 * The Following lane (issue 21, item 3), at 1280×900 and 390×844: a signed-in reader follows a
 * source from a card's source name and a tag from its feed; the lane appears beside Highlights and
 * Latest and shows exactly the stories of what is followed; unfollowing from a card takes that
 * source's stories away (Undo brings them back); with nothing followed the lane says how to follow.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { READER_SIZES, READY, seriousViolations, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

/** The ids shown in the Following lane, sorted (null while it shows none). */
async function followingIds(page: Page): Promise<string[] | null> {
  const ids = await page.$$eval('section.feed[data-feed="following:"] article.card', (els) => els.map((e) => e.getAttribute('data-id') ?? ''));
  return ids.length ? ids.sort() : null;
}

const sameIds = (page: Page, want: string[], what: string) =>
  until(async () => JSON.stringify(await followingIds(page)) === JSON.stringify([...want].sort()), 10_000, what);

const followingLane = (page: Page) => page.locator('nav.lanes a[data-lane="following"]');
const EMPTY = /You follow no source or tag yet\. Choose Follow by a story’s source name/;

for (const size of READER_SIZES) {
  test(`${size.name}: follow a source from a card and a tag from its feed; the Following lane shows only their stories; unfollow and Undo work`, async () => {
    // Imported already: no first-sign-in message takes the toast while the test reads it.
    const { user, token } = await signInDirectly(h.ctx.db, `follower-${size.name}@example.org`, new Date(), { imported_at: new Date() });
    const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const pool = [...h.brief, ...h.others];
    const river = pool.filter((d) => d.source_id === 'river-news').map((d) => d._id);
    const space = pool.filter((d) => d.tags.includes('space')).map((d) => d._id);

    // Nothing followed: no lane in the bar, and the lane's own address says how to follow.
    await page.goto(h.base + '/', READY);
    await waitForBrief(page);
    await page.getByRole('button', { name: 'Follow River News' }).first().waitFor();
    assert.is(await followingLane(page).count(), 0, 'no Following lane before a follow');
    await page.goto(h.base + '/?lane=following', READY);
    await page.locator('section.feed p.quiet', { hasText: EMPTY }).waitFor();
    // No "Compact view" over a feed with no cards to make compact.
    assert.is(await page.getByRole('button', { name: 'Compact view' }).isVisible(), false, 'no density toggle on an empty feed');

    // Follow River News from a card's source name.
    await page.click('nav.lanes a[data-lane="highlights"]');
    await waitForBrief(page);
    await page.getByRole('button', { name: 'Follow River News' }).first().click();
    await page.locator('.toast', { hasText: 'You follow River News' }).waitFor();
    await until(async () => (await page.getByRole('button', { name: 'Follow River News' }).count()) === 0, 5_000, 'every River News card showing Following');
    await followingLane(page).click();
    await page.getByRole('button', { name: 'Compact view' }).waitFor({ state: 'visible' });
    await sameIds(page, river, 'the Following lane with exactly the River News stories');
    assert.ok(await page.$$eval('section.feed .card-source a', (els) => els.every((e) => e.textContent === 'River News')));

    // Follow the tag Space from its feed: its story joins the lane.
    await page.goto(h.base + '/?tag=space', READY);
    await page.waitForSelector('section.feed article.card');
    await page.getByRole('button', { name: 'Follow Space', exact: true }).click();
    await page.locator('.toast', { hasText: 'You follow Space' }).waitFor();
    await followingLane(page).click();
    await sameIds(page, [...new Set([...river, ...space])], 'River News and the Space story');
    assert.equal(
      (await h.ctx.db.collection('follows').find({ user_id: user._id }).toArray()).map((f) => `${f.kind}:${f.value}`).sort(),
      ['source:river-news', 'tag:space'],
    );

    // Unfollow River News from a card in the lane; Undo follows it again.
    await page.getByRole('button', { name: 'Following River News' }).first().click();
    await sameIds(page, space.filter((id) => !river.includes(id)), 'only the Space story left');
    await page.locator('.toast', { hasText: 'You no longer follow River News' }).getByRole('button', { name: 'Undo' }).click();
    await sameIds(page, [...new Set([...river, ...space])], 'River News back after Undo');

    // Unfollow both: the lane says how to follow. The unfollow is stored before the page is left
    // (leaving at once could cut its request short on a loaded machine: the lane then still held River News).
    await page.getByRole('button', { name: 'Following River News' }).first().click();
    await until(async () => (await h.ctx.db.collection('follows').countDocuments({ user_id: user._id, kind: 'source', value: 'river-news' })) === 0, 10_000, 'River News unfollowed');
    await page.goto(h.base + '/?tag=space', READY);
    await page.getByRole('button', { name: 'Following Space', exact: true }).click();
    await page.locator('.toast', { hasText: 'You no longer follow Space' }).waitFor();
    await page.goto(h.base + '/?lane=following', READY);
    await page.locator('section.feed p.quiet', { hasText: EMPTY }).waitFor();
    // No "Compact view" over a feed with no cards to make compact.
    assert.is(await page.getByRole('button', { name: 'Compact view' }).isVisible(), false, 'no density toggle on an empty feed');
    assert.is(await h.ctx.db.collection('follows').countDocuments({ user_id: user._id }), 0);
    await page.click('nav.lanes a[data-lane="highlights"]');
    await waitForBrief(page);
    assert.is(await followingLane(page).count(), 0, 'the lane leaves the bar with the last follow');
    await context.close();
  });
}

test('axe finds nothing serious on a signed-in brief with Follow controls and on the Following lane, in dark mode', async () => {
  const { token } = await signInDirectly(h.ctx.db, 'follower-dark@example.org', new Date(), { imported_at: new Date() });
  // bypassCSP only lets axe run under our strict CSP.
  const context = await h.browser.newContext({ bypassCSP: true, colorScheme: 'dark', reducedMotion: 'reduce' });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  await page.getByRole('button', { name: 'Follow Sky Journal' }).first().click();
  await followingLane(page).waitFor();
  assert.equal(await seriousViolations(page), [], 'brief with Follow and Following');
  await followingLane(page).click();
  await page.waitForSelector('section.feed[data-feed="following:"] article.card');
  assert.equal(await seriousViolations(page), [], 'the Following lane');
  await context.close();
});

test('signed out: no Follow by the source names, and the lane asks to sign in', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  assert.is(await page.locator('article.card button[aria-pressed]').count(), 0);
  await page.goto(h.base + '/?lane=following', READY);
  await page.locator('section.feed p.quiet', { hasText: 'Sign in to follow sources and tags' }).waitFor();
  await context.close();
});

test.run();
