import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { createMailer } from '../../core/platform/mail.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { seriousViolations, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
let smtp: TestSmtp;

test.before(async () => {
  h = await startHarness();
  smtp = await startSmtp();
  // The harness's context has no SMTP_URL: the magic link goes through a real mailer to the loopback server.
  h.ctx.deps.mailer.close();
  h.ctx.deps.mailer = createMailer({ ...h.ctx.config, smtpUrl: smtp.url }, h.ctx.log);
});
test.after(async () => {
  await smtp?.close();
  await h?.close();
});

/** A browser context in a fixed time zone (the digest's default comes from the device). */
async function newPage(timezoneId = 'Europe/Paris') {
  const context = await h.browser.newContext({ reducedMotion: 'reduce', timezoneId, bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

const userByEmail = (email: string) => h.ctx.db.collection('users').findOne({ email });

test('magic-link sign-in from the reader merges the device, shows the account, saves the digest, and signs out', async () => {
  const { context, page } = await newPage();
  // Anonymous reading first: a Calm Filter and an opened story stay on the device.
  await page.goto(h.base + '/');
  await waitForBrief(page);
  await page.evaluate(() => localStorage.setItem('tidings.prefs', JSON.stringify({ avoid_terms: ['storm'], max_cortisol: 4 })));
  const opened = h.brief[2]!;
  await page.click(`article[data-id="${opened._id}"] .card-title a`);
  await page.waitForURL(`**/a/${opened._id}`);
  await page.goto(h.base + '/');
  await waitForBrief(page);
  assert.is(await page.locator('article.card button[aria-pressed]').count(), 0, 'signed out: no Save buttons');

  // Sign in: the form answers with the same calm sentence whatever the address.
  await page.click('.app-footer a:text-is("Sign in")');
  await page.waitForSelector('#signin-email');
  await page.waitForFunction((id) => document.activeElement?.id === id, 'view-title', { timeout: 5000 }).catch(() => undefined);
  assert.is(await page.evaluate(() => document.activeElement?.id), 'view-title', 'focus moves to the view heading');
  await page.fill('#signin-email', 'Walker@Example.org');
  await page.click('button:text-is("Send me a sign-in link")');
  const status = await page.waitForSelector('section.account [role="status"]');
  assert.match((await status.textContent()) ?? '', /sign-in link is on its way/);
  const mails = await smtp.waitFor(1);
  assert.equal(mails[0]?.to, ['walker@example.org']);
  const token = /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mails[0]?.raw ?? ''))?.[1];
  assert.ok(token, 'the mail carries the link');

  // The link's page signs in only when its button is pressed, then comes home.
  await page.goto(`${h.base}/auth/verify?token=${token}`);
  await page.click('#verify-form button');
  await page.waitForURL(h.base + '/');
  await page.waitForSelector('.app-footer a:text-is("Your account")');

  // First sign-in: the device's history and prefs are now the account's.
  const user = await until(async () => {
    const u = await userByEmail('walker@example.org');
    return u?.imported_at && u.prefs ? u : null;
  }, 10_000, 'the first sign-in import');
  assert.equal(user.prefs.avoid_terms, ['storm']);
  assert.is(user.prefs.max_cortisol, 4);
  const history = await h.ctx.db.collection('history').find({ user_id: user._id }).toArray();
  assert.equal(history.map((e) => [e.article_id, e.event]), [[opened._id, 'opened']]);
  await until(async () => (await page.evaluate(() => localStorage.getItem('tidings.history'))) === null, 5_000, 'the device keeping no second copy');
  assert.match((await page.textContent('.notice')) ?? '', /signed in/);

  // A Calm Filter changed on the device reaches the account.
  await page.evaluate(() => localStorage.setItem('tidings.prefs', JSON.stringify({ avoid_terms: ['storm', 'flood'], max_cortisol: 4 })));
  await page.reload();
  await waitForBrief(page);
  // Signed in, the account is the truth: the reload pulled the account's prefs back over the device's.
  await until(async () => (await page.evaluate(() => localStorage.getItem('tidings.prefs')))?.includes('"avoid_terms":["storm"]'), 5_000, 'the account’s prefs on the device');
  await page.click('nav.lanes a:text-is("Calm Filters")');
  await page.fill('#avoid-term', 'flood');
  await page.press('#avoid-term', 'Enter');
  await until(async () => ((await userByEmail('walker@example.org'))?.prefs.avoid_terms ?? []).includes('flood'), 10_000, 'prefs pushed to the account');

  // Save on a card.
  await page.click('nav.lanes a[data-lane="highlights"]');
  await waitForBrief(page);
  const saveTarget = h.brief[4]!;
  await page.click(`article[data-id="${saveTarget._id}"] button:has-text("Save")`);
  await page.waitForSelector(`article[data-id="${saveTarget._id}"] button[aria-pressed="true"]`);
  await until(() => h.ctx.db.collection('saved').findOne({ user_id: user._id, article_id: saveTarget._id }), 5_000, 'the saved row');

  // The account page: e-mail, methods, this session, saved count, the digest.
  await page.click('.app-footer a:text-is("Your account")');
  await page.waitForSelector('[data-testid="account-email"]');
  assert.is(await page.textContent('[data-testid="account-email"]'), 'walker@example.org');
  assert.match((await page.textContent('section.account')) ?? '', /E-mail link: walker@example\.org/);
  assert.match((await page.textContent('section.account')) ?? '', /This device/);
  assert.match((await page.textContent('section.account')) ?? '', /1 saved story/);
  assert.equal(await seriousViolations(page), [], 'account page');
  await page.check('#digest-enabled');
  await page.waitForSelector('.digest [role="status"]:has-text("Saved.")');
  await page.selectOption('#digest-hour', '6');
  await page.waitForSelector('.digest [role="status"]:has-text("every day at")');
  const sub = await until(async () => {
    const s = await h.ctx.db.collection<{ _id: string; hour: number; enabled: boolean; time_zone: string }>('digest_subscriptions').findOne({ _id: String(user._id) });
    return s?.hour === 6 ? s : null;
  }, 5_000, 'the digest preference');
  assert.is(sub.enabled, true);
  assert.is(sub.time_zone, 'Europe/Paris');
  await page.reload();
  await page.waitForSelector('#digest-enabled');
  assert.ok(await page.isChecked('#digest-enabled'), 'the toggle shows the saved state');
  assert.is(await page.inputValue('#digest-hour'), '6');

  // Sign out: the session ends on the server, the sign-in form returns, device filters stay.
  await page.click('button:text-is("Sign out")');
  await page.waitForSelector('#signin-email');
  assert.is(await h.ctx.db.collection('sessions').countDocuments({ user_id: user._id }), 0);
  assert.is(await page.evaluate(async () => (await fetch('/api/auth/me')).status), 401);
  assert.ok(await page.evaluate(() => localStorage.getItem('tidings.prefs')), 'device prefs kept');
  await context.close();
});

test('the saved view lists saved stories, history and follows, and each can be removed with the keyboard', async () => {
  const { user, token } = await signInDirectly(h.ctx.db, 'library@example.org');
  const [a, b] = [h.brief[0]!, h.brief[1]!];
  const post = async (path: string, body: object) => {
    const res = await h.ctx.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.is(res.status, 200, path);
  };
  await post('/api/saved', { article_id: a._id });
  await post('/api/history', { article_id: b._id, event: 'replaced' });
  await post('/api/history', { article_id: a._id, event: 'opened' });
  const { context, page } = await newPage();
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  // Follow a source from its feed.
  await page.goto(`${h.base}/?source=${h.sourceIds[0]}`);
  await page.waitForSelector('section.feed article.card');
  await page.getByRole('button', { name: 'Follow River News', exact: true }).click();
  await page.waitForSelector('section.feed button[aria-pressed="true"]');
  await page.goto(h.base + '/?view=saved');
  await page.waitForSelector('ul[aria-label="Saved stories"] li');
  assert.match((await page.textContent('ul[aria-label="Following"]')) ?? '', /River News/);
  // Each list of the view has its own request: the history's arrives in one answer, maybe after the others.
  await page.waitForSelector('ul[aria-label="History"] li');
  assert.is(await page.locator('ul[aria-label="History"] li').count(), 2);
  assert.equal(await seriousViolations(page), [], 'saved view');

  await page.focus('ul[aria-label="Saved stories"] button');
  await page.keyboard.press('Enter');
  await page.waitForSelector('text=Nothing saved yet');
  await page.waitForFunction((id) => document.activeElement?.id === id, 'saved-title', { timeout: 5000 }).catch(() => undefined);
  assert.is(await page.evaluate(() => document.activeElement?.id), 'saved-title', 'focus stays in the section');
  assert.is(await h.ctx.db.collection('saved').countDocuments({ user_id: user._id }), 0);

  await page.click(`ul[aria-label="History"] li:has-text("${b.title}") button`);
  await until(async () => (await page.locator('ul[aria-label="History"] li').count()) === 1, 5_000, 'one history entry left');
  await page.click('button:text-is("Clear history…")');
  await page.click('button:text-is("Yes, clear history")');
  await page.waitForSelector('text=No history.');
  assert.is(await h.ctx.db.collection('history').countDocuments({ user_id: user._id }), 0);

  await page.click('ul[aria-label="Following"] button');
  await page.waitForSelector('text=You follow nothing yet');
  assert.is(await h.ctx.db.collection('follows').countDocuments({ user_id: user._id }), 0);
  await context.close();
});

test('a story saved before the saved list has loaded stays saved on screen when the (older) list arrives', async () => {
  const { user, token } = await signInDirectly(h.ctx.db, 'early-saver@example.org', new Date(), { imported_at: new Date() });
  const { context, page } = await newPage();
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  // The saved ids are read from the server at once (nothing saved yet) and handed to the page only
  // after the reader has saved a story: the answer the page gets predates the save.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/saved/ids', async (route) => {
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  const target = ids[2] ?? '';
  const save = page.locator(`article[data-id="${target}"] button[aria-keyshortcuts="s"]`);
  await save.click();
  await until(async () => (await h.ctx.db.collection('saved').countDocuments({ user_id: user._id, article_id: target })) === 1, 5_000, 'saved');
  await until(async () => (await save.getAttribute('aria-pressed')) === 'true', 5_000, 'shown as saved');
  release();
  // The follows load with the ids (one update): once the Follow buttons show, the ids have been applied.
  await page.locator(`article[data-id="${target}"] .card-source button`).waitFor();
  assert.is(await save.getAttribute('aria-pressed'), 'true', 'still shown as saved after the older list arrived');
  assert.is(await save.textContent().then((t) => t?.startsWith('Saved')), true);
  await context.close();
});

test('deleting the account needs the typed e-mail and a second button, then the reader is signed out', async () => {
  const { user, token } = await signInDirectly(h.ctx.db, 'leaving@example.org');
  const { context, page } = await newPage();
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(h.base + '/?view=account');
  await page.click('button:text-is("Delete my account…")');
  await page.waitForFunction((id) => document.activeElement?.id === id, 'delete-email', { timeout: 5000 }).catch(() => undefined);
  assert.is(await page.evaluate(() => document.activeElement?.id), 'delete-email', 'focus moves into the confirmation');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.activeElement?.textContent === 'Delete my account…', undefined, { timeout: 5000 }).catch(() => undefined);
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Delete my account…', 'Escape returns focus');
  await page.click('button:text-is("Delete my account…")');
  await page.click('button:text-is("Delete everything")');
  await page.waitForSelector('#delete-error');
  assert.ok(await userByEmail('leaving@example.org'), 'nothing deleted without the typed e-mail');
  await page.fill('#delete-email', 'leaving@example.org');
  await page.click('button:text-is("Delete everything")');
  await page.waitForSelector('#signin-email');
  assert.is(await userByEmail('leaving@example.org'), null);
  assert.is(await h.ctx.db.collection('sessions').countDocuments({ user_id: user._id }), 0);
  await context.close();
});

test('a mistyped address is corrected on the page: the note names it, and "use another address" brings the form back filled in', async () => {
  const { context, page } = await newPage();
  await page.goto(h.base + '/?view=signin');
  await page.waitForSelector('#signin-email');
  const before = smtp.messages.length;
  await page.fill('#signin-email', 'walker@exmaple.org');
  await page.click('button:text-is("Send me a sign-in link")');
  await page.waitForSelector('section.account [role="status"]');
  assert.match((await page.textContent('section.account')) ?? '', /Sent to walker@exmaple\.org\./);
  await page.click('button:text-is("use another address")');
  await page.waitForSelector('#signin-email');
  assert.is(await page.inputValue('#signin-email'), 'walker@exmaple.org', 'the form comes back with the address to correct');
  await until(() => page.evaluate(() => document.activeElement?.id === 'signin-email'), 5_000, 'focus on the address to correct');
  await page.fill('#signin-email', 'walker@example.org');
  await page.click('button:text-is("Send me a sign-in link")');
  await page.waitForSelector('section.account [role="status"]');
  const mails = (await smtp.waitFor(before + 2)).slice(before);
  assert.equal(mails.map((m) => m.to[0]), ['walker@exmaple.org', 'walker@example.org']);
  await context.close();
});

test.run();
