import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

test('with the network cut after a first visit, the brief and its seven /a pages still open', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  // The page caches the shell, the brief JSON, its own bundle and the seven /a pages.
  await until(() => page.evaluate(() => document.documentElement.dataset.offlineReady === '7'), 15_000, 'the offline copies');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

  await context.setOffline(true);
  await h.stopServer();
  await page.reload();
  assert.equal(await waitForBrief(page), ids);
  for (const doc of h.brief) {
    await page.goto(`${h.base}/a/${doc._id}`);
    assert.is((await page.textContent('h1'))?.trim(), doc.title, `/a/${doc._id} offline`);
  }
  await page.goto(h.base + '/?lane=latest');
  await page.waitForSelector('#view-title');
  await page.waitForSelector('text=This feed needs a connection');
  await context.close();
});

test.run();
