/**
 * The feedback view in a browser (SPEC.md `POST /api/feedback`, docs/summaries-events-feedback.md):
 * an empty message is refused on the page and nothing is sent; a sent message reaches the inbox,
 * the view says so once (no second copy in a toast) with focus on it, and offers another message
 * or the way back to the brief; a send the server refuses keeps what was written and says why.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FeedbackDoc } from '../../core/domain/feedback.ts';
import { seriousViolations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

const inbox = () => h.ctx.db.collection<FeedbackDoc>('feedback');

test('an empty message is refused on the page; a sent one reaches the inbox and is confirmed once, with focus on it', async () => {
  const { context, page } = await h.newPage();
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/feedback') posts.push(r.url());
  });
  await page.goto(`${h.base}/?view=feedback`);
  await page.waitForSelector('#fb-message');
  await page.click('button[type="submit"]');
  await page.waitForSelector('#fb-error:has-text("Please write a message.")');
  assert.is(posts.length, 0, 'nothing is sent without a message');

  await page.selectOption('#fb-category', 'story');
  await page.fill('#fb-email', 'reader@example.org');
  await page.fill('#fb-message', 'The comet story made my morning.');
  await page.click('button[type="submit"]');
  const stored = await until(() => inbox().findOne({ message: 'The comet story made my morning.' }), 10_000, 'the message in the inbox');
  assert.is(stored.category, 'story');
  assert.is(stored.contact_email, 'reader@example.org');

  await page.waitForSelector('.sent-note');
  await until(() => page.evaluate(() => document.activeElement?.classList.contains('sent-note') === true), 5_000, 'focus on the confirmation');
  const body = (await page.textContent('main')) ?? '';
  assert.is(body.split('Your message was sent').length - 1, 1, `said once: ${body}`);
  assert.match(body, /reply.*reader@example\.org/, 'where a reply would go');
  assert.is(await page.locator('.toast.notice').count(), 0, 'no toast repeating it');
  assert.is(await page.locator('main a[href="/"]:has-text("Back to the brief")').count(), 1, 'the way back to the brief');

  assert.equal(await seriousViolations(page), [], 'axe: the confirmation');
  await page.getByRole('button', { name: 'Write another' }).click();
  await page.waitForSelector('#fb-message');
  assert.is(await page.inputValue('#fb-message'), '', 'a fresh form');
  await context.close();
});

test('a refused send keeps the message, with the server\'s reason', async () => {
  const { context, page } = await h.newPage();
  await page.goto(`${h.base}/?view=feedback`);
  await page.waitForSelector('#fb-message');
  await page.fill('#fb-email', 'not-an-email');
  await page.fill('#fb-message', 'Kept when the send is refused.');
  await page.click('button[type="submit"]');
  await page.waitForSelector('#fb-error:has-text("does not look like an e-mail address")');
  assert.is(await page.inputValue('#fb-message'), 'Kept when the send is refused.');
  assert.is(await inbox().countDocuments({ message: 'Kept when the send is refused.' }), 0);
  await context.close();
});

test.run();
