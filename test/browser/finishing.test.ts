/**
 * The finishing (issue 18, item 6; issue 21, item 7), as a visitor's browser meets it: the web app
 * manifest and its icons load (so the app installs), an anonymous visit logs no console error, and
 * no page or view scrolls sideways on a phone (390 px, and 320 px for the games).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BrowserContext, Page } from 'playwright-core';
import { randomId } from '../../core/domain/ids.ts';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { signIn } from '../admin/helpers.ts';
import { seriousViolations, startHarness, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const b = Buffer.from(bytes);
  if (b.length < 24 || b.toString('latin1', 1, 4) !== 'PNG') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

test('the manifest is valid JSON with a name, 192 and 512 px PNG icons that load, colours and a start URL; the pages link it and their icons', async () => {
  const res = await fetch(`${h.base}/manifest.webmanifest`);
  assert.is(res.status, 200);
  const manifest = JSON.parse(await res.text()) as Record<string, unknown>;
  assert.is(manifest.name, h.ctx.config.serviceName);
  assert.is(manifest.start_url, '/');
  assert.match(String(manifest.theme_color), /^#[0-9a-f]{6}$/);
  assert.match(String(manifest.background_color), /^#[0-9a-f]{6}$/);
  assert.is(manifest.display, 'standalone');
  const icons = manifest.icons as Array<{ src: string; sizes: string; type: string }>;
  for (const size of [192, 512]) {
    const icon = icons.find((i) => i.sizes === `${size}x${size}`);
    assert.ok(icon, `a ${size} px icon`);
    const image = await fetch(new URL(icon.src, h.base));
    assert.is(image.status, 200, icon.src);
    assert.equal(pngSize(new Uint8Array(await image.arrayBuffer())), { width: size, height: size }, icon.src);
  }

  const { context, page } = await h.newPage();
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  for (const path of ['/', '/today', `/a/${h.brief[0]!._id}`]) {
    await page.goto(h.base + path);
    assert.is(await page.getAttribute('link[rel="manifest"]', 'href'), '/manifest.webmanifest', path);
    for (const rel of ['icon', 'apple-touch-icon']) {
      const href = await page.getAttribute(`link[rel="${rel}"]`, 'href');
      assert.ok(href, `${path}: ${rel}`);
      assert.is((await fetch(new URL(href, h.base))).status, 200, `${path}: ${rel} loads`);
    }
  }
  assert.is((await fetch(`${h.base}/favicon.ico`)).status, 200, '/favicon.ico for clients that ask without reading the page');
  assert.equal(failed, [], 'no request of these pages failed');
  await context.close();
});

test('an anonymous visit to /, /today, /a/<id>, the games, the sign-in, saved and Calm Filters views logs no console error and no failed request', async () => {
  const { context, page } = await h.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  const views: Array<[string, string]> = [
    ['/', '.brief article.card'],
    ['/today', 'main h1'],
    [`/a/${h.brief[2]!._id}`, '[data-summary]:not([data-provisional])'],
    ['/?view=games', '.tg-board'],
    // Signed out, the account view is the sign-in form: it asks who is signed in, never /api/account for a 401.
    ['/?view=account', 'form input[type=email]'],
    ['/?view=saved', '.library'],
    ['/?view=filters', 'main h2'],
  ];
  for (const [path, ready] of views) {
    await page.goto(h.base + path);
    await page.waitForSelector(ready);
    // Let the page's own follow-up requests (session, brief, summary, puzzle) finish.
    await page.waitForLoadState('networkidle');
  }
  assert.equal(problems, []);
  await context.close();
});

/** How far the page scrolls sideways (0 when it fits). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function phone(width: number, cookie?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width, height: 844 }, reducedMotion: 'reduce', isMobile: true, hasTouch: true });
  if (cookie) await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

test('no page or view scrolls sideways at 390 px: brief, feeds, /today, /a, games, saved, account, admin', async () => {
  const { token } = await signIn(h.ctx.db, { email: `${randomId()}@example.org`, is_admin: true });
  const { context, page } = await phone(390, token);
  const views: Array<[string, () => Promise<unknown>]> = [
    ['/', () => waitForBrief(page)],
    ['/?lane=latest', () => page.waitForSelector('section.feed article.card')],
    ['/?topic=science', () => page.waitForSelector('section.feed article.card')],
    ['/?source=river-news', () => page.waitForSelector('section.feed article.card')],
    ['/?view=filters', () => page.waitForSelector('#view-title')],
    ['/today', () => page.waitForSelector('main h1')],
    [`/a/${h.brief[0]!._id}`, () => page.waitForSelector('[data-summary]')],
    ['/?view=games&game=classic', () => page.waitForSelector('.tg-keys')],
    ['/?view=games&game=long', () => page.waitForSelector('.tg-keys')],
    ['/?view=games&game=search', () => page.waitForSelector('.tg-grid .tg-cell')],
    ['/?view=saved', () => page.waitForSelector('.library')],
    ['/?view=account', () => page.waitForSelector('[data-testid="account-email"]')],
    ['/?view=admin', () => page.waitForSelector('.admin-nav')],
  ];
  const wide: string[] = [];
  for (const [path, ready] of views) {
    await page.goto(h.base + path);
    await ready();
    const over = await sideways(page);
    if (over > 0) wide.push(`${path}: ${over} px`);
  }
  // Every admin section, and the feedback reply editor.
  for (const section of ['Feedback inbox', 'Sources', 'Candidates', 'Downloads']) {
    await page.click(`.admin-nav button:has-text("${section}")`);
    await page.waitForSelector(`#admin-section-title:text-is("${section}")`);
    const over = await sideways(page);
    if (over > 0) wide.push(`admin ${section}: ${over} px`);
  }
  assert.equal(wide, []);
  await context.close();
});

test('every admin view shares the page width with the header and footer at 1280 px', async () => {
  const { token } = await signIn(h.ctx.db, { email: `${randomId()}@example.org`, is_admin: true });
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  const boxes = () => page.evaluate(() => ['.site-header', 'main', '.site-footer', '.admin'].map((s) => {
    const r = document.querySelector(s)?.getBoundingClientRect();
    return r ? Math.round(r.width) : -1;
  }));
  const seen = new Set<string>();
  for (const section of ['dashboard', 'inbox', 'sources', 'candidates', 'downloads']) {
    await page.goto(`${h.base}/?view=admin&section=${section}`);
    await page.waitForSelector(`.admin [data-section="${section}"]`);
    const [header, main, footer, admin] = await boxes();
    assert.is(header, main, `${section}: header and main`);
    assert.is(footer, main, `${section}: footer and main`);
    assert.ok(admin! > 0 && admin! <= main!, `${section}: the panel inside main`);
    seen.add(`${main}/${admin}`);
  }
  assert.is(seen.size, 1, `one width for every section: ${[...seen].join(', ')}`);
  await context.close();
});

test('dark mode: axe finds nothing serious on /today, an /a page with its offline summary and note, and the games', async () => {
  const context = await h.browser.newContext({ bypassCSP: true, colorScheme: 'dark', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  for (const [path, ready] of [['/today', 'main h1'], [`/a/${h.brief[4]!._id}`, '[data-offline-note]'], ['/?view=games&game=search', '.tg-grid .tg-cell']] as const) {
    await page.goto(h.base + path);
    await page.waitForSelector(ready);
    assert.equal(await seriousViolations(page), [], `axe (dark): ${path}`);
  }
  await context.close();
});

test('every game fits 320 px without sideways scrolling', async () => {
  const { context, page } = await phone(320);
  for (const [game, ready] of [['classic', '.tg-keys'], ['long', '.tg-keys'], ['search', '.tg-grid .tg-cell']] as const) {
    await page.goto(`${h.base}/?view=games&game=${game}`);
    await page.waitForSelector(ready);
    assert.is(await sideways(page), 0, game);
  }
  await context.close();
});

test.run();
