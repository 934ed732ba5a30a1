/**
 * Browser-test harness: the real app served on a free loopback port (the test context's app, its
 * database seeded with a small pool and a stored brief, the site built into its dist dir), and
 * Debian's chromium driven by playwright-core. One browser per test file; a fresh context per test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { serveApp } from '../../api/server.ts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { ArticleDoc, SummaryDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { buildSite } from '../../site/build.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

export { until };

/** `goto` / `reload` options that wait for the document only: the steps after wait for what they need (held-back images and a busy machine can delay `load`). */
export const READY = { waitUntil: 'domcontentloaded' } as const;

/** Chromium flags for a quiet, sandbox-free headless run (CI containers have no user namespaces). */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

/** A running app and browser. */
/** The two viewports every reader journey runs at: desktop 1280×900 and phone 390×844. */
export const READER_SIZES = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

export interface Harness {
  ctx: TestContext;
  base: string;
  browser: Browser;
  /** The seeded pool: `brief` are the 7 gentle stored brief items, `others` the non-gentle rest. */
  brief: ArticleDoc[];
  others: ArticleDoc[];
  sourceIds: string[];
  /** A fresh browser context (its own storage, service workers and cache). */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  /** Stop serving (the network is "cut"). */
  stopServer(): Promise<void>;
  close(): Promise<void>;
}


/** The seven brief stories: short ones by default; with `real`, cards as the demo and real feeds give them. */
const SHORT_BRIEF: Array<Partial<ArticleDoc>> = [
  { title: 'Otters return to the city river after fifty years', topic: 'nature', tags: ['wildlife'], flavor: 'wonder' },
  { title: 'Telescope team maps a quiet corner of the galaxy', topic: 'science', tags: ['space'], flavor: 'wonder' },
  { title: 'Students build a solar bus shelter', topic: 'science', tags: ['clean-energy'], flavor: 'constructive' },
  { title: 'Neighbours open a free tool library', topic: 'community', tags: ['neighbours'], flavor: 'heartwarming' },
  { title: 'Village choir sings with the care home', topic: 'culture', tags: ['music', 'elders'], flavor: 'heartwarming' },
  { title: 'A new reading room opens in the old station', topic: 'learning', tags: ['books'], flavor: 'grounded' },
  { title: 'Bakery shares its sourdough starter with the town', topic: 'community', tags: ['food'], flavor: 'light' },
];
/**
 * Real cards (issue 18, item 1 is measured on these): titles of 80-110 characters (three or four
 * lines in a grid column; the lead's runs to 146, three lines at the lead's size), three or four tags, the full text's length for a reading time, and two
 * stories also reported by a third outlet, so every card carries what a real one does.
 */
const REAL_BRIEF: Array<Partial<ArticleDoc>> = [
  { title: 'Otters return to the city river after fifty years, and the volunteers who count their holts at dawn say the water is the cleanest in living memory', topic: 'nature', tags: ['wildlife', 'conservation', 'volunteering'], flavor: 'wonder', word_count: 820 },
  { title: 'Astronomers at a hilltop observatory map a quiet corner of the galaxy in remarkable new detail', topic: 'science', tags: ['space', 'physics', 'exploration'], flavor: 'wonder', word_count: 1400 },
  { title: 'Students build a solar-powered bus shelter that charges phones and lights the whole street at night', topic: 'science', tags: ['clean-energy', 'young-people', 'cities', 'inventions'], flavor: 'constructive', word_count: 640 },
  { title: 'Neighbours open a free tool library in a disused corner shop, lending ladders, drills and sewing machines', topic: 'community', tags: ['neighbours', 'volunteering', 'kindness'], flavor: 'heartwarming' },
  { title: 'Village choir sings every Thursday with residents of the care home, and both say it lifts the whole week', topic: 'culture', tags: ['music', 'elders', 'kindness', 'neighbours'], flavor: 'heartwarming', word_count: 530 },
  { title: 'A new reading room opens in the old railway station, its shelves filled with books chosen by schoolchildren', topic: 'learning', tags: ['books', 'young-people', 'cities'], flavor: 'grounded', word_count: 980 },
  { title: 'Bakery shares its hundred-year-old sourdough starter with anyone in town who brings along a clean jar', topic: 'community', tags: ['food', 'kindness', 'neighbours'], flavor: 'light' },
];
/** Which of REAL_BRIEF a third outlet also reported (a near-duplicate each). */
const ALSO_REPORTED = [0, 1, 4];

/** Seed: two sources (three with `real`); 7 gentle brief items (one about otters, two science, one nature), 8 calm but not gentle others. */
async function seed(ctx: TestContext, real: boolean) {
  // With real cards, the lead also carries a long cached summary (what a real brief's first card shows).
  const leadSummary: SummaryDoc | null = real ? { summary: LONG_SUMMARY, what_happened: null, why_matters: null, why_belongs: null, generated_by: 'seed', generated_at: new Date() } : null;
  const a = makeSource({ _id: 'river-news', name: real ? 'Riverside Community News' : 'River News' });
  const b = makeSource({ _id: 'sky-journal', name: real ? 'Meadowfield Science Journal' : 'Sky Journal' });
  const c = makeSource({ _id: 'harbour-gazette', name: 'Harbour Light Gazette' });
  const image = (n: number) => (real ? `${IMAGE_ORIGIN}/${n}.png` : null);
  const brief = (real ? REAL_BRIEF : SHORT_BRIEF).map((s, i) => makeArticle({ source_id: i % 2 ? b._id : a._id, cortisol: 0, ragebait: 0, image: image(i), summary: i === 0 ? leadSummary : null, ...s }));
  const copies = real ? ALSO_REPORTED.map((i) => makeArticle({ ...REAL_BRIEF[i], source_id: c._id, duplicate_of: brief[i]?._id ?? null, image: null })) : [];
  const others = Array.from({ length: 8 }, (_, i) =>
    makeArticle({ source_id: i % 2 ? a._id : b._id, cortisol: 3, ragebait: 1, image: image(10 + i), title: `Town council approves a new park plan ${i + 1}`, topic: 'environment', tags: ['cities'], flavor: 'constructive' }),
  );
  await insertFixtures(ctx.db, { sources: real ? [a, b, c] : [a, b], articles: [...brief, ...copies, ...others] });
  const at = new Date('2026-11-20T08:00:00Z');
  await ctx.db.collection<BriefDoc>('briefs').insertOne({ _id: 'current', item_ids: brief.map((d) => d._id), generated_at: at, checked_at: at });
  return { brief, others, sourceIds: [a._id, b._id] };
}

/** Where the seeded images live when asked for (`{ real: true }`); a test answers them with `page.route`. */
export const IMAGE_ORIGIN = 'https://images.example';
const LONG_SUMMARY = Array.from({ length: 6 }, () => 'Otters were seen again along the old mill reach this spring, and volunteers counted their holts at dawn for a week.').join(' ');

/** Start everything (`real`: the brief's cards as real ones are, each with an image under IMAGE_ORIGIN, and the lead a long summary). */
export async function startHarness(options: { real?: boolean } = {}): Promise<Harness> {
  const ctx = await createTestContext();
  const pool = await seed(ctx, options.real ?? false);
  await buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now: new Date() });
  const listening = await serveApp(ctx.app, 0, '127.0.0.1');
  const server = listening.server;
  const port = listening.port;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, headless: true });
  let serving = true;
  const stopServer = () =>
    new Promise<void>((resolve) => {
      if (!serving) return resolve();
      serving = false;
      server.close(() => resolve());
      if ('closeAllConnections' in server) server.closeAllConnections();
    });
  return {
    ctx,
    base: `http://127.0.0.1:${port}`,
    browser,
    ...pool,
    async newPage() {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    stopServer,
    async close() {
      await browser.close().catch(() => undefined);
      await stopServer();
      await ctx.close();
    },
  };
}

/** The ids of the brief cards on the page, in order. */
export function briefIds(page: Page): Promise<string[]> {
  return page.$$eval('.brief article.card', (els) => els.map((e) => e.getAttribute('data-id') ?? ''));
}

/** Wait until the app has taken over the page (the shell's cards answer clicks) and the brief shows `n` cards; their ids. */
export async function waitForBrief(page: Page, n = 7): Promise<string[]> {
  return until(async () => {
    if ((await page.$('#app[data-live]')) === null) return null;
    const ids = await briefIds(page);
    return ids.length === n ? ids : null;
  }, 10_000, `${n} brief cards`);
}

/** Event kinds recorded for an article (polls: beacons are asynchronous). */
export async function eventKinds(ctx: TestContext, articleId: string | null): Promise<string[]> {
  const rows = await ctx.db.collection('events').find({ article_id: articleId }).toArray();
  return rows.map((r) => String(r.kind));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations on the page (WCAG 2.0/2.1/2.2 A and AA, best practice). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}
