/**
 * A brief you take in at a glance (issue 18, item 1): at 1280×900 the seven brief titles lie within
 * the first 1.5 screens (1350 px), with every story's image shown and its space reserved (nothing
 * moves when the images arrive); phones keep one column; the reader's compact choice is denser,
 * applies to the feeds too, and is kept on the device.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { IMAGE_ORIGIN, READY, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness({ real: true });
});
test.after(async () => {
  await h?.close();
});

const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#7a9"/></svg>';

/** Answer the seeded images, each only once `gate` resolves (so a test can measure before they arrive). */
async function serveImages(context: BrowserContext, gate: Promise<void> = Promise.resolve()) {
  await context.route(`${IMAGE_ORIGIN}/**`, async (route) => {
    await gate;
    await route.fulfill({ body: PICTURE, contentType: 'image/svg+xml' });
  });
}

async function pageAt(width: number, height: number, gate?: Promise<void>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  await serveImages(context, gate);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** A page at `width` × `height` signed in as a new reader (`email`), on the brief. */
async function signedInBrief(email: string, width: number, height: number): Promise<{ context: BrowserContext; page: Page; answered: string }> {
  const { token } = await signInDirectly(h.ctx.db, email, new Date(), { imported_at: new Date() });
  const { context, page } = await pageAt(width, height);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  // The cards' Save and Follow buttons come with the session, which ends by asking for the saved ids
  // and the follows together and draws the buttons once both have answered (refreshSession,
  // app/views/account/session.ts): wait for those two answers themselves. A fixed wait for the
  // buttons timed out twice on a loaded CI machine, and a wait for the follows alone once in a full
  // local run, where the saved ids may still have been on their way.
  const answer = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path, { timeout: 60_000 });
  const loaded = Promise.all([answer('/api/saved/ids'), answer('/api/follows')]);
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  // Their statuses go into the waits' messages: the buttons stay away when either is not a list.
  const answered = (await loaded).map((r) => `${new URL(r.url()).pathname} ${r.status()}`).join(', ');
  return { context, page, answered };
}

/** Each card title's box in page coordinates (top and bottom from the top of the document, left). */
const titleBoxes = (page: Page, list: string) =>
  page.$$eval(`${list} article.card .card-title`, (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { top: Math.round(r.top + scrollY), bottom: Math.round(r.bottom + scrollY), left: Math.round(r.left) };
    }),
  );

/** How many images of the list are shown, loaded and at least 100 px wide. */
const shownImages = (page: Page, list: string) =>
  page.$$eval(`${list} article.card img`, (els) => els.filter((e) => e instanceof HTMLImageElement && e.complete && e.naturalWidth > 0 && e.getBoundingClientRect().width >= 100).length);

/** The lead card's sentences a reader sees under its title (class and text of each shown paragraph). */
const leadSentences = (page: Page) =>
  page.$$eval('.brief article.hero .card-body > p:is(.why, .summary)', (ps) => ps.filter((p) => p.checkVisibility()).map((p) => `${p.className}: ${p.textContent ?? ''}`));
const FIRST_SENTENCE = 'Otters were seen again along the old mill reach this spring, and volunteers counted their holts at dawn for a week.';

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('1280×900: the seven brief titles lie within 1.5 screens, with images shown in space kept for them', async () => {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { context, page } = await pageAt(1280, 900, gate);
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  await until(async () => (await titleBoxes(page, '.brief')).length === 7, 10_000, 'seven titles');
  const before = await titleBoxes(page, '.brief');
  release();
  await until(async () => (await shownImages(page, '.brief')) === 7, 10_000, 'the seven images loaded');
  const after = await titleBoxes(page, '.brief');
  assert.equal(after, before, 'nothing moves when the images arrive');
  for (const [i, box] of after.entries()) assert.ok(box.bottom <= 1.5 * 900, `title ${i + 1} ends at ${box.bottom} px, within 1350 px`);
  assert.ok(new Set(after.slice(1).map((b) => b.left)).size >= 2, 'the six after the lead sit side by side');
  // The lead's 146-character title keeps the lead's height by a smaller size and one line of summary, never by cutting the title.
  const lead = await page.$eval('.brief article.hero .card-title', (e) => ({ whole: e.scrollHeight <= e.clientHeight + 1, lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)) }));
  assert.ok(lead.whole && lead.lines === 3, `the lead's title shows whole, on ${lead.lines} lines`);
  const [summary, ...rest] = await leadSentences(page);
  assert.ok(summary?.startsWith(`summary: ${FIRST_SENTENCE} ${FIRST_SENTENCE}`) && rest.length === 0, `beside its picture the lead shows its summary alone: ${summary}`);
  assert.not.ok(await sidewaysScroll(page));
  await context.close();
});

test('1280×900, signed in (Save and Follow on every card): the seven titles still lie within 1.5 screens', async () => {
  const { context, page } = await signedInBrief('glance@example.org', 1280, 900);
  await until(async () => (await page.locator('.brief article.card button[aria-keyshortcuts="s"]').count()) === 7, 10_000, 'Save on the seven cards');
  await until(async () => (await shownImages(page, '.brief')) === 7, 10_000, 'the seven images loaded');
  for (const [i, box] of (await titleBoxes(page, '.brief')).entries()) assert.ok(box.bottom <= 1.5 * 900, `title ${i + 1} ends at ${box.bottom} px, within 1350 px`);
  await context.close();
});

test('390×844: one column, no sideways scroll; compact is denser, kept on the device, and applies to the feeds', async () => {
  const { context, page } = await pageAt(390, 844);
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  const comfortable = await titleBoxes(page, '.brief');
  const columns = await page.$$eval('.brief article.card', (els) => new Set(els.map((e) => Math.round(e.getBoundingClientRect().left))).size);
  assert.is(columns, 1, 'one column');
  // Issue 18.2: on a phone the lead shows its one line (the cached summary's first sentence), not the whole summary.
  assert.equal(await leadSentences(page), [`why: ${FIRST_SENTENCE}`]);
  assert.not.ok(await sidewaysScroll(page));
  const toggle = page.getByRole('button', { name: 'Compact view' });
  assert.is(await toggle.getAttribute('aria-pressed'), 'false');
  await toggle.click();
  const compact = await until(async () => {
    const boxes = await titleBoxes(page, '.brief');
    return boxes.length === 7 && (boxes[6]?.bottom ?? 0) < (comfortable[6]?.bottom ?? 0) ? boxes : null;
  }, 5_000, 'a denser brief');
  assert.ok((compact[6]?.bottom ?? 0) < 0.8 * (comfortable[6]?.bottom ?? 0), `compact: the last title at ${compact[6]?.bottom} px, comfortable at ${comfortable[6]?.bottom} px`);
  assert.is(await shownImages(page, '.brief'), 0, 'compact shows no images');

  await page.reload(READY);
  await waitForBrief(page);
  assert.is(await page.getByRole('button', { name: 'Compact view' }).getAttribute('aria-pressed'), 'true', 'the choice is kept on the device');
  await page.click('nav.lanes a[data-lane="latest"]');
  await page.waitForSelector('section.feed article.card');
  assert.is(await shownImages(page, 'section.feed'), 0, 'Latest is compact too');
  await page.getByRole('button', { name: 'Compact view' }).click();
  await until(async () => (await shownImages(page, 'section.feed')) > 0, 10_000, 'images back in Latest');
  await context.close();
});

test('390×844, signed in: every card (the lead, those beside their picture) shows its source as wide as the line allows (what follows the name wraps instead), and no line ends on a separator', async () => {
  const { context, page, answered } = await signedInBrief('names@example.org', 390, 844);
  // The message says what was last seen (this wait timed out once in a full local run, 27 Nov 2026, when it waited for the follows alone,
  // and in a clean-clone CI run of 28 Nov with 5 buttons of 6: a card that mounted while the follows arrived missed them until it was
  // drawn again; useSession now catches a change made between a render and its subscription, watchSession in app/views/account/session.ts).
  let seen = '';
  await until(
    async () => {
      const buttons = await page.locator('.brief article.card:not(.hero) .card-source button').count();
      seen = `${buttons} buttons, ${await page.locator('.brief article.card').count()} cards, ${await page.locator('.brief article.card.hero').count()} hero`;
      return buttons === 6;
    },
    10_000,
    () => `Follow on the six cards (last seen: ${seen}; answered: ${answered})`,
  );
  const lines = await page.$$eval('.brief article.card .card-source', (ps) =>
    ps.map((p) => {
      const name = p.querySelector('a');
      // The last piece of each visual line (elements and bare text alike), by its top.
      const ends = new Map<number, string>();
      for (const node of p.childNodes) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNode(node);
        ends.set(Math.round(range.getBoundingClientRect().top), node.textContent);
      }
      // Clipped: shown narrower than the line could show it (a name longer than the whole line may end in "…").
      const clipped = name ? name.clientWidth + 1 < Math.min(name.scrollWidth, p.clientWidth) : true;
      return { name: name?.textContent ?? '', clipped, overflow: p.scrollWidth > p.clientWidth + 1, lineEnds: [...ends.values()] };
    }),
  );
  assert.is(lines.length, 7, 'the lead and the six cards beside their picture');
  for (const line of lines) {
    assert.not.ok(line.clipped, `${line.name}: shown as wide as its line allows`);
    assert.not.ok(line.overflow, `${line.name}: nothing past the column`);
    for (const end of line.lineEnds) assert.not.match(end.trim(), /·$/, `${line.name}: a line ends on "·" (${JSON.stringify(line.lineEnds)})`);
  }
  await context.close();
});

test('1280×900: a feed uses the same grid (three columns)', async () => {
  const { context, page } = await pageAt(1280, 900);
  await page.goto(h.base + '/?lane=latest', READY);
  await page.waitForSelector('section.feed article.card');
  const boxes = await until(async () => {
    const b = await titleBoxes(page, 'section.feed');
    return b.length >= 6 ? b : null;
  }, 10_000, 'six cards');
  assert.is(new Set(boxes.slice(0, 6).map((b) => b.left)).size, 3, 'three columns');
  assert.ok((boxes[5]?.bottom ?? Infinity) <= 1.5 * 900, 'two rows of three within 1.5 screens');
  await context.close();
});

test.run();
