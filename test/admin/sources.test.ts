import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleCard } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import type { SourceDoc, SourceStatus } from '../../core/domain/source.ts';
import type { HistoryDoc, SavedDoc } from '../../core/domain/user.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion, readPoolVersion } from '../../core/store/meta.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { readSource } from '../../app/lib/admin-answers.ts';
import { as, errorCode, signIn } from './helpers.ts';

let ctx: TestContext;
let admin: ReturnType<typeof as>;

test.before(async () => {
  ctx = await createTestContext();
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
});
test.after(async () => {
  await ctx.close();
});

// SPEC.md "Source status" (restore from retired lands on paused, CONTRACT.md).
const STATUS_TABLE: Array<[from: SourceStatus, requested: SourceStatus, to: SourceStatus]> = [
  ['active', 'paused', 'paused'],
  ['paused', 'active', 'active'],
  ['active', 'retired', 'retired'],
  ['paused', 'retired', 'retired'],
  ['retired', 'active', 'paused'],
  ['retired', 'paused', 'paused'],
  ['retired', 'retired', 'retired'],
  ['active', 'active', 'active'],
  ['paused', 'paused', 'paused'],
];

for (const [from, requested, to] of STATUS_TABLE) {
  test(`status: ${from} + ${requested} → ${to}, with active mirror ${to === 'active'}`, async () => {
    const source = makeSource({ status: from, active: from === 'active' });
    await insertFixtures(ctx.db, { sources: [source] });
    const res = await admin(`/api/admin/sources/${source._id}/status`, { json: { status: requested } });
    assert.is(res.status, 200);
    const body = (await res.json()) as { source: { status: string; active: boolean } };
    assert.equal([body.source.status, body.source.active], [to, to === 'active']);
    const stored = await sourcesCollection(ctx.db).findOne({ _id: source._id });
    assert.equal([stored?.status, stored?.active], [to, to === 'active']);
  });
}

test('status: an invalid value is 422 and changes nothing', async () => {
  const source = makeSource();
  await insertFixtures(ctx.db, { sources: [source] });
  for (const body of [{ status: 'deleted' }, { status: 'ACTIVE' }, { status: 1 }, {}]) {
    const res = await admin(`/api/admin/sources/${source._id}/status`, { json: body });
    assert.is(res.status, 422, JSON.stringify(body));
    assert.is(await errorCode(res), 'invalid_input');
  }
  const stored = await sourcesCollection(ctx.db).findOne({ _id: source._id });
  assert.equal([stored?.status, stored?.active], ['active', true]);
});

test('the health list shows every source with its metrics and derived rates', async () => {
  const source = makeSource({ name: 'Zz Health', status: 'paused', active: false, total_articles: 10, accepted_total: 4, duplicates: 2, accepted_duplicates: 1, with_image: 5, failures: 2, last_error: 'HTTP 500' });
  await insertFixtures(ctx.db, { sources: [source] });
  const res = await admin('/api/admin/sources');
  assert.is(res.status, 200);
  const { items } = (await res.json()) as { items: Array<Record<string, unknown>> };
  const row = items.find((i) => i.id === source._id);
  assert.ok(row);
  assert.equal(
    { status: row.status, acceptance_rate: row.acceptance_rate, duplicate_rate: row.duplicate_rate, accepted_duplicate_rate: row.accepted_duplicate_rate, image_coverage: row.image_coverage, failures: row.failures, last_error: row.last_error },
    { status: 'paused', acceptance_rate: 40, duplicate_rate: 20, accepted_duplicate_rate: 20, image_coverage: 50, failures: 2, last_error: 'HTTP 500' },
  );
  for (const key of ['feed_url', 'homepage', 'content_visible', 'served', 'last_success_at', 'last_attempt_at', 'next_poll_at', 'retry_after', 'review_reason', 'paywalled']) {
    assert.ok(key in row, key);
  }
});

test('the admin page reads the health list the server writes: every field of its row kept as sent (one shape: SourceHealthView)', async () => {
  const source = makeSource({ name: 'Zz Shape', status: 'active', active: true, total_articles: 8, accepted_total: 6, failures: 1, last_error: 'timeout', last_success_at: new Date('2026-11-20T10:00:00Z'), review_reason: 'check the adverts' });
  await insertFixtures(ctx.db, { sources: [source] });
  const { items } = (await (await admin('/api/admin/sources')).json()) as { items: Array<Record<string, unknown>> };
  const row = items.find((i) => i.id === source._id);
  assert.ok(row);
  const read = readSource(row);
  assert.ok(read);
  const sent = Object.fromEntries(Object.keys(read).map((key) => [key, row[key]]));
  assert.equal(read, sent);
  assert.equal([read.last_success_at, read.acceptance_rate, read.review_reason], ['2026-11-20T10:00:00.000Z', 75, 'check the adverts']);
});

test('review: flag with a reason, clear it; a flag without a reason is 422', async () => {
  const source = makeSource();
  await insertFixtures(ctx.db, { sources: [source] });
  let res = await admin(`/api/admin/sources/${source._id}/review`, { json: { action: 'flag', reason: '  Too many adverts  ' } });
  assert.is(res.status, 200);
  assert.is((await sourcesCollection(ctx.db).findOne({ _id: source._id }))?.review_reason, 'Too many adverts');
  res = await admin(`/api/admin/sources/${source._id}/review`, { json: { action: 'flag' } });
  assert.is(res.status, 422);
  res = await admin(`/api/admin/sources/${source._id}/review`, { json: { action: 'clear' } });
  assert.is(res.status, 200);
  assert.is((await sourcesCollection(ctx.db).findOne({ _id: source._id }))?.review_reason, null);
});

async function cardIds(path: string): Promise<string[]> {
  const res = await ctx.request(path);
  assert.is(res.status, 200, path);
  const body = (await res.json()) as ArticleCard[] | { items: ArticleCard[] };
  return (Array.isArray(body) ? body : body.items).map((a) => a.id);
}

test('hiding a source removes its articles from feeds and the brief at once; showing restores them; saved lists and history untouched', async () => {
  const hidden = makeSource({ _id: 'to-hide', name: 'To Hide' });
  const kept = makeSource({ _id: 'kept', name: 'Kept' });
  const now = Date.now();
  const hiddenArticles = [1, 2, 3, 4].map((i) => makeArticle({ source_id: hidden._id, published_at: new Date(now - i * 3_600_000) }));
  const keptArticles = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => makeArticle({ source_id: kept._id, published_at: new Date(now - i * 3_700_000) }));
  await insertFixtures(ctx.db, { sources: [hidden, kept], articles: [...hiddenArticles, ...keptArticles] });
  const itemIds = [...hiddenArticles.slice(0, 3), ...keptArticles.slice(0, 4)].map((a) => a._id);
  await ctx.db.collection<BriefDoc>('briefs').insertOne({ _id: 'current', item_ids: itemIds, generated_at: new Date(now - 60_000), checked_at: new Date(now - 60_000) });
  const reader = 'reader-1';
  await ctx.db.collection<SavedDoc>('saved').insertOne({ _id: 's1', user_id: reader, article_id: hiddenArticles[0]!._id, saved_at: new Date() });
  await ctx.db.collection<HistoryDoc>('history').insertOne({ _id: 'h1', user_id: reader, article_id: hiddenArticles[1]!._id, event: 'opened', at: new Date() });
  const savedBefore = await ctx.db.collection('saved').find({}).toArray();
  const historyBefore = await ctx.db.collection('history').find({}).toArray();
  const hiddenIds = new Set(hiddenArticles.map((a) => a._id));
  const countHidden = (ids: string[]) => ids.filter((id) => hiddenIds.has(id)).length;

  // The fixtures are a change to what readers may see, so they bump the pool like any writer.
  await bumpPoolVersion(ctx.db);
  await readModelFor(ctx.db).refresh();
  assert.is(countHidden(await cardIds('/api/feed?sort=latest&limit=50')), 4);
  assert.ok(countHidden(await cardIds('/api/brief')) > 0);

  const versionBefore = await readPoolVersion(ctx.db);
  const res = await admin(`/api/admin/sources/${hidden._id}/visibility`, { json: { visibility: 'hidden' } });
  assert.is(res.status, 200);
  assert.is(((await res.json()) as { source: SourceDoc & { status: string } }).source.content_visible, false);
  assert.ok((await readPoolVersion(ctx.db)) > versionBefore, 'the pool version is bumped');
  const stored = await sourcesCollection(ctx.db).findOne({ _id: hidden._id });
  assert.equal([stored?.content_visible, stored?.status], [false, 'active'], 'visibility does not change status');
  assert.is(stored?.served, 0, 'served counts only what readers can see');
  assert.is(countHidden(await cardIds('/api/feed?sort=latest&limit=50')), 0);
  assert.is(countHidden(await cardIds(`/api/feed?source_id=${hidden._id}`)), 0);
  const brief = await cardIds('/api/brief');
  assert.is(countHidden(brief), 0);
  assert.is(brief.length, 7, 'the brief is refilled');
  assert.equal(await ctx.db.collection('saved').find({}).toArray(), savedBefore);
  assert.equal(await ctx.db.collection('history').find({}).toArray(), historyBefore);

  assert.is((await admin(`/api/admin/sources/${hidden._id}/visibility`, { json: { visibility: 'visible' } })).status, 200);
  assert.is((await sourcesCollection(ctx.db).findOne({ _id: hidden._id }))?.served, 4, 'served follows visibility back');
  assert.is(countHidden(await cardIds('/api/feed?sort=latest&limit=50')), 4);
  assert.ok(countHidden(await cardIds('/api/brief')) > 0);
  assert.is((await admin(`/api/admin/sources/${hidden._id}/visibility`, { json: { visibility: 'maybe' } })).status, 422);
});

test.run();
