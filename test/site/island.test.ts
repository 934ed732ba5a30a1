/**
 * SPEC.md `/a/<article_id>`: while the summary is pending the page says so and polls
 * `/api/summary/<id>`, filling the summary in when it is ready; the copy-link control appears with
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

test('a pending /a page fills in the summary and notes from /api/summary without a reload', async () => {
  const article = h.brief[1];
  assert.ok(article);
  const served = await (await fetch(`${h.base}/a/${article._id}`)).text();
  assert.match(served, 'data-pending', 'the built page is pending');
  const { context, page } = await h.newPage();
  await page.goto(`${h.base}/a/${article._id}`);
  await page.waitForSelector('[data-summary]:not([data-pending])');
  const stored = await until(async () => (await articlesCollection(h.ctx.db).findOne({ _id: article._id }))?.summary, 10_000, 'a cached summary');
  assert.is((await page.textContent('[data-summary]'))?.trim(), stored.summary);
  if (stored.what_happened && stored.why_matters && stored.why_belongs) {
    assert.is((await page.textContent('[data-notes] dl dd'))?.trim(), stored.what_happened);
  }
  assert.ok(await page.isVisible('button.copy'), 'the copy-link control shows with JavaScript');
  await until(async () => (await eventKinds(h.ctx, article._id)).includes('summary_viewed'), 10_000, 'summary_viewed');
  await context.close();
});

test.run();
