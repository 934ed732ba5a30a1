import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { unsubscribeToken } from '../../core/domain/digest.ts';
import { seriousViolations, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

async function newA11yPage(scheme: 'light' | 'dark' = 'light') {
  // axe is injected through the DevTools protocol; bypassCSP only lets it run under our strict CSP.
  const context = await h.browser.newContext({ bypassCSP: true, colorScheme: scheme, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

test('axe finds no serious or critical violation on home, a feed, the filters panel and an /a page (light; home also dark)', async () => {
  for (const scheme of ['light', 'dark'] as const) {
    const { context, page } = await newA11yPage(scheme);
    await page.goto(h.base + '/');
    await waitForBrief(page);
    assert.equal(await seriousViolations(page), [], `home (${scheme})`);
    if (scheme === 'dark') {
      // Dark mode changes only colours: home covers the card, lane and notice colours.
      await context.close();
      continue;
    }
    await page.goto(h.base + '/?mood=wonder');
    await page.waitForSelector('section.feed article.card');
    assert.equal(await seriousViolations(page), [], `feed (${scheme})`);
    await page.goto(h.base + '/?view=filters');
    await page.waitForSelector('summary:has-text("Mind & Craft")');
    await page.fill('#filter-search', 'sci');
    assert.equal(await seriousViolations(page), [], `filters (${scheme})`);
    // Every group open: their checkboxes are checked too.
    await page.$$eval('.filters details', (els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    assert.equal(await seriousViolations(page), [], `filters, groups open (${scheme})`);
    await page.goto(`${h.base}/a/${h.brief[0]?._id}`);
    await page.waitForSelector('h1');
    assert.equal(await seriousViolations(page), [], `/a page (${scheme})`);
    await context.close();
  }
});

/** Tab through the page and return the set of elements (by a marker) that received focus. */
async function tabReach(page: Page, presses: number): Promise<Set<string>> {
  await page.evaluate(() => {
    let n = 0;
    for (const el of document.querySelectorAll('#app a, #app button, #app summary, #app input, #app select, #app textarea')) el.setAttribute('data-k', String(n++));
  });
  const reached = new Set<string>();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const k = await page.evaluate(() => document.activeElement?.getAttribute('data-k') ?? null);
    if (k) reached.add(k);
  }
  return reached;
}

/** Markers of every visible, enabled control in the app. */
function visibleControls(page: Page): Promise<string[]> {
  return page.$$eval('[data-k]', (els) =>
    els
      .filter((e) => e instanceof HTMLElement && e.checkVisibility() && !e.closest('[aria-hidden="true"]') && !(e as HTMLButtonElement).disabled)
      .map((e) => e.getAttribute('data-k') ?? ''),
  );
}

test('every control of home and the filters panel is reachable by Tab', async () => {
  const { context, page } = await newA11yPage();
  await page.goto(h.base + '/');
  await waitForBrief(page);
  const home = await tabReach(page, 120);
  const homeControls = await visibleControls(page);
  assert.ok(homeControls.length > 40);
  assert.equal(homeControls.filter((k) => !home.has(k)), [], 'unreachable home controls');
  await page.goto(h.base + '/?view=filters');
  await page.waitForSelector('summary:has-text("Mind & Craft")');
  const filters = await tabReach(page, 160);
  const filterControls = await visibleControls(page);
  assert.equal(filterControls.filter((k) => !filters.has(k)), [], 'unreachable filter controls');
  await context.close();
});

test('a page opened at a view by its address keeps focus at its top, also while the view loads; once the reader acts, opening a view focuses its heading', async () => {
  const { context, page } = await newA11yPage();
  // Each view drawn in full (games: its board; saved and account: what they show once the session is known).
  const views: Array<[string, string]> = [['/?view=games', '.tg-word .tg-key'], ['/?view=saved', 'p:has-text("live in an account")'], ['/?view=account', '#signin-email']];
  for (const [path, drawn] of views) {
    await page.goto(h.base + path);
    await page.waitForSelector(drawn);
    assert.is.not(await page.evaluate(() => document.activeElement?.id), 'view-title', `${path}: focus is not moved on load`);
    assert.is(await page.evaluate(() => document.querySelector('#view-title:focus-visible')), null, `${path}: no focus ring on its heading`);
  }
  // The reader acts: a view opened from here takes focus to its heading.
  await page.click('.app-footer a[href="/?view=games"]');
  await until(() => page.evaluate(() => document.activeElement?.id === 'view-title'), 5_000, 'focus on the games heading after a click');
  await context.close();
});

async function tabTo(page: Page, selector: string, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`could not Tab to ${selector}`);
}

test('keyboard alone: open a lane, add an avoid-term, and use Not today on a card', async () => {
  const { context, page } = await newA11yPage();
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  await tabTo(page, 'nav.lanes a[data-lane="latest"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('section.feed[data-feed="latest:"] article.card');
  assert.is(await page.evaluate(() => document.activeElement?.id), 'view-title', 'focus moves to the new view');

  await tabTo(page, 'a[href="/?view=filters"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#avoid-term');
  await tabTo(page, '#avoid-term');
  await page.keyboard.type('otters');
  await page.keyboard.press('Enter');
  await page.waitForSelector('ul[aria-label="Avoided words"] li:has-text("otters")');

  await tabTo(page, 'nav.lanes a[data-lane="highlights"]');
  await page.keyboard.press('Enter');
  const target = ids[3] ?? '';
  await page.waitForSelector(`article[data-id="${target}"]`);
  await tabTo(page, `article[data-id="${target}"] .menu[data-menu="not-for-me"] > button[aria-haspopup="menu"]`);
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Not today', 'the menu opens with focus on its first item');
  await page.keyboard.press('Enter');
  await until(async () => (await page.locator(`article[data-id="${target}"]`).count()) === 0, 10_000, 'the card hidden for today');
  await page.waitForSelector('.notice:has-text("hidden for today")');
  await context.close();
});

test("the server's own pages (the e-mailed sign-in link, the digest's unsubscribe) pass axe in light and dark", async () => {
  const pages = {
    'sign-in link': `/auth/verify?token=${'a'.repeat(43)}`,
    'sign-in error': '/auth/verify?error=invalid_link',
    unsubscribe: `/api/digest/unsubscribe?token=${encodeURIComponent(unsubscribeToken('reader-1', h.ctx.config.sessionSecret))}`,
  };
  for (const scheme of ['light', 'dark'] as const) {
    const { context, page } = await newA11yPage(scheme);
    for (const [name, path] of Object.entries(pages)) {
      const res = await page.goto(h.base + path);
      assert.is(res?.status(), 200, name);
      assert.ok(await page.locator('main h1').count(), `${name}: the page itself`);
      assert.equal(await seriousViolations(page), [], `${name} (${scheme})`);
    }
    await context.close();
  }
});

test.run();
