import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleCard } from '../../core/domain/article.ts';
import { BRIEF_SIZE } from '../../core/domain/brief.ts';
import { isGentle } from '../../core/domain/gate.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { getJson, load, prefsParam, type BriefBody } from './pool.ts';

let ctx: TestContext;
const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const topics = ['science', 'technology', 'environment', 'nature', 'health', 'community', 'culture', 'learning', 'sport', 'economy'];
const sources = Array.from({ length: 6 }, (_, i) => makeSource({ _id: `brief-src-${i}`, paywalled: i === 5 }));
// 16 calm-but-not-gentle stories (cortisol 3), newest first; two paywalled; one per topic mostly.
const plain = Array.from({ length: 16 }, (_, i) =>
  makeArticle({
    source_id: sources[i % 5]!._id,
    title: `Harbour plan number ${i} moves ahead`,
    topic: topics[i % topics.length]!,
    cortisol: 3,
    published_at: hoursAgo(i + 1),
    paywalled: i === 1 || i === 2,
    image: `https://img.example.org/${i}.jpg`,
  }),
);
// Gentle candidates of each lead tier, older (so they do not rank first on recency alone).
const gentleImageReadable = makeArticle({ source_id: 'brief-src-0', title: 'Otters learn to juggle pebbles', topic: 'nature', cortisol: 0, published_at: hoursAgo(30), image: 'https://img.example.org/otter.jpg' });
const gentleReadable = makeArticle({ source_id: 'brief-src-1', title: 'A library opens in a lighthouse', topic: 'culture', cortisol: 1, published_at: hoursAgo(31) });
const gentlePaywalled = makeArticle({ source_id: 'brief-src-5', title: 'A choir of grandparents tours the coast', topic: 'community', cortisol: 1, published_at: hoursAgo(32), paywalled: true, image: 'https://img.example.org/choir.jpg' });

test.before(async () => {
  ctx = await createTestContext({ now: () => now });
  await load(ctx.db, { sources, articles: [...plain, gentleImageReadable, gentleReadable, gentlePaywalled] });
});
test.after(async () => {
  await ctx.close();
});

const brief = (query = '') => getJson<BriefBody>(ctx.request, `/api/brief${query}`);
const readableBeforePaywalled = (items: ArticleCard[]) => {
  const rest = items.slice(1).map((a) => a.paywalled);
  assert.equal(rest, [...rest].sort((a, b) => Number(a) - Number(b)), 'paywalled items sort below readable ones');
};

test('the brief has exactly 7 items', async () => {
  const body = await brief();
  assert.is(body.items.length, BRIEF_SIZE);
  assert.is(new Set(body.items.map((a) => a.id)).size, BRIEF_SIZE);
});

test('the lead is gentle and prefers one with an image and readable', async () => {
  const body = await brief();
  assert.is(body.items[0]?.id, gentleImageReadable._id);
});

test('lead falls back to gentle and readable, then to gentle', async () => {
  const second = await brief(`?exclude=${gentleImageReadable._id}`);
  assert.is(second.items[0]?.id, gentleReadable._id);
  const third = await brief(`?exclude=${gentleImageReadable._id},${gentleReadable._id}`);
  assert.is(third.items[0]?.id, gentlePaywalled._id);
  assert.ok(isGentle({ ...third.items[0]!, summary: null }));
});

test('without any gentle item the brief still has 7 items, readable first', async () => {
  const body = await brief(`?exclude=${gentleImageReadable._id}&exclude=${gentleReadable._id},${gentlePaywalled._id}`);
  assert.is(body.items.length, BRIEF_SIZE);
  const flags = body.items.map((a) => a.paywalled);
  assert.equal(flags, [...flags].sort((a, b) => Number(a) - Number(b)));
});

test('paywalled stories sort below readable ones', async () => {
  for (const query of ['', `?exclude=${plain[0]!._id}`, `?prefs=${prefsParam({ mute_topics: ['science'] })}`]) {
    readableBeforePaywalled((await brief(query)).items);
  }
});

test('excluded ids are dropped and refilled to 7 under the same filters', async () => {
  const first = await brief();
  const excluded = first.items.slice(1, 4).map((a) => a.id);
  const prefs = { mute_topics: ['technology'], avoid_terms: ['harbour plan number 5'] };
  const body = await brief(`?exclude=${excluded.join(',')}&prefs=${prefsParam(prefs)}`);
  assert.is(body.items.length, BRIEF_SIZE);
  for (const a of body.items) {
    assert.not.ok(excluded.includes(a.id), 'excluded id dropped');
    assert.is.not(a.topic, 'technology', 'muted topic not refilled');
    assert.not.match(a.title, /harbour plan number 5\b/i, 'avoid-term not refilled');
  }
});

test('boundary-filtered items are replaced from the pool, diverse in source', async () => {
  const body = await brief(`?prefs=${prefsParam({ max_cortisol: 2 })}`);
  // Only the three gentle ones pass a ceiling of 2: the pool does not allow 7, so no filler sneaks in.
  assert.equal(body.items.map((a) => a.id).sort(), [gentleImageReadable._id, gentleReadable._id, gentlePaywalled._id].sort());
  const mixed = await brief(`?prefs=${prefsParam({ mute_flavors: ['none'], include_topics: ['nature', 'culture', 'science', 'community', 'learning', 'health', 'sport'] })}`);
  assert.is(mixed.items.length, BRIEF_SIZE);
  assert.ok(new Set(mixed.items.map((a) => a.source_id)).size >= 5, 'sources are spread');
});

test('brief items carry the cached summary when there is one', async () => {
  const body = await brief();
  // None of the fixtures has a summary yet: the key is absent rather than empty.
  for (const a of body.items) assert.not.ok('summary' in a && !a.summary);
  assert.is(body.generated_at, null, 'no brief job has run in this file');
});

test.run();
