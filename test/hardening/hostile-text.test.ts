/**
 * Hostile text: the project's copy of 426 XSS payloads (test/hardening/fixtures/xss) and the feed
 * fixtures' hostile items, pushed through the reply sanitizer and through every page and JSON field
 * that prints feed text: the static build (`/a/<id>`, `/today`, feeds, brief JSON), the on-demand
 * `/a/<id>` route, the reading API, and finally a real browser (Debian's chromium via
 * playwright-core) with a dialog listener: nothing may execute.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveApp } from '../../api/server.ts';
import { chromium, type Browser } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { sanitizeReply } from '../../core/domain/reply.ts';
import { buildSite } from '../../site/build.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { bodyOf } from './helpers.ts';
import { decodeEntities, xssProblems } from './html-scan.ts';
import { OWN_BRIEF_SCRIPT } from '../../core/pages/own-brief.ts';

const FIXTURES = new URL('fixtures/', import.meta.url);
const payloads = readFileSync(new URL('xss/payloads.txt', FIXTURES), 'utf8').split('\n').filter((l) => l.length > 0);
const feedFixtures = readdirSync(new URL('feeds/', FIXTURES)).map((name) => ({ name, text: readFileSync(new URL(`feeds/${name}`, FIXTURES), 'utf8') }));

/** The hostile text of the feed fixtures: every element's text, entity-decoded (what a parser yields). */
const feedTexts = feedFixtures.flatMap((f) => [f.text, ...[...f.text.matchAll(/>([^<]{8,})</g)].map((m) => decodeEntities(m[1] ?? ''))]);
const hostile = [...payloads, ...feedTexts];

// ---------------------------------------------------------------- the reply sanitizer
const ALLOWED_TAG = /^<\/?(strong|em|p|br|ul|ol|li|span)( style="font-size:(13|15|18|22)px")?\s*\/?>$/;

/** Every `<` of sanitized output must open an allowlisted tag with nothing but the allowed style. */
function sanitizerProblems(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/<[^>]*>?/g)) {
    if (!ALLOWED_TAG.test(m[0])) problems.push(m[0].slice(0, 80));
  }
  if (/javascript:|vbscript:|data:text/i.test(decodeEntities(html)) && /<[a-z][^>]*(javascript|vbscript|data):/i.test(html)) problems.push('script URL in markup');
  if (/<[^>]+\son[a-z]+\s*=/i.test(html)) problems.push('event handler');
  return problems;
}

test('the XSS corpus copy is intact (426 payloads, the feed fixtures present)', () => {
  assert.is(payloads.length, 426);
  assert.ok(feedFixtures.length >= 5);
});

test('the reply sanitizer lets nothing outside its allowlist through, for every payload alone, wrapped and concatenated', () => {
  const bad: string[] = [];
  const inputs = [
    ...hostile,
    ...payloads.map((p) => `<p>Thank you <span style="font-size:13px" onclick="alert(1)">${p}</span></p>`),
    ...payloads.map((p) => `<font size="3" face="x" onmouseover=alert(1)>${p}</font><ul><li>${p}`),
    payloads.join(''),
  ];
  for (const input of inputs) {
    const { html } = sanitizeReply(input);
    const problems = sanitizerProblems(html);
    if (problems.length) bad.push(`${JSON.stringify(input.slice(0, 80))} → ${problems.join(', ')}`);
  }
  assert.equal(bad.slice(0, 10), []);
});

test('re-parsing sanitized output (as a mail client does) reveals no new markup and no new text (no mutation-XSS foothold)', () => {
  const flat = (t: string) => t.replace(/\s+/g, ' ').trim();
  const unstable = payloads.filter((p) => {
    const once = sanitizeReply(p);
    const twice = sanitizeReply(once.html);
    return sanitizerProblems(twice.html).length > 0 || flat(twice.text) !== flat(once.text);
  });
  assert.equal(unstable, []);
});

// ---------------------------------------------------------------- pages and JSON
let ctx: TestContext;
let articles: ArticleDoc[];
const FIELDS_PER_ARTICLE = 7;
const HOSTILE_URLS = ['javascript:alert(1)', 'JaVaScRiPt:alert(document.domain)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'vbscript:msgbox(1)', ' javascript:alert(1)', 'https://news.example.org/x"><script>alert(1)</script>'];

test.before(async () => {
  ctx = await createTestContext();
  const source = makeSource({ _id: 'hostile-source', name: '<img src=x onerror=alert("source")>' });
  articles = [];
  for (let i = 0; i * FIELDS_PER_ARTICLE < hostile.length && i < 70; i += 1) {
    const p = (k: number) => (hostile[i * FIELDS_PER_ARTICLE + k] ?? payloads[k]!).slice(0, 2000);
    const url = i < HOSTILE_URLS.length ? `${HOSTILE_URLS[i]}#${i}` : `https://news.example.org/hostile-${i}?q=${encodeURIComponent(p(0))}`;
    articles.push(
      makeArticle({
        source_id: source._id,
        url,
        title: p(0),
        teaser: p(1),
        why: p(2),
        image: i < HOSTILE_URLS.length ? HOSTILE_URLS[i]! : null,
        cortisol: 0,
        ragebait: 0,
        topic: 'science',
        tags: ['space'],
        flavor: 'wonder',
        summary: { summary: p(3), what_happened: p(4), why_matters: p(5), why_belongs: p(6), generated_by: 'seed', generated_at: new Date('2026-11-20T00:00:00Z') },
      }),
    );
  }
  await insertFixtures(ctx.db, { sources: [source], articles });
  const at = new Date('2026-11-20T08:00:00Z');
  await ctx.db.collection<BriefDoc>('briefs').insertOne({ _id: 'current', item_ids: articles.slice(0, 7).map((a) => a._id), generated_at: at, checked_at: at });
  await buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now: new Date() });
});
test.after(async () => {
  await ctx.close();
});

const ownScript = (src: string) => src.startsWith('/') && !src.startsWith('//');

function distFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...distFiles(full));
    else out.push(full);
  }
  return out;
}

test('every built HTML page (every /a page, /today, the home page) is free of injected markup', () => {
  const pages = distFiles(ctx.config.distDir).filter((f) => f.endsWith('.html'));
  assert.ok(pages.length >= articles.length + 2, `${pages.length} pages`);
  const bad: string[] = [];
  for (const file of pages) {
    // The one inline script we write (core/pages/own-brief.ts, allowed by the CSP by its hash) is
    // taken out by its exact text: any other inline script, or a changed one, is still a problem.
    const html = readFileSync(file, 'utf8').replace(`<script>${OWN_BRIEF_SCRIPT}</script>`, '');
    for (const problem of xssProblems(html, { ownScript })) bad.push(`${path.relative(ctx.config.distDir, file)}: ${problem}`);
  }
  assert.equal(bad.slice(0, 15), []);
});

test('the /a page of every hostile article shows the payload as text (escaped), never as markup', () => {
  const missing: string[] = [];
  for (const a of articles) {
    const html = readFileSync(path.join(ctx.config.distDir, 'a', a._id, 'index.html'), 'utf8');
    const decoded = decodeEntities(html.replace(/<[^>]*>/g, ''));
    // The title is in the page's text once tags are stripped and entities decoded...
    if (!decoded.includes(a.title.trim().replace(/\s+/g, ' ').slice(0, 20)) && !decodeEntities(html).includes(a.title.slice(0, 20))) missing.push(a._id);
    // ...and a payload with a tag in it never appears raw.
    if (a.title.includes('<') && html.includes(a.title)) missing.push(`${a._id} raw title`);
  }
  assert.equal(missing, []);
});

test('the Atom feeds, JSON feeds and brief JSON carry the payloads only as escaped data', () => {
  const files = distFiles(ctx.config.distDir).filter((f) => /\.(atom|xml|json)$/.test(f));
  assert.ok(files.length >= 3);
  const bad: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.json')) {
      if (/<|>/.test(text)) bad.push(`${path.basename(file)}: raw angle bracket`);
      JSON.parse(text);
    } else {
      for (const a of articles) if (a.title.includes('<') && text.includes(a.title)) bad.push(`${path.basename(file)}: raw title of ${a._id}`);
    }
  }
  assert.equal(bad.slice(0, 10), []);
});

test('the on-demand /a route (an article accepted after the build) is escaped the same way', async () => {
  const late = makeArticle({ source_id: 'hostile-source', title: '<script>alert("late")</script><svg onload=alert(1)>', why: '"><img src=x onerror=alert(2)>', image: 'javascript:alert(3)' });
  await insertFixtures(ctx.db, { articles: [late] });
  const res = await ctx.request(`/a/${late._id}`);
  assert.is(res.status, 200);
  const html = await res.text();
  assert.equal(xssProblems(html, { ownScript }), []);
  assert.not.ok(html.includes('<script>alert("late")'));
});

test('the reading API returns feed text verbatim as JSON (no HTML interpretation, nosniff)', async () => {
  // nosniff is set by the HTTP server (api/server.ts), so this goes over a real socket.
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  const res = await fetch(`${server.url}/api/feed?limit=50`).finally(() => server.close());
  assert.is(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.is(res.headers.get('x-content-type-options'), 'nosniff');
  const items = await bodyOf<Array<{ id: string; title: string }>>(res);
  const byId = new Map(articles.map((a) => [a._id, a.title]));
  assert.ok(items.length > 10);
  for (const item of items) if (byId.has(item.id)) assert.is(item.title, byId.get(item.id));
  const summary = await ctx.request(`/api/summary/${articles[8]!._id}`);
  assert.match(summary.headers.get('content-type') ?? '', /^application\/json/);
  assert.is((await bodyOf<{ summary: string }>(summary)).summary, articles[8]!.summary!.summary);
});

// ---------------------------------------------------------------- in the browser
test('in chromium, /today, the reader app and every /a page open no dialog and run no injected script', async () => {
  const server = await serveApp(ctx.app, 0, '127.0.0.1');
  const base = server.url;
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
    const context = await browser.newContext();
    // Nothing leaves the machine: every request to another origin is aborted (and counted).
    const foreign: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(base)) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    const dialogs: string[] = [];
    const errors: string[] = [];
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('dialog', (dialog) => {
      dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Control: the listener does see a dialog the page really opens.
    await page.goto(`${base}/today`, { waitUntil: 'load' });
    await page.evaluate(() => alert('control'));
    assert.equal(dialogs.map((d) => d.split(': ').pop()), ['alert control']);
    dialogs.length = 0;
    const paths = ['/today', '/', ...articles.map((a) => `/a/${a._id}`)];
    for (const p of paths) {
      await page.goto(`${base}${p}`, { waitUntil: 'load' });
      // Hover over everything a payload might have hidden a handler on.
      await page.mouse.move(10, 10);
      await page.mouse.move(400, 300);
    }
    await page.goto(`${base}/`, { waitUntil: 'networkidle' }).catch(() => undefined);
    assert.equal(dialogs, []);
    assert.equal(foreign.filter((u) => !/^https:\/\/news\.example\.org\//.test(u)), [], 'no payload made the browser fetch another origin');
  } finally {
    await browser?.close().catch(() => undefined);
    server.server.closeAllConnections();
    await server.close();
  }
});

test.run();
