/**
 * Pauses by choice (issue 21, item 2), at 1280×900 and 390×844: in Calm Filters a reader pauses a
 * source and a topic by the names they see; the stored values are the ids, and their stories leave
 * the brief and the feeds. A name that matches nothing is refused with a message, and nothing is
 * stored. From a card, "Pause <source> for a week" does the same for that source.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { READER_SIZES, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});


const storedPauses = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('tidings.prefs') ?? '{}') as { pauses?: Array<{ kind: string; value: string }> }).pauses?.map((p) => `${p.kind}:${p.value}`) ?? []);

/** The cards shown in a list: their source names and ids (null while none are shown). */
async function shown(page: Page, list: string): Promise<Array<{ id: string; source: string }> | null> {
  const cards = await page.$$eval(`${list} article.card`, (els) => els.map((e) => ({ id: e.getAttribute('data-id') ?? '', source: e.querySelector('.card-source a')?.textContent ?? '' })));
  return cards.length ? cards : null;
}

async function pauseByName(page: Page, kind: string, name: string) {
  await page.selectOption('#pause-kind', kind);
  await page.fill('#pause-value', name);
  await page.click('form:has(#pause-kind) button[type="submit"]');
}

for (const size of READER_SIZES) {
  test(`${size.name}: pausing a source and a topic by their names removes their stories from the brief and the feeds; an unknown name is refused`, async () => {
    const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(h.base + '/?view=filters');
    await until(async () => (await page.$$eval('#pause-options option', (os) => os.map((o) => o.getAttribute('value')))).includes('River News'), 10_000, 'the sources offered by name');
    await pauseByName(page, 'source', 'River News');
    await pauseByName(page, 'topic', 'science');
    await until(async () => (await storedPauses(page)).length === 2, 5_000, 'two pauses stored');
    assert.equal(await storedPauses(page), ['source:river-news', 'topic:science'], 'the ids are stored, not the names');
    assert.match((await page.textContent('ul[aria-label="Active pauses"]')) ?? '', /Source River News until.*Topic Science until/s);

    await pauseByName(page, 'source', 'Harbour Light Gazette');
    await page.locator('#pause-error').waitFor();
    assert.is(await page.textContent('#pause-error'), 'There is no source called “Harbour Light Gazette”. Pick one from the list.');
    assert.is(await page.getAttribute('#pause-value', 'aria-invalid'), 'true');
    assert.is((await storedPauses(page)).length, 2, 'nothing stored for an unknown name');

    const science = new Set(h.brief.filter((d) => d.topic === 'science').map((d) => d._id));
    const clean = (cards: Array<{ id: string; source: string }> | null) =>
      cards !== null && cards.every((c) => c.source !== 'River News' && !science.has(c.id)) ? cards : null;
    await page.click('nav.lanes a[data-lane="highlights"]');
    const brief = await until(async () => clean(await shown(page, '.brief')), 10_000, 'a brief without River News and science');
    assert.ok(brief.every((c) => c.source === 'Sky Journal'));
    await page.click('nav.lanes a[data-lane="latest"]');
    await until(async () => clean(await shown(page, 'section.feed[data-feed="latest:"]')), 10_000, 'Latest without River News and science');
    await page.goto(h.base + '/?topic=science');
    await page.locator('section.feed p.quiet', { hasText: 'Nothing here fits' }).waitFor();
    await context.close();
  });
}

test('from a card: Pause <source> for a week removes that source from the brief', async () => {
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  const river = ids.find((id) => h.brief.find((d) => d._id === id)?.source_id === 'river-news') ?? '';
  await page.locator(`article[data-id="${river}"] .menu[data-menu="not-for-me"] > button`).click();
  await page.locator('[role="menuitem"]', { hasText: 'Pause River News for a week' }).click();
  await until(async () => {
    const cards = await shown(page, '.brief');
    return cards?.every((c) => c.source !== 'River News');
  }, 10_000, 'River News paused');
  assert.equal(await storedPauses(page), ['source:river-news']);
  await context.close();
});

test.run();
