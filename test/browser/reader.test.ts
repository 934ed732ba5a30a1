import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { briefIds, eventKinds, startHarness, until, waitForBrief, type Harness } from './harness.ts';

let h: Harness;
test.before(async () => {
  h = await startHarness();
});
test.after(async () => {
  await h?.close();
});

const apiIds = async (path: string): Promise<string[]> => {
  const body: unknown = await (await h.ctx.request(path)).json();
  const list = Array.isArray(body) ? body : [];
  return list.map((c: unknown) => (typeof c === 'object' && c !== null && 'id' in c ? String(c.id) : ''));
};

test('home shows the 7 brief cards with the gentle lead as hero', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/');
  const ids = await waitForBrief(page);
  assert.equal(ids, h.brief.map((d) => d._id));
  assert.is(await page.locator('.brief article.card.hero').count(), 1);
  assert.is(await page.locator('.brief article.card.hero').getAttribute('data-id'), ids[0]);
  // The day's visit is recorded once, with the device's token (hashed by the server).
  await until(async () => (await eventKinds(h.ctx, null)).includes('visit'), 10_000, 'the visit event');
  await page.reload();
  await waitForBrief(page);
  assert.is(await page.evaluate(() => localStorage.getItem('tidings.visit_day')), JSON.stringify(new Date().toISOString().slice(0, 10)));
  await context.close();
});

test('switching lanes loads the right feed (Latest, then a mood)', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/');
  await waitForBrief(page);
  await page.click('nav.lanes a[data-lane="latest"]');
  await page.waitForSelector('section.feed[data-feed="latest:"] article.card');
  assert.match(page.url(), /\?lane=latest$/);
  const latest = await page.$$eval('section.feed article.card', (els) => els.map((e) => e.getAttribute('data-id')));
  assert.equal(latest, await apiIds('/api/feed?sort=latest&limit=20'));
  await page.click('nav.lanes a[data-lane="mood:wonder"]');
  await page.waitForSelector('section.feed[data-feed="mood:wonder"] article.card');
  const wonder = await page.$$eval('section.feed article.card', (els) => els.map((e) => e.getAttribute('data-id')));
  assert.equal(wonder, await apiIds('/api/feed?mood=wonder&limit=20'));
  assert.is(await page.locator('nav.lanes a[aria-current="page"]').textContent(), 'Wonder');
  await page.goBack();
  await page.waitForSelector('section.feed[data-feed="latest:"]');
  await context.close();
});

test('?source=<id> opens that source’s feed and ?open=<id> opens that article', async () => {
  const { context, page } = await h.newPage();
  await page.goto(`${h.base}/?source=sky-journal`);
  await page.waitForSelector('section.feed[data-feed="source:sky-journal"] article.card');
  const sources = await page.$$eval('section.feed .card-source a', (els) => els.map((e) => e.textContent));
  assert.ok(sources.length > 0);
  assert.ok(sources.every((s) => s === 'Sky Journal'));
  assert.match((await page.textContent('#view-title')) ?? '', /Sky Journal/);
  const target = h.brief[3];
  assert.ok(target);
  await page.goto(`${h.base}/?open=${target._id}`);
  await page.waitForURL(`**/a/${target._id}`);
  assert.match((await page.textContent('h1')) ?? '', /tool library/);
  await context.close();
});

test('an empty feed says why: no such mood (nothing asked of the server), a tag without stories, the Calm Filters only when they filter', async () => {
  const { context, page } = await h.newPage();
  const feedQueries: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/feed') feedQueries.push(new URL(r.url()).search);
  });
  await page.goto(`${h.base}/?mood=nope`);
  await page.waitForSelector('section.feed[data-feed="mood:nope"] p.quiet:has-text("Tidings has no mood called “nope”")');
  assert.is((await page.textContent('#view-title'))?.trim(), 'No such mood');
  // Before: the server's 422 read as "This feed needs a connection".
  assert.not.ok(feedQueries.some((q) => q.includes('mood=nope')), 'an unknown mood is not asked for');
  // A tag of the taxonomy that no story of the pool carries, with no Calm Filters set.
  await page.goto(`${h.base}/?tag=fossils`);
  await page.waitForSelector('section.feed[data-feed="tag:fossils"] p.quiet:has-text("No stories with this tag right now")');
  assert.ok(feedQueries.some((q) => q.includes('tag=fossils')));
  // With a boundary set, the same empty feed names the filters.
  await page.evaluate(() => localStorage.setItem('tidings.prefs', JSON.stringify({ avoid_terms: ['volcano'] })));
  await page.reload();
  await page.waitForSelector('section.feed[data-feed="tag:fossils"] p.quiet:has-text("Nothing here fits your Calm Filters right now")');
  await context.close();
});

test('on a phone the open lane is scrolled into the lane row’s view, and an end with lanes out of view fades', async () => {
  const { context, page } = await h.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const inView = () =>
    page.evaluate(() => {
      const list = document.querySelector('nav.lanes ul');
      const current = list?.querySelector('a[aria-current="page"]');
      if (!list || !current) return null;
      const a = current.getBoundingClientRect();
      const v = list.getBoundingClientRect();
      const more = (list as HTMLElement).dataset.more ?? null;
      return { scrolls: list.scrollWidth > list.clientWidth, visible: a.left >= v.left && a.right <= v.right, lane: current.getAttribute('data-lane'), pageY: scrollY, more, mask: getComputedStyle(list).maskImage };
    });
  // The last mood, far to the right of Highlights and Latest at this width.
  await page.goto(`${h.base}/?mood=grounded`);
  await page.waitForSelector('nav.lanes a[aria-current="page"][data-lane="mood:grounded"]');
  await until(async () => (await inView())?.visible === true, 5_000, 'the Grounded lane in view');
  const shown = await inView();
  assert.ok(shown?.scrolls, 'the row is wider than the phone (else this test proves nothing)');
  assert.is(shown?.pageY, 0, 'the page itself did not scroll');
  // Lanes scrolled out of view at the start: that end fades.
  assert.match(shown?.more ?? '', /^start/);
  assert.match(shown?.mask ?? '', /linear-gradient/);
  // Back to the first lane: the row scrolls back to it, and now only the far end has lanes out of view.
  await page.click('nav.lanes a[data-lane="highlights"]');
  await until(async () => (await inView())?.lane === 'highlights' && (await inView())?.visible === true, 5_000, 'Highlights in view again');
  await until(async () => (await inView())?.more === 'end', 5_000, 'only the end marked');
  // On a desktop the lanes wrap instead: nothing is out of view and nothing fades.
  await page.setViewportSize({ width: 1280, height: 900 });
  await until(async () => (await inView())?.more === '', 5_000, 'nothing marked at 1280 px');
  assert.is((await inView())?.mask, 'none');
  await context.close();
});

test('on a phone the static shell’s lane row already fades at its end, before the app’s script runs', async () => {
  const { context, page } = await h.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // The app never starts: what shows is the shell the build wrote into `/`.
  await page.route('**/app/**', (route) => route.abort());
  await page.goto(`${h.base}/`);
  const row = await page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('nav.lanes ul');
    return list ? { scrolls: list.scrollWidth > list.clientWidth, more: list.dataset.more ?? null, mask: getComputedStyle(list).maskImage, start: list.scrollLeft } : null;
  });
  assert.ok(row?.scrolls, 'the row is wider than the phone (else this test proves nothing)');
  assert.is(row?.start, 0);
  assert.is(row?.more, 'end');
  assert.match(row?.mask ?? '', /linear-gradient/);
  await context.close();
});

test('an avoid-term removes matching cards and the brief is refilled to 7', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/?view=filters');
  await page.fill('#avoid-term', 'otters');
  await page.press('#avoid-term', 'Enter');
  await page.waitForSelector('ul[aria-label="Avoided words"] li');
  await page.click('nav.lanes a[data-lane="highlights"]');
  const ids = await until(async () => {
    const list = await briefIds(page);
    return list.length === 7 && !list.includes(h.brief[0]?._id ?? '') ? list : null;
  }, 10_000, 'a refilled brief without the otters');
  assert.not.ok(await page.locator('.brief').getByText(/otters/i).count());
  assert.ok(ids.some((id) => h.others.some((o) => o._id === id)), 'refilled from the pool');
  await context.close();
});

test('muting a topic removes its cards', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/?view=filters');
  await page.click('summary:has-text("Topics")');
  await page.check('input[name="mute-topic"][value="science"]');
  await page.click('nav.lanes a[data-lane="highlights"]');
  const science = h.brief.filter((d) => d.topic === 'science').map((d) => d._id);
  await until(async () => {
    const list = await briefIds(page);
    return list.length === 7 && science.every((id) => !list.includes(id));
  }, 10_000, 'a brief without science');
  await context.close();
});

test('a pause hides its topic until its time, then the story comes back', async () => {
  const { context, page } = await h.newPage();
  const nature = h.brief.find((d) => d.topic === 'nature')?._id ?? '';
  await page.goto(h.base + '/');
  await waitForBrief(page);
  const until4s = new Date(Date.now() + 4000).toISOString();
  await page.evaluate((until) => localStorage.setItem('tidings.prefs', JSON.stringify({ pauses: [{ kind: 'topic', value: 'nature', until }] })), until4s);
  await page.reload();
  await until(async () => {
    const list = await briefIds(page);
    return list.length === 7 && !list.includes(nature);
  }, 10_000, 'the paused story hidden');
  assert.ok(Date.now() < Date.parse(until4s), 'hidden before the pause ends');
  await until(async () => (await briefIds(page)).includes(nature), 15_000, 'the story back after the pause');
  assert.ok(Date.now() >= Date.parse(until4s), 'back only once the pause ended');
  await context.close();
});

test('Replace swaps a card (replace_used); with nothing gentle left the hero stays and a notice shows (replace_none)', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/');
  const before = await waitForBrief(page);
  const second = before[1] ?? '';
  await page.click(`article[data-id="${second}"] button:has-text("Replace")`);
  const after = await until(async () => {
    const list = await briefIds(page);
    return list[1] && list[1] !== second ? list : null;
  }, 10_000, 'the swapped card');
  assert.is(after.length, 7);
  assert.not.ok(after.includes(second));
  await until(async () => (await eventKinds(h.ctx, second)).includes('replace_used'), 10_000, 'replace_used');

  const hero = before[0] ?? '';
  await page.click(`article[data-id="${hero}"] button:has-text("Replace")`);
  await page.waitForSelector('.notice:has-text("Nothing else calm")');
  assert.is((await briefIds(page))[0], hero);
  await until(async () => (await eventKinds(h.ctx, hero)).includes('replace_none'), 10_000, 'replace_none');
  await context.close();
});

test('after the server’s generated_at advances, a reload shows the server’s brief, not the old replacement', async () => {
  const { context, page } = await h.newPage();
  await page.goto(h.base + '/');
  const before = await waitForBrief(page);
  const replaced = before[2] ?? '';
  await page.click(`article[data-id="${replaced}"] button:has-text("Replace")`);
  await until(async () => !(await briefIds(page)).includes(replaced), 10_000, 'the replacement');
  await page.reload();
  await until(async () => {
    const list = await briefIds(page);
    return list.length === 7 && !list.includes(replaced);
  }, 10_000, 'the soft override kept while generated_at is unchanged');

  const newIds = [...h.brief.slice(0, 6).map((d) => d._id), h.others[0]?._id ?? ''];
  const at = new Date('2026-11-20T09:00:00Z');
  await h.ctx.db.collection<BriefDoc>('briefs').updateOne({ _id: 'current' }, { $set: { item_ids: newIds, generated_at: at, checked_at: at } });
  await until(async () => {
    const body: unknown = await (await h.ctx.request('/api/brief')).json();
    return typeof body === 'object' && body !== null && 'generated_at' in body && Date.parse(String(body.generated_at)) === at.getTime();
  }, 10_000, 'the API serving the new brief');
  const server: unknown = await (await h.ctx.request('/api/brief')).json();
  const serverIds = typeof server === 'object' && server !== null && 'items' in server && Array.isArray(server.items) ? server.items.map((i: { id: string }) => i.id) : [];
  assert.ok(serverIds.includes(replaced));
  await page.reload();
  // The first paint may show the site's brief.json (built before the brief changed, so it also holds
  // the replaced story); the server's brief must take its place, the old replacement must not.
  const shown = await until(async () => {
    const list = await briefIds(page);
    return list.join() === serverIds.join() ? list : null;
  }, 10_000, 'the server brief with the formerly replaced story');
  assert.equal(shown, serverIds);
  await context.close();
});

test.run();
