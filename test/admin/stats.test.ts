import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { InboxFeedback } from '../../core/domain/reply.ts';
import { clampDays } from '../../core/domain/stats.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { readStats } from '../../app/lib/admin-answers.ts';
import { as, signIn } from './helpers.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
let admin: ReturnType<typeof as>;

type Row = { kind: string; article_id: string | null; visitor_hash: string; day: string };
const ev = (visitor_hash: string, day: string, kind: string, article_id: string | null = null): Row => ({ kind, article_id, visitor_hash, day });

test.before(async () => {
  ctx = await createTestContext({ now: () => NOW });
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
  const source = makeSource({ _id: 'calm-src', paywalled: true, review_reason: 'check', failures: 1, last_error: 'HTTP 500' });
  const a1 = makeArticle({ _id: 'art1', source_id: source._id, title: 'Comet seen', topic: 'science', tags: ['space', 'kindness'], flavor: 'wonder', cortisol: 1 });
  const a2 = makeArticle({ _id: 'art2', source_id: source._id, title: 'Bread club', topic: 'culture', tags: ['food'], flavor: 'light', cortisol: 3, paywalled: true });
  const rejected = makeArticle({ _id: 'art3', source_id: source._id, accepted: false, reject_reason: 'cortisol' });
  await insertFixtures(ctx.db, { sources: [source], articles: [a1, a2, rejected] });
  const rows: Row[] = [
    ev('v1', '2026-11-20', 'visit'), ev('v1', '2026-11-19', 'visit'), ev('v1', '2026-11-20', 'open', 'art1'),
    ev('v2', '2026-11-20', 'visit'), ev('v2', '2026-11-20', 'open', 'art1'), ev('v2', '2026-11-20', 'open', 'art2'),
    ev('v2', '2026-11-20', 'summary_viewed', 'art1'), ev('v2', '2026-11-20', 'source_click', 'art1'), ev('v2', '2026-11-20', 'share_svc', 'art1'),
    ev('v2', '2026-11-20', 'not_today', 'art2'), ev('v2', '2026-11-20', 'paywall_replace', 'art2'),
    ev('v3', '2026-11-10', 'visit'),
    ev('v4', '2026-10-01', 'visit'),
  ];
  await ctx.db.collection<Row & { _id: string }>('events').insertMany(rows.map((r, i) => ({ _id: `e${i}`, ...r })));
  await ctx.db.collection<InboxFeedback>('feedback').insertMany([
    { _id: 'f1', category: null, contact_email: 'secret-reader@example.org', message: 'hi', read_at: null, created_at: NOW },
    { _id: 'f2', category: null, contact_email: null, message: 'hello', read_at: null, created_at: NOW },
    { _id: 'f3', category: null, contact_email: null, message: 'hey', read_at: NOW, created_at: NOW },
  ]);
});
test.after(async () => {
  await ctx.close();
});

const CLAMP: Array<[string | undefined, number]> = [[undefined, 30], ['', 30], ['abc', 30], ['7', 7], ['1', 7], ['-5', 7], ['8', 30], ['30', 30], ['31', 90], ['90', 90], ['1000', 90]];
for (const [raw, days] of CLAMP) {
  test(`days=${raw ?? '(none)'} is clamped to ${days}`, () => {
    assert.is(clampDays(raw), days);
  });
}

test('GET /api/admin/stats reports every figure for the default 30-day window', async () => {
  const res = await admin('/api/admin/stats');
  assert.is(res.status, 200);
  const s = (await res.json()) as Record<string, any>;
  assert.is(s.days, 30);
  assert.equal(s.visitors, { today: 2, last_7_days: 2, last_30_days: 3, in_window: 3 });
  assert.equal(s.returning, { returning: 1, one_and_done: 2 });
  assert.equal(s.returning_buckets.map((b: { visitors: number }) => b.visitors), [2, 1, 0, 0]);
  assert.is(s.daily.length, 30);
  assert.equal(s.daily.at(-1), { day: '2026-11-20', visits: 2, opens: 3 });
  assert.equal(s.daily.at(-2), { day: '2026-11-19', visits: 1, opens: 0 });
  assert.equal(s.top_articles, [
    { id: 'art1', title: 'Comet seen', source_id: 'calm-src', opens: 2 },
    { id: 'art2', title: 'Bread club', source_id: 'calm-src', opens: 1 },
  ]);
  assert.equal(s.groupings.map((g: { tag: string; opens: number }) => [g.tag, g.opens]), [['kindness', 2], ['space', 2], ['food', 1]]);
  assert.equal(s.topics.map((t: { topic: string; opens: number }) => [t.topic, t.opens]), [['science', 2], ['culture', 1]]);
  assert.equal(s.shares, { share_svc: 1, copy_source: 0, native_share: 0, total: 1 });
  assert.equal(s.funnel, { opens: 3, summary_viewed: 1, source_click: 1, full_story: 0, summary_to_source_rate: 100 });
  assert.equal(s.emotional_mix.flavors.map((f: { flavor: string; opens: number }) => [f.flavor, f.opens]), [['wonder', 2], ['light', 1]]);
  assert.is(s.emotional_mix.avg_cortisol, 1.7);
  assert.equal(s.friction, { not_today: 1, less_like_this: 0, hide_topic: 0, replace_used: 0, replace_none: 0 });
  assert.equal(s.paywall, { paywall_replace: 1, paywalled_source_open: 0, paywalled_opens: 1, paywalled_articles: 1, paywalled_sources: 1 });
  assert.equal(s.accounts, { total: 1, new_in_window: 1 });
  assert.is(s.feedback_unread, 2);
  assert.equal(s.corpus, { articles: 3, accepted: 2, rejected: 1, duplicates: 0, acceptance_rate: 66.7 });
  assert.equal(s.source_health, { total: 1, active: 1, paused: 0, retired: 0, hidden: 0, flagged: 1, failing: 1 });
});

test('the dashboard reads the figures the server writes, every one kept as sent (one shape: AdminStats)', async () => {
  for (const days of [7, 30, 90]) {
    const sent: unknown = await (await admin(`/api/admin/stats?days=${days}`)).json();
    const read = readStats(sent);
    assert.ok(read, `days=${days}`);
    assert.equal(read, sent);
  }
  assert.is(readStats({ days: 14 }), null, 'a window the server never sends is not a stats answer');
});

test('the window follows days; corpus and source health do not', async () => {
  const week = (await (await admin('/api/admin/stats?days=7')).json()) as Record<string, any>;
  assert.is(week.days, 7);
  assert.is(week.daily.length, 7);
  assert.is(week.visitors.in_window, 2);
  assert.is(week.visitors.last_30_days, 3, 'the fixed visitor figures are always shown');
  const quarter = (await (await admin('/api/admin/stats?days=365')).json()) as Record<string, any>;
  assert.is(quarter.days, 90);
  assert.is(quarter.visitors.in_window, 4);
  assert.equal(quarter.corpus, week.corpus);
  assert.equal(quarter.source_health, week.source_health);
});

test('the stats carry no personal data: no visitor hash, e-mail or user id', async () => {
  const text = await (await admin('/api/admin/stats')).text();
  for (const secret of ['"v1"', '"v2"', '"v3"', '"v4"', 'visitor_hash', '@example.org', 'email', 'user_id']) {
    assert.not.ok(text.includes(secret), secret);
  }
});

test.run();
