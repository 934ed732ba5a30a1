/**
 * `npm run screenshots -- --base=http://localhost:3000 --out=docs/screenshots --label=after`:
 * what docs/reader-app.md shows. Debian's chromium (playwright-core) opens `/`, `/today`, the first
 * `/a` page that `/today` links to and Calm Filters (`/?view=filters`) on a running Tidings, at
 * desktop (1280×900), mobile (390×844) and mobile dark, and saves the first screen of each as a
 * small JPEG: `<label>-<page>-<desktop|mobile|dark>.jpg`; and the home page's first 1.5 desktop
 * screens (1280×1350, where issue 18 wants the seven brief titles) as `<label>-home-glance.jpg`.
 * Not part of `npm test`.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const base = new URL(args.get('base') ?? 'http://localhost:3000');
const out = path.resolve(args.get('out') ?? 'docs/screenshots');
const label = (args.get('label') ?? 'after').replace(/[^a-z0-9-]/gi, '');

const VIEWS = [
  { name: 'desktop', width: 1280, height: 900, dark: false },
  { name: 'mobile', width: 390, height: 844, dark: false },
  { name: 'dark', width: 390, height: 844, dark: true },
] as const;

/** Wait until the page has settled: its network quiet and its fonts and images loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The first `/a/<id>` page `/today` links to (the static brief always has some). */
async function articlePath(page: Page): Promise<string> {
  await page.goto(new URL('/today', base).href);
  const href = await page.getAttribute('a[href^="/a/"]', 'href');
  if (!href || !/^\/a\/[A-Za-z0-9_-]+\/?$/.test(href)) throw new Error('/today links to no /a page');
  return href;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  await mkdir(out, { recursive: true });
  const first = await browser.newPage();
  const pages = { home: '/', today: '/today', article: await articlePath(first), filters: '/?view=filters' };
  await first.close();
  for (const view of VIEWS) {
    const context = await browser.newContext({ viewport: { width: view.width, height: view.height }, colorScheme: view.dark ? 'dark' : 'light', deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const [name, pathname] of Object.entries(pages)) {
      await page.goto(new URL(pathname, base).href);
      await settle(page);
      const file = path.join(out, `${label}-${name}-${view.name}.jpg`);
      await page.screenshot({ path: file, type: 'jpeg', quality: 55 });
      console.log(file);
      if (name === 'home' && view.name === 'desktop') {
        const glance = path.join(out, `${label}-home-glance.jpg`);
        await page.screenshot({ path: glance, type: 'jpeg', quality: 55, fullPage: true, clip: { x: 0, y: 0, width: view.width, height: 1.5 * view.height } });
        console.log(glance);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
