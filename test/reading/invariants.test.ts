import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleCard, ArticleDoc } from '../../core/domain/article.ts';
import { BRIEF_SIZE } from '../../core/domain/brief.ts';
import { toCard } from '../../core/domain/card.ts';
import { FLAVORS, TAGS, TOPICS } from '../../core/domain/taxonomy.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { getJson, load, prefsParam, type BriefBody } from './pool.ts';

let ctx: TestContext;
const now = new Date('2026-11-20T12:00:00Z');
const WORDS = ['otter', 'garden', 'comet', 'bridge', 'choir', 'robot', 'harvest', 'violin', 'glacier', 'bakery'];
const topicIds = TOPICS.map((t) => t.id);
const flavorIds = FLAVORS.map((f) => f.id);
const tagIds = TAGS.map((t) => t.id);
const visible = [0, 1, 2, 3].map((i) => makeSource({ _id: `inv-src-${i}`, paywalled: i === 3 }));
const hidden = makeSource({ _id: 'inv-hidden', content_visible: false });

// A deterministic pool: 40 public articles plus rejected, duplicate and hidden-source ones.
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const publicPool: ArticleDoc[] = Array.from({ length: 40 }, (_, i) =>
  makeArticle({
    _id: `inv-pub-${i}`,
    source_id: pick(visible, i)._id,
    title: `${pick(WORDS, i)} and ${pick(WORDS, i * 3 + 1)} story ${i}`,
    why: `Because of the ${pick(WORDS, i * 7 + 2)}.`,
    topic: pick(topicIds, i),
    flavor: pick(flavorIds, i * 5),
    tags: [pick(tagIds, i), pick(tagIds, i * 11 + 3)].filter((t, k, all) => all.indexOf(t) === k),
    cortisol: i % 5,
    ragebait: i % 4,
    paywalled: i % 4 === 3,
    image: i % 3 === 0 ? `https://img.example.org/${i}.jpg` : null,
    published_at: new Date(now.getTime() - i * 3_600_000),
  }),
);
const forbidden: ArticleDoc[] = [
  ...Array.from({ length: 6 }, (_, i) => makeArticle({ _id: `inv-rejected-${i}`, source_id: 'inv-src-0', accepted: false, reject_reason: 'cortisol', cortisol: 0, published_at: now })),
  ...Array.from({ length: 6 }, (_, i) => makeArticle({ _id: `inv-dup-${i}`, source_id: 'inv-src-1', duplicate_of: 'inv-pub-0', cortisol: 0, published_at: now })),
  ...Array.from({ length: 6 }, (_, i) => makeArticle({ _id: `inv-hid-${i}`, source_id: 'inv-hidden', cortisol: 0, published_at: now, image: 'https://img.example.org/h.jpg' })),
];
const byId = new Map(publicPool.map((a) => [a._id, a] as const));

test.before(async () => {
  ctx = await createTestContext({ now: () => now });
  await load(ctx.db, { sources: [...visible, hidden], articles: [...publicPool, ...forbidden] });
});
test.after(async () => {
  await ctx.close();
});

/** Prefs with the fields from CONTRACT.md (plus noise the parser must skip). */
const prefsArb = fc.record(
  {
    include_topics: fc.subarray(topicIds, { maxLength: 4 }),
    mute_topics: fc.subarray(topicIds, { maxLength: 3 }),
    include_flavors: fc.subarray(flavorIds, { maxLength: 3 }),
    mute_flavors: fc.subarray(flavorIds, { maxLength: 2 }),
    mute_tags: fc.subarray(tagIds, { maxLength: 6 }),
    // Words of the titles (any case), plus non-strings the parser must skip.
    avoid_terms: fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...WORDS).map((w) => ` ${w.toUpperCase()}`), fc.integer(), fc.constant(null), fc.object()), { maxLength: 3 }),
    pauses: fc.array(fc.record({ kind: fc.constantFrom('topic', 'flavor', 'tag', 'term', 'source'), value: fc.constantFrom(...topicIds, ...flavorIds, ...WORDS, 'inv-src-2'), until: fc.constantFrom('2026-11-19T00:00:00Z', '2026-11-21T00:00:00Z', 'soon') }), { maxLength: 3 }),
    max_cortisol: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant('x')),
    max_ragebait: fc.integer({ min: 0, max: 4 }),
    lanes: fc.anything(),
  },
  { requiredKeys: [] },
);

type Prefs = typeof prefsArb extends fc.Arbitrary<infer T> ? T : never;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** An independent oracle of "the boundaries hold" for one stored article. */
function honours(doc: ArticleDoc, p: Prefs): boolean {
  const running = (p.pauses ?? []).filter((x) => x.until === '2026-11-21T00:00:00Z');
  const muted = (kind: string, list: unknown) => [...strings(list), ...running.filter((x) => x.kind === kind).map((x) => x.value)];
  if (muted('topic', p.mute_topics).includes(doc.topic) || muted('flavor', p.mute_flavors).includes(doc.flavor)) return false;
  if (muted('tag', p.mute_tags).some((t) => doc.tags.includes(t))) return false;
  if (running.some((x) => x.kind === 'source' && x.value === doc.source_id)) return false;
  if (p.include_topics?.length && !p.include_topics.includes(doc.topic)) return false;
  if (p.include_flavors?.length && !p.include_flavors.includes(doc.flavor)) return false;
  if (typeof p.max_cortisol === 'number' && doc.cortisol > p.max_cortisol) return false;
  if (p.max_ragebait !== undefined && doc.ragebait > p.max_ragebait) return false;
  // Avoid-terms are matched in every sentence the card shows: title, why line and line (the line's own rule is card.ts's).
  const words = `${doc.title} ${doc.why} ${toCard(doc, '').line}`.toLowerCase().split(/[^a-z0-9]+/);
  return !muted('term', p.avoid_terms).some((t) => t.trim() !== '' && words.includes(t.trim().toLowerCase()));
}

function checkCards(cards: ArticleCard[], p: Prefs, exclude: string[], where: string): void {
  for (const card of cards) {
    const doc = byId.get(card.id);
    assert.ok(doc, `${where}: ${card.id} is accepted, non-duplicate and visible`);
    assert.ok(honours(doc!, p), `${where}: ${card.id} honours ${JSON.stringify(p)}`);
    assert.not.ok(exclude.includes(card.id), `${where}: ${card.id} was excluded`);
  }
}

test('every feed, brief and replacement result holds only public articles within the boundaries', async () => {
  await fc.assert(
    fc.asyncProperty(
      prefsArb,
      fc.subarray(publicPool.map((a) => a._id), { maxLength: 8 }),
      fc.constantFrom('ranked', 'latest'),
      fc.boolean(),
      async (prefs, exclude, sort, gentle) => {
        const q = `prefs=${prefsParam(prefs)}&exclude=${exclude.join(',')}`;
        const feed = await getJson<ArticleCard[]>(ctx.request, `/api/feed?${q}&sort=${sort}&limit=50`);
        checkCards(feed, prefs, exclude, 'feed');
        const allowed = publicPool.filter((d) => honours(d, prefs) && !exclude.includes(d._id));
        assert.is(feed.length, allowed.length, 'the feed holds every allowed article');
        const brief = await getJson<BriefBody>(ctx.request, `/api/brief?${q}`);
        checkCards(brief.items, prefs, exclude, 'brief');
        assert.is(brief.items.length, Math.min(BRIEF_SIZE, allowed.length), 'refilled to 7 when the pool allows');
        const { item } = await getJson<{ item: ArticleCard | null }>(ctx.request, `/api/replacement?${q}&gentle=${gentle}`);
        checkCards(item ? [item] : [], prefs, exclude, 'replacement');
        if (item) assert.not.ok(item.paywalled, 'replacements are readable');
        const isGentle = (d: { cortisol: number; ragebait: number }) => d.cortisol <= 2 && d.ragebait <= 1;
        assert.is(item !== null, allowed.some((d) => !d.paywalled && (!gentle || isGentle(d))), 'none left only when none is allowed');
        if (item && gentle) assert.ok(isGentle(item), 'gentle=true gives a gentle replacement');
        if (allowed.some(isGentle)) assert.ok(brief.items[0] && isGentle(brief.items[0]), 'the lead is gentle whenever a gentle item exists');
        const rest = brief.items.slice(1).map((c) => c.paywalled);
        assert.equal(rest, [...rest].sort((x, y) => Number(x) - Number(y)), 'paywalled below readable');
      },
    ),
    { numRuns: 120 },
  );
});

test('a rejected, duplicate or hidden-source article never appears anywhere', async () => {
  const bad = new Set(forbidden.map((a) => a._id));
  const paths = ['/api/feed?limit=50', '/api/feed?sort=latest&limit=50', '/api/feed?source_id=inv-hidden', '/api/since?ts=0'];
  for (const path of paths) {
    const body = await getJson<ArticleCard[] | { items: ArticleCard[] }>(ctx.request, path);
    const cards = Array.isArray(body) ? body : body.items;
    for (const c of cards) assert.not.ok(bad.has(c.id), `${path}: ${c.id}`);
  }
  const brief = await getJson<BriefBody>(ctx.request, '/api/brief');
  for (const c of brief.items) assert.not.ok(bad.has(c.id), `brief: ${c.id}`);
  const families = await getJson<{ families: Array<{ tags: Array<{ count: number }> }> }>(ctx.request, '/api/families');
  const tagged = families.families.flatMap((f) => f.tags).reduce((n, t) => n + t.count, 0);
  assert.is(tagged, publicPool.reduce((n, a) => n + a.tags.length, 0), 'counts cover only the public pool');
});

test.run();
