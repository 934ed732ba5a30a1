/**
 * Cards worth reading (issue 18, item 2), as a reader sees them at 1280×900 and 390×844: the seven
 * brief cards say seven different sentences; a story other outlets also reported says so on its
 * card and names them on its /a page; a story whose feed gave its full text shows a reading time.
 * The static /brief.json and /api/brief carry the same card fields. The static shell of `/` carries
 * the seven cards before any JavaScript runs, and the app takes those very elements over unchanged.
 */
import type { Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { markReportedAgain } from '../../core/store/articles.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { buildSite } from '../../site/build.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { READER_SIZES, READY, startHarness, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
let reported: ArticleDoc;
let long: ArticleDoc;
test.before(async () => {
  h = await startHarness();
  reported = h.brief[0]!;
  long = h.brief[3]!;
  const meadow = makeSource({ _id: 'meadow-post', name: 'Meadow Post' });
  const hidden = makeSource({ _id: 'hidden-herald', name: 'Hidden Herald', content_visible: false });
  const copy = (source_id: string) => makeArticle({ source_id, title: `${reported.title} (copy)`, duplicate_of: reported._id, topic: reported.topic, tags: reported.tags, flavor: reported.flavor });
  // Two other outlets, one more copy from the story's own source and one from a hidden source (neither counts).
  await insertFixtures(h.ctx.db, { sources: [meadow, hidden], articles: [copy('meadow-post'), copy('sky-journal'), copy(reported.source_id), copy('hidden-herald')] });
  // As ingest does when a story gains a copy: its page and card are marked changed.
  await markReportedAgain(h.ctx.db, [reported._id], new Date());
  await articlesCollection(h.ctx.db).updateOne({ _id: long._id }, { $set: { word_count: 920, changed_at: new Date() } });
  await bumpPoolVersion(h.ctx.db);
  await buildSite({ db: h.ctx.db, config: h.ctx.config, log: h.ctx.log, now: new Date() });
  assert.is(await sourcesCollection(h.ctx.db).countDocuments({}), 4);
});
test.after(async () => {
  await h?.close();
});

/** The brief's list as markup (attributes in name order), with what the app rightly changes left out: relative dates and its menus' ids. */
const cardsMarkup = (page: Page) =>
  page.$eval('.brief ol.cards', (ol) => {
    const copy = ol.cloneNode(true) as Element;
    for (const time of copy.querySelectorAll('time')) time.textContent = '';
    for (const button of copy.querySelectorAll('.menu-button')) button.removeAttribute('id');
    for (const el of [copy, ...copy.querySelectorAll('*')]) {
      const attrs = [...el.attributes].map((a) => [a.name, a.value] as const).sort(([a], [b]) => a.localeCompare(b));
      for (const [name] of attrs) el.removeAttribute(name);
      for (const [name, value] of attrs) el.setAttribute(name, value);
    }
    return copy.outerHTML;
  });

// First, before any test opens an /a page (which caches its summary, a change the built shell has not seen yet).
test('the shell carries the seven cards before any JavaScript runs, and the app takes those elements over unchanged', async () => {
  const still = await h.browser.newContext({ javaScriptEnabled: false });
  const plain = await still.newPage();
  // `load`, not READY: without scripts nothing holds DOMContentLoaded back for the stylesheet, and
  // the buttons are hidden by app.css (`scripting: none`); counted before it applied, they were
  // visible (a clean-clone CI run under load, 29 Nov).
  await plain.goto(h.base + '/', { waitUntil: 'load' });
  const links = await plain.$$eval('.brief article.card .card-title a', (els) => els.map((a) => [a.getAttribute('href'), a.textContent]));
  assert.equal(links, h.brief.map((d) => [`/a/${d._id}`, d.title]), 'without JavaScript: the seven titles, each a link to its /a page');
  assert.is(await plain.locator('#app :is(button, nav.lanes):visible').count(), 0, 'and no button or lane that would do nothing');
  await still.close();

  const { context, page } = await h.newPage();
  const release = await holdReaderScript(page);
  // A module script holds DOMContentLoaded back: wait for the parsed shell instead.
  await page.goto(h.base + '/', { waitUntil: 'commit' });
  await page.waitForSelector('#brief-data', { state: 'attached' });
  const shell = await cardsMarkup(page);
  assert.is(await page.locator('.brief article.card').count(), 7, 'the cards are there before the app runs');
  await page.$$eval('.brief article.card', (els) => els.forEach((e, i) => Object.assign(e, { shellIndex: i })));
  // What each task of the start changes, as the mutation observer delivers it (once per task): a card's
  // menus get their ids when its components take it over, the footer appears with the first render.
  await page.evaluate(() => {
    const log: string[][] = [];
    Object.assign(window, { takeover: log });
    new MutationObserver((records) => {
      const batch = new Set<string>();
      for (const r of records) {
        if (r.type === 'attributes' && r.target instanceof Element && r.target.matches('.menu-button')) batch.add(r.target.closest('article')?.dataset.id ?? '?');
        for (const n of r.addedNodes) if (n instanceof Element && n.matches('.app-footer')) batch.add('footer');
      }
      if (batch.size > 0) log.push([...batch]);
    }).observe(document.getElementById('app') as Element, { subtree: true, childList: true, attributes: true, attributeFilter: ['id'] });
  });
  release();
  await waitForBrief(page);
  await page.waitForResponse((r) => r.url().includes('/api/brief')).catch(() => undefined);
  const kept = await page.$$eval('.brief article.card', (els) => els.map((e) => (e as Element & { shellIndex?: number }).shellIndex ?? null));
  assert.equal(kept, [0, 1, 2, 3, 4, 5, 6], 'the app kept the shell\'s elements');
  // The first render leaves the cards to tasks of their own, one card each, so no task of the start
  // diffs the seven (a phone's longest task before, BriefView/slot.tsx).
  const batches = await page.evaluate(() => (window as Window & { takeover?: string[][] }).takeover ?? []);
  assert.equal(batches[0], ['footer'], `the first render draws the frame without taking a card over: ${JSON.stringify(batches)}`);
  const taken = batches.slice(1).filter((b) => !b.includes('footer'));
  assert.ok(taken.every((b) => b.length === 1), `one card per task: ${JSON.stringify(batches)}`);
  assert.equal(taken.map((b) => b[0]), h.brief.map((d) => d._id), 'each of the seven, in order');
  const menuIds = await page.$$eval('.brief .menu-button', (els) => els.map((e) => e.id));
  assert.is(menuIds.length, 14);
  assert.is(new Set(menuIds).size, 14, `every menu button has its own id: ${menuIds.join(' ')}`);
  assert.is(await cardsMarkup(page), shell, 'and drew the same cards');
  assert.ok(await page.locator('.brief article.card time').first().textContent(), 'dates are filled in');
  await context.close();
});

test('a device whose Calm Filters mute a brief story never sees its card, not even before the app runs', async () => {
  const muted = h.brief.find((d) => d.topic === 'nature');
  assert.ok(muted, 'the seeded brief has a nature story');
  const { context, page } = await h.newPage();
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await context.addInitScript(() => localStorage.setItem('tidings.prefs', JSON.stringify({ mute_topics: ['nature'] })));
  const release = await holdReaderScript(page);
  await page.goto(h.base + '/', { waitUntil: 'commit' });
  await page.waitForSelector('#brief-data', { state: 'attached' });
  assert.is(await page.locator('.brief article.card').count(), 7, 'the shell holds the published cards');
  assert.is(await page.locator('.brief article.card:visible').count(), 0, 'but shows none of them before the app has applied the filters');
  // Should the app never start, the published cards show after 8 s rather than an empty page.
  await page.locator('.brief article.card').first().waitFor({ state: 'visible', timeout: 15_000 });
  // From here, what the reader sees while the app starts: at the first card's takeover (a task after
  // the first render), is the list shown, and is the app live yet?
  await page.evaluate(() => {
    const seen: Array<{ visibility: string; live: boolean; cards: number }> = [];
    Object.assign(window, { seen });
    const observer = new MutationObserver((records) => {
      if (!records.some((r) => r.target instanceof Element && r.target.matches('.menu-button'))) return;
      const list = document.querySelector('.brief ol.cards');
      seen.push({ visibility: list ? getComputedStyle(list).visibility : 'none', live: document.getElementById('app')?.dataset.live === 'true', cards: document.querySelectorAll('.brief article.card').length });
      observer.disconnect();
    });
    observer.observe(document.getElementById('app') as Element, { subtree: true, attributes: true, attributeFilter: ['id'] });
  });
  // (The 8 s fallback has shown the cards by now: take it back, so the list shows only when the app shows it.)
  await page.addStyleTag({ content: 'html.own-brief #app#app .brief .cards{animation:none!important}' });
  release();
  await page.waitForSelector('#app[data-live]');
  const first = await page.evaluate(() => (window as Window & { seen?: unknown[] }).seen?.[0]);
  assert.equal(first, { visibility: 'visible', live: false, cards: 6 }, 'the reader\'s own brief shows from the first render on, before every card is live');
  await page.locator('.brief article.card:visible').first().waitFor();
  assert.is(await page.locator(`.brief article.card[data-id="${muted._id}"]`).count(), 0, 'the muted story never appears');
  assert.equal(errors, [], 'the inline script runs under the Content-Security-Policy without a console error');
  await context.close();
});

/** Hold the reader app's script back until the returned function is called (the shell alone is on screen until then). */
async function holdReaderScript(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/app/reader.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

for (const size of READER_SIZES) {
  test(`${size.name}: the brief's cards say seven different sentences, the reported story names its outlets, the long one its reading time`, async () => {
    const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(h.base + '/');
    const ids = await waitForBrief(page);
    // The sentence each card shows under its title (beside its picture on a wide screen, the hero shows its summary when it has one).
    const lines = await page.$$eval('.brief article.card', (cards) => cards.map((c) => ([...c.querySelectorAll('.card-body > p.why, .card-body > p.summary')].find((p) => p.checkVisibility())?.textContent ?? '').trim()));
    assert.is(lines.length, 7);
    assert.ok(lines.every((l) => l.length > 20), `every card has its sentence: ${JSON.stringify(lines)}`);
    assert.is(new Set(lines).size, 7, `seven different sentences: ${JSON.stringify(lines)}`);

    const text = async (id: string) => (await page.textContent(`.brief article.card[data-id="${id}"]`)) ?? '';
    assert.ok(ids.includes(reported._id) && ids.includes(long._id));
    assert.match(await text(reported._id), /Also reported by 2 other outlets/);
    assert.match(await text(long._id), /4 min read/);
    for (const id of ids.filter((i) => i !== reported._id)) assert.not.match(await text(id), /Also reported by/, id);
    for (const id of ids.filter((i) => i !== long._id)) assert.not.match(await text(id), /min read/, id);

    await page.goto(`${h.base}/a/${reported._id}`);
    assert.match((await page.textContent('.also-reported')) ?? '', /^Also reported by 2 other outlets: Meadow Post and Sky Journal\.$/);
    await context.close();
  });
}

test('/brief.json and /api/brief serve the same line, outlets and reading time for every item', async () => {
  type Item = { id: string; line: string; also_reported_by: string[]; reading_minutes: number | null };
  const pick = (items: Item[]) => items.map(({ id, line, also_reported_by, reading_minutes }) => ({ id, line, also_reported_by, reading_minutes }));
  const built = (await (await fetch(`${h.base}/brief.json`)).json()) as { items: Item[] };
  const api = (await (await fetch(`${h.base}/api/brief`)).json()) as { items: Item[] };
  assert.equal(pick(api.items), pick(built.items));
  assert.equal(api.items.find((i) => i.id === reported._id)?.also_reported_by, ['Meadow Post', 'Sky Journal']);
  assert.is(api.items.find((i) => i.id === long._id)?.reading_minutes, 4);
  const feed = (await (await fetch(`${h.base}/api/feed?sort=latest&limit=50`)).json()) as Item[];
  assert.equal(feed.find((i) => i.id === reported._id)?.also_reported_by, ['Meadow Post', 'Sky Journal'], 'feeds agree');
});

test('390×844: a card without an image keeps its inner margin like one with an image (its text never touches the border)', async () => {
  // This harness's stories have no images; on a phone the image cards' grid layout once took
  // the body's padding away from these too, leaving their text on the border.
  const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(h.base + '/', READY);
  await waitForBrief(page);
  const insets = await page.$$eval('.brief article.card:not(.hero)', (cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const title = card.querySelector('.card-title')?.getBoundingClientRect();
      const actions = card.querySelector('.actions')?.getBoundingClientRect();
      return { image: card.querySelector('.card-image') !== null, left: Math.round((title?.left ?? box.left) - box.left), right: Math.round(box.right - (actions?.right ?? box.right)) };
    }),
  );
  assert.is(insets.length, 6);
  assert.ok(insets.some((i) => !i.image), 'cards without an image are measured');
  for (const inset of insets) assert.ok(inset.left >= 8 && inset.right >= 8, `inner margin ${JSON.stringify(inset)}`);
  await context.close();
});

test.run();
