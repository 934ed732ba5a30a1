/**
 * One brief everywhere (issue 21, item 4): with the worker running as in production, an admin hides
 * a source in the admin view, and within 15 s the static `/brief.json`, the static `/today` page and
 * `/api/brief` list the same 7 items under the same, newer `generated_at`, none from the hidden source.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { SESSION_COOKIE } from '../../core/domain/user.ts';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { signIn } from '../admin/helpers.ts';
import { startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let worker: Worker;

test.before(async () => {
  h = await startHarness();
  // Agenda's default 10 s scan: the prompt rebuild comes from the worker following the pool version.
  worker = await startWorker(h.ctx.deps);
});
test.after(async () => {
  await worker?.stop();
  await h?.close();
});

/** One brief as a place shows it. */
interface Shown {
  ids: string[];
  generated_at: string | null;
}

const text = async (path: string): Promise<string> => {
  const res = await fetch(h.base + path, { headers: { 'cache-control': 'no-cache' } });
  assert.is(res.status, 200, path);
  return res.text();
};

function itemsOf(json: string): Shown {
  const body: unknown = JSON.parse(json);
  if (typeof body !== 'object' || body === null || !('items' in body) || !Array.isArray(body.items)) throw new Error('not a brief');
  const generated = 'generated_at' in body && typeof body.generated_at === 'string' ? body.generated_at : null;
  return { ids: body.items.map((i: unknown) => (typeof i === 'object' && i !== null && 'id' in i ? String(i.id) : '')), generated_at: generated };
}

async function everywhere(): Promise<{ json: Shown; today: Shown; api: Shown }> {
  const [json, page, api] = await Promise.all([text('/brief.json'), text('/today'), text('/api/brief')]);
  const list = /<ol class="brief">([\s\S]*?)<\/ol>/.exec(page)?.[1] ?? '';
  const today: Shown = {
    ids: [...list.matchAll(/<h2><a href="\/a\/([^"]+)">/g)].map((m) => m[1] ?? ''),
    generated_at: /<time datetime="([^"]+)"/.exec(page)?.[1] ?? null,
  };
  return { json: itemsOf(json), today, api: itemsOf(api) };
}

/** The three agree on 7 items and one stamp (null while they do not). */
async function agreed(): Promise<Shown | null> {
  const { json, today, api } = await everywhere();
  const same = (a: Shown, b: Shown) => a.generated_at === b.generated_at && a.ids.join() === b.ids.join();
  return json.ids.length === 7 && same(json, today) && same(json, api) ? json : null;
}

test('hiding a source in the admin: /brief.json, /today and /api/brief show the same 7 items under the same new generated_at within 15 s', async () => {
  // The worker's first round (brief, build) settles the three first.
  const before = await until(agreed, 60_000, 'the first round of jobs');
  const sources = new Map((await h.ctx.db.collection<ArticleDoc>('articles').find({}).toArray()).map((a) => [a._id, a.source_id] as const));
  const hidden = sources.get(before.ids[1] ?? '') ?? '';
  assert.ok(before.ids.filter((id) => sources.get(id) === hidden).length > 0, 'the hidden source has brief items');

  const { token } = await signIn(h.ctx.db, { email: 'editor@example.org', is_admin: true });
  const context = await h.browser.newContext({ reducedMotion: 'reduce' });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: h.base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  await page.goto(h.base + '/?view=admin&section=sources');
  const row = page.locator(`tr[data-id="${hidden}"]`);
  await row.locator('button', { hasText: 'Hide…' }).click();
  await row.locator('button', { hasText: 'Yes, hide' }).click();
  await row.locator('td:text-is("hidden")').waitFor();
  const hiddenAt = Date.now();

  const after = await until(async () => {
    const shown = await agreed();
    return shown && shown.generated_at !== before.generated_at ? shown : null;
  }, 15_000, 'the static brief and the API brief to agree on 7 items under a new generated_at');
  assert.ok(Date.now() - hiddenAt <= 15_000);
  assert.ok(String(after.generated_at) > String(before.generated_at), 'generated_at advanced');
  assert.not.ok(after.ids.some((id) => sources.get(id) === hidden), 'nothing from the hidden source');
  const stillThere = before.ids.filter((id) => sources.get(id) !== hidden);
  assert.ok(stillThere.every((id) => after.ids.includes(id)), 'the other stories stay in the brief');
  await context.close();
});

test.run();
