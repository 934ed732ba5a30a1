/**
 * The compiled filter (core/readmodel/compiled.ts) answers exactly what the one filter, `matches` in
 * core/domain/filter.ts, answers: for random pools and random requests (prefs with mutes, includes,
 * pauses, ceilings and avoid-terms; exclude, tag, topic, source, mood, following), on every article,
 * before and after the avoid-term verdicts are remembered, and through the feed and since walks.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { distinctCardLines, type PoolDoc } from '../../core/domain/card.ts';
import { matches, type FeedFilter } from '../../core/domain/filter.ts';
import { activeBoundaries, parsePrefs } from '../../core/domain/prefs.ts';
import { FLAVORS, MOODS, TAGS, TOPICS } from '../../core/domain/taxonomy.ts';
import { matcherFor } from '../../core/readmodel/compiled.ts';
import { feedPage, sinceFor } from '../../core/readmodel/queries.ts';
import { buildSnapshot, type Snapshot } from '../../core/readmodel/snapshot.ts';

const T0 = Date.parse('2026-11-20T12:00:00Z');
const topics = [...TOPICS.map((t) => t.id).slice(0, 6), 'not-a-topic'];
const flavors = [...FLAVORS.map((f) => f.id), 'odd-flavor'];
const tags = [...TAGS.map((t) => t.id).slice(0, 12), 'stray-tag'];
const sources = ['s0', 's1', 's2', 's3'];
const words = ['otter', 'crypto', 'Election', 'café', 'quiet harbour', 'ſport', 'bread'];
const terms = ['otter', 'crypto', 'election', 'café', 'quiet harbour', 'sport', 'harbour', 'zzz'];

const docArb = (i: number) =>
  fc.record({
    source: fc.constantFrom(...sources),
    topic: fc.constantFrom(...topics),
    flavor: fc.constantFrom(...flavors),
    tags: fc.subarray(tags, { maxLength: 4 }),
    cortisol: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.double({ min: 0, max: 6, noNaN: true })),
    ragebait: fc.integer({ min: 0, max: 5 }),
    title: fc.array(fc.constantFrom(...words), { maxLength: 3 }).map((w) => `Story ${w.join(' ')}`),
    summary: fc.option(fc.constantFrom(...words), { nil: null }),
    hours: fc.integer({ min: 0, max: 200 }),
  }).map((r): PoolDoc => ({
    _id: `c-${i}`, source_id: r.source, url: `https://x.example/${i}`, title: r.title, image: null, paywalled: i % 7 === 0,
    published_at: new Date(T0 - r.hours * 3_600_000), discovered_at: new Date(T0 - r.hours * 3_600_000), topic: r.topic, tags: r.tags,
    flavor: r.flavor, cortisol: r.cortisol, ragebait: r.ragebait, why: 'Why', summary: r.summary === null ? null : { summary: r.summary },
  }));

const poolArb = fc.integer({ min: 0, max: 60 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => docArb(i))));

// Each list field of the prefs, the values it draws from and its longest length.
const LISTS: ReadonlyArray<[string, readonly string[], number]> = [
  ['include_topics', topics, 2], ['mute_topics', topics, 2], ['include_flavors', flavors, 2],
  ['mute_flavors', flavors, 2], ['mute_tags', tags, 3], ['avoid_terms', terms, 3],
];
const ceilingArb = (max: number) => fc.oneof(fc.constant(null), fc.integer({ min: 0, max }), fc.double({ min: 0, max, noNaN: true }));
const pauseArb = fc.record({ kind: fc.constantFrom('topic', 'flavor', 'tag', 'term', 'source'), value: fc.constantFrom(...topics, ...tags, ...sources, ...terms), ahead: fc.integer({ min: -2, max: 2 }) })
  .map((p) => ({ kind: p.kind, value: p.value, until: new Date(T0 + p.ahead * 3_600_000).toISOString() }));
const prefsArb = fc.record(
  { ...Object.fromEntries(LISTS.map(([field, pool, most]) => [field, fc.subarray([...pool], { maxLength: most })])), max_cortisol: ceilingArb(6), max_ragebait: ceilingArb(5), pauses: fc.array(pauseArb, { maxLength: 3 }) },
  { requiredKeys: [] },
);

const requestArb = fc.record({
  prefs: prefsArb,
  tag: fc.option(fc.constantFrom(...tags), { nil: null, freq: 3 }),
  topic: fc.option(fc.constantFrom(...topics), { nil: null, freq: 3 }),
  sourceId: fc.option(fc.constantFrom(...sources, 'missing'), { nil: null, freq: 3 }),
  mood: fc.option(fc.constantFrom(...MOODS), { nil: null, freq: 3 }),
  exclude: fc.subarray(Array.from({ length: 60 }, (_, i) => `c-${i}`), { maxLength: 4 }),
  following: fc.option(fc.record({ sources: fc.subarray(sources), tags: fc.subarray(tags, { maxLength: 3 }) }), { nil: null, freq: 3 }),
});

type Request = typeof requestArb extends fc.Arbitrary<infer R> ? R : never;

function filterOf(r: Request): FeedFilter {
  return {
    boundaries: activeBoundaries(parsePrefs(r.prefs), new Date(T0)),
    tag: r.tag, topic: r.topic, sourceId: r.sourceId, mood: r.mood, exclude: new Set(r.exclude),
    following: r.following && { sources: new Set(r.following.sources), tags: new Set(r.following.tags) },
  };
}

const snapshotOf = (docs: readonly PoolDoc[]): Snapshot =>
  buildSnapshot({ sources: sources.map((id) => ({ _id: id, name: `Source ${id}` })), articles: [...docs] }, 1, null, T0);

test('the compiled filter equals matches on every article, for random pools and requests, before and after verdicts are remembered', () => {
  fc.assert(
    fc.property(poolArb, fc.array(requestArb, { minLength: 1, maxLength: 4 }), (docs, requests) => {
      const s = snapshotOf(docs);
      for (const r of requests) {
        const f = filterOf(r);
        const expected = s.all.ranked.map((a) => matches(a, f));
        for (let pass = 0; pass < 2; pass += 1) {
          const ok = matcherFor(s, f);
          assert.equal(s.all.ranked.map((a) => ok(a)), expected, `pass ${pass}: ${JSON.stringify(r)}`);
        }
      }
    }),
    { numRuns: 400 },
  );
});

// Pools of up to 130 articles: the ranked walk over the whole pool takes 32 at a time (core/readmodel/ranked-walk.ts).
const widePoolArb = fc.integer({ min: 0, max: 130 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => docArb(i))));

test('the feed and since walks answer what a plain walk with matches answers', () => {
  fc.assert(
    fc.property(widePoolArb, requestArb, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 25 }), (docs, r, offset, limit) => {
      const s = snapshotOf(docs);
      const f = filterOf(r);
      for (const sort of ['ranked', 'latest'] as const) {
        // One answer's cards never repeat a line (distinctLines): applied after the walk, to both.
        const plain = distinctCardLines(s.all[sort].filter((a) => matches(a, f)).slice(offset, offset + limit).map((a) => a.card));
        // Twice: before and after the avoid-terms' verdicts are remembered.
        assert.equal(feedPage(s, f, sort, offset, limit), plain);
        assert.equal(feedPage(s, f, sort, offset, limit), plain);
      }
      const since = new Date(T0 - 100 * 3_600_000);
      const newer = s.discovered.filter((a) => a.discovered > since.getTime() && matches(a, f));
      assert.equal(sinceFor(s, f, since, 5), { count: newer.length, items: distinctCardLines(newer.slice(0, 5).map((a) => a.card)) });
    }),
    { numRuns: 300 },
  );
});

test('the ranked walk over the whole pool, 32 articles at a time, answers what a plain walk answers, before and after verdicts are remembered', () => {
  // No narrowing, so every request takes the word walk (core/readmodel/ranked-walk.ts); exclude now and then.
  const plainRequestArb = fc.record({ prefs: prefsArb, exclude: fc.oneof(fc.constant<string[]>([]), fc.subarray(Array.from({ length: 130 }, (_, i) => `c-${i}`), { maxLength: 3 })) });
  fc.assert(
    fc.property(widePoolArb, fc.array(plainRequestArb, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 25 }), (docs, requests, offset, limit) => {
      const s = snapshotOf(docs);
      for (const r of requests) {
        const f = filterOf({ ...r, tag: null, topic: null, sourceId: null, mood: null, following: null });
        const plain = distinctCardLines(s.all.ranked.filter((a) => matches(a, f)).slice(offset, offset + limit).map((a) => a.card));
        assert.equal(feedPage(s, f, 'ranked', offset, limit), plain, JSON.stringify(r));
        assert.equal(feedPage(s, f, 'ranked', offset, limit), plain, `again: ${JSON.stringify(r)}`);
      }
    }),
    { numRuns: 300 },
  );
});

test('more ceilings than a snapshot keeps sets for are each answered right (the least recently used set is forgotten)', () => {
  const docs = Array.from({ length: 100 }, (_, i) => fc.sample(docArb(i), { numRuns: 1, seed: 40 + i })[0]!);
  const s = snapshotOf(docs);
  for (let k = 0; k < 140; k += 1) {
    const f = filterOf({ prefs: { max_cortisol: (k % 70) / 10, max_ragebait: k % 6 } as Request['prefs'], tag: null, topic: null, sourceId: null, mood: null, exclude: [], following: null });
    const plain = distinctCardLines(s.all.ranked.filter((a) => matches(a, f)).slice(3, 23).map((a) => a.card));
    assert.equal(feedPage(s, f, 'ranked', 3, 20), plain, `ceiling ${(k % 70) / 10}`);
  }
});

test('an article from outside the snapshot is judged by the reference filter', () => {
  const s = snapshotOf([]);
  const f = filterOf({ prefs: { mute_topics: [topics[0]!] } as Request['prefs'], tag: null, topic: null, sourceId: null, mood: null, exclude: [], following: null });
  const outsider = snapshotOf(fc.sample(docArb(0), { numRuns: 1, seed: 7 })).all.ranked[0]!;
  assert.is(matcherFor(s, f)(outsider), matches(outsider, f));
});

test.run();
