/**
 * SPEC.md `/a/<article_id>`: a page built before its summary was cached shows the offline summary
 * and asks `/api/summary/<id>`, which caches it; the copy-link control appears with
 * JavaScript; loading the page records `summary_viewed`. Real chromium against the real app on loopback.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { articlesCollection } from '../../core/store/collections.ts';
import { eventKinds, startHarness, until, type Harness } from '../browser/harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

test('an /a page built before its summary was cached asks /api/summary, shows the cached text and keeps the page still', async () => {
  const article = h.brief[1];
  assert.ok(article);
  const served = await (await fetch(`${h.base}/a/${article._id}`)).text();
  assert.match(served, 'data-provisional', 'the built page shows the offline summary, not yet cached');
  const { context, page } = await h.newPage();
  await page.goto(`${h.base}/a/${article._id}`);
  const before = await page.evaluate(() => document.querySelector('.publisher')?.getBoundingClientRect().top);
  await page.waitForSelector('[data-summary]:not([data-provisional])');
  const stored = await until(async () => (await articlesCollection(h.ctx.db).findOne({ _id: article._id }))?.summary, 10_000, 'a cached summary');
  assert.is((await page.textContent('[data-summary]'))?.trim(), stored.summary);
  if (stored.what_happened && stored.why_matters && stored.why_belongs) {
    assert.is((await page.textContent('[data-notes] dl dd'))?.trim(), stored.what_happened);
  }
  // No model here: the cached text is the offline one the page showed, so nothing moved.
  assert.is(await page.evaluate(() => document.querySelector('.publisher')?.getBoundingClientRect().top), before);
  assert.ok(await page.isVisible('[data-offline-note]'), 'the page still says a richer summary needs a model');
  assert.ok(await page.isVisible('button.copy'), 'the copy-link control shows with JavaScript');
  await until(async () => (await eventKinds(h.ctx, article._id)).includes('summary_viewed'), 10_000, 'summary_viewed');
  await context.close();
});

test.run();
