import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { eventRecord, type EventDoc } from '../../core/domain/event.ts';
import type { FeedbackDoc } from '../../core/domain/feedback.ts';
import { randomId } from '../../core/domain/ids.ts';
import type { SourceDoc } from '../../core/domain/source.ts';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { createMailer } from '../../core/platform/mail.ts';
import { signIn } from '../admin/helpers.ts';
import { decodeQuotedPrintable, mailHeader, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { startFeedServer, xml, type FeedServer } from '../ingestion/feed-server.ts';
import { seriousViolations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let smtp: TestSmtp;
const feedbackId = randomId();
const anonymousId = randomId();

test.before(async () => {
  h = await startHarness();
  smtp = await startSmtp();
  // The harness's context has no SMTP_URL; replies go through a real mailer to the loopback server.
  h.ctx.deps.mailer.close();
  h.ctx.deps.mailer = createMailer({ ...h.ctx.config, smtpUrl: smtp.url }, h.ctx.log);
  const now = Date.now();
  const events: EventDoc[] = [];
  for (const [daysAgo, visitor, opened] of [[0, 'v1', 0], [0, 'v2', 1], [1, 'v1', 2], [3, 'v3', 0]] as const) {
    const at = new Date(now - daysAgo * 86_400_000);
    events.push(eventRecord({ kind: 'visit', articleId: null, visitorHash: visitor, now: at }));
    const article = h.brief[opened];
    if (article) events.push(eventRecord({ kind: 'open', articleId: article._id, visitorHash: visitor, now: at }));
  }
  await h.ctx.db.collection<EventDoc>('events').insertMany(events);
  await h.ctx.db.collection<FeedbackDoc>('feedback').insertMany([
    { _id: feedbackId, category: 'idea', contact_email: 'reader@example.org', message: 'Could there be a puzzle <b>archive</b>?', read_at: null, created_at: new Date(now - 60_000) },
    { _id: anonymousId, category: null, contact_email: null, message: 'Lovely otters.', read_at: null, created_at: new Date(now - 120_000) },
  ]);
});
test.after(async () => {
  await smtp?.close();
  await h?.close();
});

/** A browser context signed in as a new user (the session cookie, as a real sign-in leaves it). */
async function signedInPage(isAdmin: boolean, scheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; requests: string[]; token: string }> {
  const { token } = await signIn(h.ctx.db, { email: `${randomId()}@example.org`, is_admin: isAdmin });
  // bypassCSP only lets the injected axe script run under our strict CSP (as in a11y.test.ts).
  const context = await h.browser.newContext({ bypassCSP: true, colorScheme: scheme, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  return { context, page, requests, token };
}

test('a reader who is not an admin sees a calm note, no admin data, and never loads the admin panel', async () => {
  for (const who of ['signed-in reader', 'anonymous'] as const) {
    const { context, page, requests } = who === 'anonymous' ? { ...(await h.newPage()), requests: [] as string[] } : await signedInPage(false);
    if (who === 'anonymous') page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto(h.base + '/');
    await page.waitForSelector('.app-footer a[href="/?view=games"]');
    await until(() => requests.includes('/api/auth/session'), 5_000, 'the admin check');
    assert.is(await page.locator('.app-footer a[href="/?view=admin"]').count(), 0, `${who}: no Admin link`);
    await page.goto(h.base + '/?view=admin');
    await page.waitForSelector('.not-available');
    assert.match((await page.textContent('.admin-view')) ?? '', /not available/);
    // Someone who runs Tidings on a new device is told to sign in; a signed-in reader is not.
    assert.is(await page.locator('.not-available a[href="/?view=signin"]').count(), who === 'anonymous' ? 1 : 0, `${who}: the way to sign in`);
    assert.not.ok(requests.some((p) => p.startsWith('/api/admin/')), `${who}: no admin request`);
    assert.not.ok(requests.some((p) => /\/chunks\/Panel-/.test(p)), `${who}: the panel chunk is never loaded`);
    assert.is(await page.locator('[data-chart], .feedback-item, .sources-table').count(), 0);
    await context.close();
  }
});

test('an admin sees the dashboard chart of daily visits and opens, with its table, and the emotional mix', async () => {
  const { context, page, token } = await signedInPage(true);
  await page.goto(h.base + '/');
  await page.click('.app-footer a[href="/?view=admin"]');
  await page.waitForSelector('[data-chart="chart-daily"] svg path.series-a');
  await until(() => page.evaluate(() => document.activeElement?.id === 'view-title'), 5_000, 'focus on the view heading');
  assert.match((await page.textContent('#chart-daily-title')) ?? '', /Daily visits and opens, last 30 days/);
  // The table shows exactly the server's daily series (the pages of this run add visits of their own).
  const stats: unknown = await (await h.ctx.request('/api/admin/stats?days=30', { headers: { authorization: `Bearer ${token}` } })).json();
  const daily = typeof stats === 'object' && stats !== null && 'daily' in stats && Array.isArray(stats.daily) ? stats.daily : [];
  const rows = await page.$$eval('[data-chart="chart-daily"] tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows, daily.map((d: { day: string; visits: number; opens: number }) => [d.day, String(d.visits), String(d.opens)]));
  assert.is(rows.length, 30);
  const opens = daily.reduce((n: number, d: { opens: number }) => n + d.opens, 0);
  assert.is(opens, 4, "the four seeded opens");
  assert.match((await page.textContent('#chart-daily-desc')) ?? '', new RegExp(`Opens: ${opens} in all`));
  assert.ok(await page.locator('[data-chart="chart-mix"] rect.bar').count() >= 2);
  const labels = (box: string) => page.$$eval(`section[aria-label="${box}"] dt`, (dts) => dts.map((dt) => dt.textContent));
  // The window's own visitor count is one of the fixed rows for 7 and 30 days: not a fourth figure.
  assert.equal(await labels('Visitors'), ['Today', 'Last 7 days', 'Last 30 days']);
  const corpus = await page.$$eval('section[aria-label="Corpus (all time)"] div', (rows) => rows.map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]));
  assert.ok(corpus.some(([label, value]) => label === 'acceptance rate' && /^\d+(\.\d+)?%$/.test(value ?? '')), `the acceptance rate is a percentage: ${JSON.stringify(corpus)}`);
  await page.click('input[name="stats-days"][value="90"]');
  await until(async () => (await page.locator('[data-chart="chart-daily"] tbody tr').count()) === 90, 5_000, 'the 90-day window');
  assert.equal(await labels('Visitors'), ['Today', 'Last 7 days', 'Last 30 days', 'Last 90 days']);
  await page.click('input[name="stats-days"][value="7"]');
  await until(async () => (await page.locator('[data-chart="chart-daily"] tbody tr').count()) === 7, 5_000, 'the 7-day window');
  assert.equal(await seriousViolations(page), [], 'axe: dashboard');
  await context.close();
});

test('replying: a refused send keeps the draft and records nothing; an accepted one is mailed and shown', async () => {
  const { context, page } = await signedInPage(true);
  await page.goto(h.base + '/?view=admin&section=inbox');
  const item = page.locator(`.feedback-item[data-id="${feedbackId}"]`);
  await item.waitFor();
  assert.match((await page.locator(`.feedback-item[data-id="${anonymousId}"]`).textContent()) ?? '', /no one to reply to/);
  assert.equal(await seriousViolations(page), [], 'axe: inbox');
  const editor = item.locator('[role="textbox"]');
  await editor.click();
  await page.keyboard.type('Thank you! ');
  const bold = item.locator('button:text-is("Bold")');
  const pressed = async () => (await bold.getAttribute('aria-pressed')) === 'true';
  assert.not.ok(await pressed(), 'Bold is not pressed in plain text');
  await bold.click();
  assert.ok(await pressed(), 'Bold is pressed once turned on, before a letter is typed');
  await page.keyboard.type('An archive is coming.');
  assert.match(await editor.innerHTML(), /<b>An archive is coming\.<\/b>/);
  // The toolbar follows the caret: out of the bold words, into them, and out of the editor.
  await page.keyboard.press('Home');
  await until(async () => !(await pressed()), 3_000, 'Bold released at the plain start');
  await page.keyboard.press('End');
  await until(() => pressed(), 3_000, 'Bold pressed again inside the bold words');
  await page.locator('#view-title').click();
  await until(async () => !(await pressed()), 3_000, 'Bold released when the selection left the editor');
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ControlOrMeta+a');
  await item.locator('button[aria-label^="Larger text"]').click();
  assert.match(await editor.innerHTML(), /<span style="font-size: 22px;">/);
  assert.not.match(await editor.innerHTML(), /<font/);

  smtp.refusing = true;
  await item.locator('button[type="submit"]').click();
  await item.locator('.error:has-text("Not sent")').waitFor();
  assert.match((await editor.textContent()) ?? '', /Thank you! An archive is coming\./, 'the draft is kept');
  assert.is(await h.ctx.db.collection('feedback_replies').countDocuments({ feedback_id: feedbackId }), 0);

  smtp.refusing = false;
  await item.locator('button[type="submit"]').click();
  await item.locator('.replies strong:has-text("An archive is coming.")').waitFor();
  assert.is((await editor.textContent()) ?? '', '', 'the editor is cleared after the send');
  const [mail] = await smtp.waitFor(1);
  assert.ok(mail);
  assert.equal(mail.to, ['reader@example.org']);
  assert.is(mailHeader(mail.raw, 'Subject'), 'Re: Your Tidings feedback');
  assert.match(decodeQuotedPrintable(mail.raw), /<span style="font-size:22px">Thank you! <strong>An archive is coming\.<\/strong><\/span>/);
  const stored = await h.ctx.db.collection<FeedbackDoc>('feedback').findOne({ _id: feedbackId });
  assert.ok(stored?.read_at, 'marked read after the send');
  assert.not.ok(await item.locator('.badge:has-text("New")').count());
  // Delete asks first, with focus on the confirming button.
  const anonymous = page.locator(`.feedback-item[data-id="${anonymousId}"]`);
  await anonymous.locator('button:text-is("Delete…")').click();
  await until(() => page.evaluate(() => document.activeElement?.textContent === 'Delete'), 5_000, 'focus on the confirming button');
  assert.is(await h.ctx.db.collection<FeedbackDoc>('feedback').countDocuments({ _id: anonymousId }), 1);
  await page.keyboard.press('Enter');
  await anonymous.waitFor({ state: 'detached' });
  assert.is(await h.ctx.db.collection<FeedbackDoc>('feedback').countDocuments({ _id: anonymousId }), 0);
  await context.close();
});

test('hiding a source asks for confirmation first; the filters find it afterwards', async () => {
  const { context, page } = await signedInPage(true);
  await page.goto(h.base + '/?view=admin&section=sources');
  const row = page.locator('tr[data-id="river-news"]');
  await row.waitFor();
  await row.locator('button[aria-label="Hide River News…"]').click();
  const confirm = row.locator('[role="group"][aria-label="Confirm hiding River News"]');
  await confirm.waitFor();
  await until(() => page.evaluate(() => document.activeElement?.textContent === 'Yes, hide'), 5_000, 'focus on the confirmation');
  assert.is((await h.ctx.db.collection<SourceDoc>('sources').findOne({ _id: 'river-news' }))?.content_visible, true, 'nothing changes before confirming');
  assert.equal(await seriousViolations(page), [], 'axe: sources with the confirmation open');
  await confirm.locator('button:has-text("Cancel")').click();
  await row.locator('button[aria-label="Hide River News…"]').click();
  await confirm.locator('button:has-text("Yes, hide")').click();
  await row.locator('td:text-is("hidden")').waitFor();
  assert.is((await h.ctx.db.collection<SourceDoc>('sources').findOne({ _id: 'river-news' }))?.content_visible, false);
  await page.selectOption('#src-vis', 'hidden');
  assert.equal(await page.$$eval('.sources-table tbody tr', (trs) => trs.map((t) => t.getAttribute('data-id'))), ['river-news']);
  await row.locator('button[aria-label="Show River News"]').click();
  await until(async () => (await h.ctx.db.collection<SourceDoc>('sources').findOne({ _id: 'river-news' }))?.content_visible === true, 5_000, 'shown again');
  await context.close();
});

test('on a phone the sources table is one card per source: nothing scrolls sideways, every action is on screen, each value named, still a table', async () => {
  const { context, page } = await signedInPage(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(h.base + '/?view=admin&section=sources');
  const row = page.locator('tr[data-id="river-news"]');
  await row.waitFor();
  const wrap = await page.$eval('.table-wrap', (el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  assert.ok(wrap.scroll <= wrap.client + 1, `the table fits its box (${wrap.scroll} > ${wrap.client})`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page does not scroll sideways');
  for (const id of await page.$$eval('.sources-table tbody tr', (trs) => trs.map((t) => t.getAttribute('data-id') ?? ''))) {
    for (const button of await page.locator(`tr[data-id="${id}"] .row-actions button`).all()) {
      const box = await button.boundingBox();
      assert.ok(box !== null && box.x >= 0 && box.x + box.width <= 390, `${id}: ${await button.textContent()} on screen`);
    }
  }
  const label = await row.locator('td[data-label="Status"]').evaluate((td) => getComputedStyle(td, '::before').content);
  assert.match(label, 'Status', 'the cell names its column');
  // The layout drops the table's display, not its meaning: rows and headers are still read as such.
  assert.is(await page.getByRole('table').count(), 1);
  assert.ok((await page.getByRole('rowheader', { name: /River News/ }).count()) === 1, 'the source names its row');
  assert.is(await page.getByRole('columnheader', { name: 'Health' }).count(), 1);
  assert.equal(await seriousViolations(page), [], 'axe: the sources on a phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.is(await row.evaluate((tr) => getComputedStyle(tr).display), 'table-row', 'a table again on a wide screen');
  await context.close();
});

const rss = (title: string) => {
  const day = new Date().toUTCString();
  const items = ['Volunteers plant a thousand trees along the river', 'A library lends telescopes to families', 'Town bakers share bread with neighbours']
    .map((t, i) => `<item><title>${t}</title><link>https://example.org/${i}</link><pubDate>${day}</pubDate><description>${t}.</description></item>`)
    .join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>https://example.org/</link>${items}</channel></rss>`;
};

test('candidate queue: add a feed URL, see its preview, promote it active; a source’s live preview opens in a panel', async () => {
  const feeds: FeedServer = await startFeedServer();
  try {
    const day = new Date().toUTCString();
    const war = `<item><title>War breaks out as troops shell the border towns</title><link>https://example.org/war</link><pubDate>${day}</pubDate></item>`;
    feeds.routes.set('/calm.xml', xml(rss('Calm Gazette').replace('</channel>', `${war}</channel>`)));
    feeds.routes.set('/river.xml', xml(rss('River News')));
    await h.ctx.db.collection<SourceDoc>('sources').updateOne({ _id: 'sky-journal' }, { $set: { feed_url: `${feeds.base}/river.xml` } });
    const { context, page } = await signedInPage(true);
    await page.goto(h.base + '/?view=admin&section=candidates');
    await page.fill('#cand-url', `${feeds.base}/calm.xml`);
    await page.click('button:has-text("Add and preview")');
    const item = page.locator('li[data-id]:has-text("Calm Gazette")');
    await item.waitFor();
    await item.locator('summary:has-text("Preview")').click();
    const preview = (await item.locator('.preview').textContent()) ?? '';
    assert.match(preview, /4 items/);
    assert.match(preview, /War breaks out as troops shell the border towns \(distressing: “[^”]+”/, 'a skipped example says its reason in words and the words behind it');
    await item.locator('label:has-text("activate now") input').check();
    await item.locator('button:has-text("Promote")').click();
    await item.locator('.badge:text-is("promoted")').waitFor();
    const source = await h.ctx.db.collection<SourceDoc>('sources').findOne({ feed_url: `${feeds.base}/calm.xml` });
    assert.is(source?.status, 'active');
    assert.is(source?.active, true);
    assert.equal(await seriousViolations(page), [], 'axe: candidates');

    await page.goto(h.base + '/?view=admin&section=sources');
    await page.click('button[aria-label="Live preview of Sky Journal"]');
    await page.waitForSelector('#src-preview-title:has-text("Live preview: Sky Journal")');
    await page.waitForSelector('.preview:has-text("Volunteers plant a thousand trees")');
    await until(() => page.evaluate(() => document.activeElement?.id === 'src-preview-title'), 5_000, 'focus on the preview heading');
    await context.close();
  } finally {
    await feeds.close();
  }
});

test('Import OPML: choose a file, read added / already present / refused; the new source is in the table, paused; the OPML download lists every source', async () => {
  const { context, page } = await signedInPage(true);
  await page.goto(h.base + '/?view=admin&section=sources');
  await page.locator('tr[data-id="river-news"]').waitFor();
  const river = await h.ctx.db.collection<SourceDoc>('sources').findOne({ _id: 'river-news' });
  const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="Gentle">
    <outline text="Puffin Post" xmlUrl="https://puffin.example.org/feed.xml" htmlUrl="https://puffin.example.org/"/>
    <outline text="River again" xmlUrl="${river?.feed_url ?? ''}"/>
    <outline text="Sneaky" xmlUrl="javascript:alert(1)"/>
  </outline></body></opml>`;
  await page.setInputFiles('#opml-file', { name: 'mine.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml) });
  await page.click('button:has-text("Import")');
  const summary = page.locator('.import-summary');
  await summary.waitFor();
  assert.match((await summary.locator('p').first().textContent()) ?? '', /1 source added \(paused until you resume them\); 1 was already present; 1 outline refused\./);
  assert.match((await summary.locator('details:has-text("Refused")').textContent()) ?? '', /Sneaky.*javascript:alert\(1\).*Only http and https/);
  await page.locator('tr:has-text("Puffin Post") td:text-is("paused")').waitFor();
  const puffin = await h.ctx.db.collection<SourceDoc>('sources').findOne({ feed_url: 'https://puffin.example.org/feed.xml' });
  assert.equal([puffin?.status, puffin?.topic_hints], ['paused', ['Gentle']]);
  assert.equal(await seriousViolations(page), [], 'axe: sources with an import summary');

  // A malformed file adds nothing and says why.
  const before = await h.ctx.db.collection<SourceDoc>('sources').countDocuments({});
  await page.setInputFiles('#opml-file', { name: 'broken.opml', mimeType: 'text/x-opml', buffer: Buffer.from(opml.slice(0, 120)) });
  await page.click('button:has-text("Import")');
  await page.locator('.admin-box .error:has-text("Nothing was imported")').waitFor();
  assert.is(await h.ctx.db.collection<SourceDoc>('sources').countDocuments({}), before);

  await page.click('.admin-nav button:text-is("Downloads")');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[download="sources.opml"]')]);
  assert.is(download.suggestedFilename(), 'sources.opml');
  const text = readFileSync(await download.path(), 'utf8');
  assert.match(text, /text="Puffin Post"[^>]*status="paused"/);
  assert.is((text.match(/<outline /g) ?? []).length, before, 'every source');
  await context.close();
});

test('axe finds no serious or critical violation on the dashboard in dark mode or on the downloads', async () => {
  const { context, page } = await signedInPage(true, 'dark');
  await page.goto(`${h.base}/?view=admin`);
  await page.waitForSelector('[data-chart="chart-mix"]');
  assert.equal(await seriousViolations(page), [], 'dashboard (dark)');
  await page.click('.admin-nav button:text-is("Downloads")');
  await page.waitForSelector('a[download="sources.csv"]');
  await until(() => page.evaluate(() => document.activeElement?.id === 'admin-section-title'), 5_000, 'focus on the section heading');
  assert.equal(await page.getAttribute('a[download="audience.csv"]', 'href'), '/api/admin/export/audience.csv?days=30');
  assert.equal(await seriousViolations(page), [], 'downloads (dark)');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[download="sources.csv"]')]);
  assert.is(download.suggestedFilename(), 'sources.csv');
  const path = await download.path();
  assert.match(readFileSync(path, 'utf8'), /^name,feed_url,homepage,status,visible/);
  await context.close();
});

test.run();
