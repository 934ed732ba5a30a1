import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleCard } from '../../core/domain/article.ts';
import { hashToken } from '../../api/session.ts';
import type { FollowDoc, SessionDoc, UserDoc } from '../../core/domain/user.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { getJson, load, prefsParam } from './pool.ts';

let ctx: TestContext;
const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const a = makeSource({ _id: 'feed-a', name: 'Alpha' });
const b = makeSource({ _id: 'feed-b', name: 'Beta', paywalled: true });
const articles = [
  makeArticle({ _id: 'f-new-paywalled', source_id: 'feed-b', paywalled: true, published_at: hoursAgo(1), topic: 'science', tags: ['space'], flavor: 'wonder' }),
  makeArticle({ _id: 'f-calm-image', source_id: 'feed-a', published_at: hoursAgo(3), cortisol: 0, image: 'https://img.example.org/x.jpg', topic: 'science', tags: ['space', 'physics'], flavor: 'wonder' }),
  makeArticle({ _id: 'f-edgy', source_id: 'feed-a', published_at: hoursAgo(2), cortisol: 4, ragebait: 3, topic: 'technology', tags: ['inventions'], flavor: 'inspiring' }),
  makeArticle({ _id: 'f-old', source_id: 'feed-a', published_at: hoursAgo(60), topic: 'community', tags: ['kindness'], flavor: 'heartwarming' }),
  makeArticle({ _id: 'f-future', source_id: 'feed-a', published_at: new Date(now.getTime() + 86_400_000), discovered_at: hoursAgo(5), topic: 'culture', tags: ['art'], flavor: 'light' }),
];
const ids = (cards: ArticleCard[]) => cards.map((c) => c.id);
const feed = (q = '') => getJson<ArticleCard[]>(ctx.request, `/api/feed${q}`);

test.before(async () => {
  ctx = await createTestContext({ now: () => now });
  await load(ctx.db, { sources: [a, b], articles });
});
test.after(async () => {
  await ctx.close();
});

test('ranked is best-first with paywalled items below readable ones', async () => {
  const ranked = ids(await feed());
  assert.is(ranked.at(-1), 'f-new-paywalled', 'the newest story is paywalled, so it comes last');
  assert.ok(ranked.indexOf('f-calm-image') < ranked.indexOf('f-edgy'), 'calm with an image beats a slightly newer edgy story');
  assert.equal(await feed('?sort=ranked'), await feed());
});

test('latest is pure recency (a future-dated item counts from its discovery)', async () => {
  assert.equal(ids(await feed('?sort=latest')), ['f-new-paywalled', 'f-edgy', 'f-calm-image', 'f-future', 'f-old']);
});

test('offset and limit page the same ordering; limit is clamped to 50', async () => {
  const all = ids(await feed('?sort=latest'));
  assert.equal(ids(await feed('?sort=latest&offset=1&limit=2')), all.slice(1, 3));
  assert.equal(ids(await feed('?sort=latest&limit=100000')), all);
  assert.equal(await feed('?offset=999999999999999'), []);
});

test('tag, topic, mood, source_id and exclude narrow the feed', async () => {
  const cases: Array<[string, string[]]> = [
    ['?tag=space&sort=latest', ['f-new-paywalled', 'f-calm-image']],
    ['?topic=technology', ['f-edgy']],
    ['?source_id=feed-b', ['f-new-paywalled']],
    ['?mood=light-only&sort=latest', ['f-new-paywalled', 'f-calm-image', 'f-future', 'f-old']],
    ['?mood=grounded', []],
    ['?tag=physics&exclude=f-calm-image', []],
    ['?sort=latest&exclude=f-edgy,f-old&exclude=f-future', ['f-new-paywalled', 'f-calm-image']],
    ['?tag=unknown-tag', []],
  ];
  for (const [query, expected] of cases) assert.equal(ids(await feed(query)), expected, query);
});

test('feed cards have the Article fields', async () => {
  const [card] = await feed('?topic=technology');
  for (const key of ['id', 'title', 'url', 'image', 'why', 'source_id', 'source_name', 'tags', 'paywalled']) assert.ok(card && key in card, key);
  assert.is(card?.source_name, 'Alpha');
});

test('categories count topics and flavors over exactly the feed set', async () => {
  const prefs = prefsParam({ mute_topics: ['technology'], avoid_terms: [] });
  const body = await getJson<{ topics: Record<string, number>; flavors: Record<string, number> }>(ctx.request, `/api/categories?prefs=${prefs}`);
  const cards = await feed(`?prefs=${prefs}&limit=50`);
  const topics: Record<string, number> = {};
  for (const c of cards) topics[c.topic] = (topics[c.topic] ?? 0) + 1;
  for (const [topic, n] of Object.entries(body.topics)) assert.is(n, topics[topic] ?? 0, topic);
  assert.is(body.topics.technology, 0);
  assert.is(Object.values(body.flavors).reduce((x, y) => x + y, 0), cards.length);
});

test('following=true is [] for an anonymous caller and the follows for a signed-in one', async () => {
  assert.equal(await feed('?following=true'), []);
  const token = 'reader-token-0123456789abcdef';
  await ctx.db.collection<UserDoc>('users').insertOne({ _id: 'u1', email: 'r@example.org', avatar_url: null, is_admin: false, prefs: null, created_at: now, updated_at: now });
  await ctx.db.collection<SessionDoc>('sessions').insertOne({ _id: 's1', token_hash: hashToken(token), user_id: 'u1', created_at: now, last_used_at: now, expires_at: new Date(now.getTime() + 86_400_000) });
  const signedIn = (q: string) => ctx.request(`/api/feed${q}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json() as Promise<ArticleCard[]>);
  assert.equal(await signedIn('?following=true'), [], 'following nothing yet');
  await ctx.db.collection<FollowDoc>('follows').insertMany([
    { _id: 'fo1', user_id: 'u1', kind: 'source', value: 'feed-b', created_at: now },
    { _id: 'fo2', user_id: 'u1', kind: 'tag', value: 'kindness', created_at: now },
  ]);
  assert.equal(ids(await signedIn('?following=true&sort=latest')), ['f-new-paywalled', 'f-old']);
});

test('since counts public articles discovered after ts; invalid or future ts gives count 0', async () => {
  const body = await getJson<{ count: number; items: ArticleCard[] }>(ctx.request, `/api/since?ts=${encodeURIComponent(hoursAgo(2.5).toISOString())}`);
  assert.equal({ count: body.count, ids: ids(body.items) }, { count: 2, ids: ['f-new-paywalled', 'f-edgy'] });
  const withPrefs = await getJson<{ count: number }>(ctx.request, `/api/since?ts=${hoursAgo(2.5).getTime()}&prefs=${prefsParam({ mute_topics: ['science'] })}`);
  assert.is(withPrefs.count, 1, 'the boundary is respected');
  for (const ts of ['', 'yesterday', 'NaN', '2026-13-45', encodeURIComponent(new Date(now.getTime() + 60_000).toISOString()), '99999999999999', '-5', '1e400', '%F0%9F%98%80']) {
    assert.equal(await getJson(ctx.request, `/api/since?ts=${ts}`), { count: 0, items: [] }, ts);
  }
  assert.equal(await getJson(ctx.request, '/api/since'), { count: 0, items: [] });
});

test('moods, lanes and families describe the taxonomy with counts', async () => {
  const { moods } = await getJson<{ moods: Array<{ id: string }> }>(ctx.request, '/api/moods');
  assert.equal(moods.map((m) => m.id), ['today', 'wonder', 'people-helping', 'solutions', 'light-only', 'grounded']);
  const lanes = await getJson<{ pinned: Array<{ id: string }>; pool: Array<{ id: string; kind: string }>; default: string[] }>(ctx.request, '/api/lanes');
  assert.equal(lanes.pinned.map((l) => l.id), ['highlights', 'latest']);
  assert.equal(lanes.default, moods.map((m) => `mood:${m.id}`));
  assert.ok(lanes.pool.some((l) => l.kind === 'topic' && l.id === 'topic:technology'));
  assert.not.ok(lanes.pool.some((l) => l.kind === 'tag'), 'no Discovery tag has enough stories yet');
  const { families } = await getJson<{ families: Array<{ id: string; tags: Array<{ id: string; count: number }> }> }>(ctx.request, '/api/families');
  assert.is(families.length, 4);
  assert.is(families.find((f) => f.id === 'discovery')?.tags.find((t) => t.id === 'space')?.count, 2);
  assert.ok(families.find((f) => f.id === 'mind')?.tags.some((t) => t.id === 'food'));
});

test('replacement is the next-best readable unshown article, or {item:null}', async () => {
  const first = await getJson<{ item: ArticleCard | null }>(ctx.request, '/api/replacement');
  const ranked = ids(await feed());
  assert.is(first.item?.id, ranked[0]);
  const next = await getJson<{ item: ArticleCard | null }>(ctx.request, `/api/replacement?exclude=${ranked[0]}`);
  assert.is(next.item?.id, ranked[1]);
  const gentle = await getJson<{ item: ArticleCard | null }>(ctx.request, `/api/replacement?gentle=true&exclude=${ranked.slice(0, 1).join(',')}`);
  assert.ok(gentle.item && gentle.item.cortisol <= 2 && gentle.item.id !== 'f-edgy');
  const readable = ranked.filter((id) => id !== 'f-new-paywalled');
  assert.equal(await getJson(ctx.request, `/api/replacement?exclude=${readable.join(',')}`), { item: null }, 'a paywalled story is never a replacement');
});

test.run();
