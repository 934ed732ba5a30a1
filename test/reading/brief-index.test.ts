/**
 * The reading path's speed-ups answer exactly what the plain algorithms answered: the recent-window
 * split kept in the snapshot (recomputed as `now` moves), the avoid-term substring pre-test, and the
 * per-card JSON cache. Each is compared with the former code (copied here as the oracle) on random
 * pools, clocks and prefs. Pure: snapshots are built in memory, no database.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleCard } from '../../core/domain/article.ts';
import { BRIEF_CANDIDATE_CAP, BRIEF_RECENT_MS, BRIEF_SIZE, collectCandidates, lazyCandidates, leadTier, orderBrief, type BriefCandidate } from '../../core/domain/brief.ts';
import { distinctCardLines, distinctLines, withSummary, type PoolArticle, type PoolDoc } from '../../core/domain/card.ts';
import { matches, withinBoundaries, type FeedFilter } from '../../core/domain/filter.ts';
import { activeBoundaries, avoidPattern, foldText, parsePrefs, type Boundaries } from '../../core/domain/prefs.ts';
import { FLAVORS, TAGS, TOPICS } from '../../core/domain/taxonomy.ts';
import { briefBytes, briefJson, cardsJson, cardsTagged, oneByteJson } from '../../core/readmodel/json.ts';
import { boundariesOf } from '../../core/readmodel/params.ts';
import { briefArticles, briefFor, briefGeneratedAt, feedPage } from '../../core/readmodel/queries.ts';
import { buildSnapshot, MAX_MEMO_KEYS, patchSummaries, type Snapshot } from '../../core/readmodel/snapshot.ts';

const HOUR = 3_600_000;
const base = Date.parse('2026-11-20T12:00:00Z');
const WORDS = ['otter', 'Election', 'crypto', 'café', 'cafés', 'ſport', 'SPORT', 'climate  change', 'climate\nchange', 'KELVIN', 'ΣΟΦΙΑ', 'İstanbul', 'co-op', 'a_b', '"quoted"', 'ünïcode'];
const TERMS = ['election', 'crypto', 'café', 'sport', 'climate change', 'kelvin', 'σοφια', 'istanbul', 'co-op', 'a', 'b', 'ünïcode', 'ſ', 'κ', ' ', '"quoted"'];
const topicIds = TOPICS.map((t) => t.id);
const flavorIds = FLAVORS.map((f) => f.id);
const tagIds = TAGS.map((t) => t.id);

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// ---- The former code, verbatim in substance: the oracle. ----
function* oldRecentFirst<T extends BriefCandidate>(ranked: readonly T[], now: Date): Generator<T> {
  const cutoff = now.getTime() - BRIEF_RECENT_MS;
  for (const a of ranked) if (a.time >= cutoff) yield a;
  for (const a of ranked) if (a.time < cutoff) yield a;
}
function oldCollect<T>(ranked: Iterable<T>, accept: (a: T) => boolean): T[] {
  const out: T[] = [];
  for (const a of ranked) {
    if (!accept(a)) continue;
    out.push(a);
    if (out.length >= BRIEF_CANDIDATE_CAP) break;
  }
  return out;
}
function oldBestByTier<T extends BriefCandidate>(items: Iterable<T>): T | null {
  let best: T | null = null;
  for (const a of items) {
    if (leadTier(a) < (best ? leadTier(best) : 3)) best = a;
    if (best && leadTier(best) === 0) break;
  }
  return best;
}
function pickLead<T extends BriefCandidate>(kept: readonly T[], candidates: Iterable<T>): T | null {
  return oldBestByTier(kept) ?? oldBestByTier(candidates);
}
function fillDiverse<T extends BriefCandidate>(kept: readonly T[], candidates: Iterable<T>, size: number): T[] {
  const out = [...kept].slice(0, size);
  const chosen = new Set(out.map((a) => a.id));
  const sources = new Set(out.map((a) => a.source_id));
  const topics = new Set(out.map((a) => a.topic));
  const passes: Array<(a: T) => boolean> = [
    (a) => !sources.has(a.source_id) && !topics.has(a.topic),
    (a) => !sources.has(a.source_id),
    () => true,
  ];
  for (const fits of passes) {
    for (const a of candidates) {
      if (out.length >= size) return out;
      if (chosen.has(a.id) || !fits(a)) continue;
      out.push(a);
      chosen.add(a.id);
      sources.add(a.source_id);
      topics.add(a.topic);
    }
  }
  return out;
}
function oldApply<T extends BriefCandidate>(stored: readonly T[], ranked: Iterable<T>, accept: (a: T) => boolean): T[] {
  let kept = stored.filter(accept).slice(0, BRIEF_SIZE);
  const keptIds = new Set(kept.map((a) => a.id));
  let candidates = oldCollect(ranked, (a) => !keptIds.has(a.id) && accept(a));
  const lead = pickLead(kept, candidates);
  if (lead && !keptIds.has(lead.id)) {
    kept = [lead, ...kept].slice(0, BRIEF_SIZE);
    candidates = candidates.filter((a) => a !== lead);
  }
  return orderBrief(fillDiverse(kept, candidates, BRIEF_SIZE), lead);
}
/** The boundaries check as it was: one pattern of every avoid-term, run on every article's text. */
function oldWithin(a: Pick<PoolArticle, 'topic' | 'flavor' | 'source_id' | 'tags' | 'cortisol' | 'ragebait' | 'text'>, b: Boundaries): boolean {
  if (b.muteTopics.has(a.topic) || b.muteFlavors.has(a.flavor) || b.muteSources.has(a.source_id)) return false;
  if (b.includeTopics.size > 0 && !b.includeTopics.has(a.topic)) return false;
  if (b.includeFlavors.size > 0 && !b.includeFlavors.has(a.flavor)) return false;
  if (b.muteTags.size > 0 && a.tags.some((t) => b.muteTags.has(t))) return false;
  if (b.maxCortisol !== null && a.cortisol > b.maxCortisol) return false;
  if (b.maxRagebait !== null && a.ragebait > b.maxRagebait) return false;
  const avoid = avoidPattern(b.avoid.map((t) => t.term));
  if (avoid && avoid.test(a.text)) return false;
  return true;
}
/** The filter as it was: the narrowing of `matches`, then `oldWithin`. */
const oldMatches = (a: PoolArticle, f: FeedFilter) =>
  matches({ ...a, folded: undefined, seq: undefined }, { ...f, boundaries: { ...f.boundaries, avoid: [] } }) && oldWithin(a, f.boundaries);
function oldBrief(s: Snapshot, f: FeedFilter, now: Date) {
  const stored = (s.brief?.ids ?? []).map((id) => s.byId.get(id)).filter((a): a is PoolArticle => a !== undefined);
  const items = oldApply(stored, oldRecentFirst(s.all.ranked, now), (a) => oldMatches(a, f));
  // One answer's cards never repeat a line (distinctLines): a rule of presentation after the walk, not part of what is compared.
  return { items: distinctLines(items, (a) => a.card, (a, card) => ({ ...a, card })).map(withSummary), generated_at: s.brief ? s.brief.generatedAt.toISOString() : null };
}
function oldFeed(s: Snapshot, f: FeedFilter, offset: number, limit: number): ArticleCard[] {
  return distinctCardLines(s.all.ranked.filter((a) => oldMatches(a, f)).slice(offset, offset + limit).map((a) => a.card));
}

// ---- Random pools. ----
const docArb = (i: number, sources = 6) =>
  fc.record({
    source: fc.integer({ min: 0, max: sources }),
    hoursAgo: fc.integer({ min: -2, max: 120 }),
    title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
    why: fc.constantFrom(...WORDS),
    summary: fc.option(fc.constantFrom(...WORDS), { nil: null }),
    topic: fc.constantFrom(...topicIds.slice(0, 5)),
    flavor: fc.constantFrom(...flavorIds),
    tag: fc.constantFrom(...tagIds.slice(0, 8)),
    cortisol: fc.integer({ min: 0, max: 5 }),
    ragebait: fc.integer({ min: 0, max: 4 }),
    image: fc.boolean(),
    paywalled: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  }).map((r): PoolDoc => ({
    _id: `bi-${i}`,
    source_id: `src-${r.source}`,
    url: `https://news.example.org/${i}`,
    title: r.title,
    image: r.image ? `https://img.example.org/${i}.jpg` : null,
    paywalled: r.paywalled,
    published_at: new Date(base - r.hoursAgo * HOUR),
    discovered_at: new Date(base - r.hoursAgo * HOUR + 60_000),
    topic: r.topic,
    tags: [r.tag],
    flavor: r.flavor,
    cortisol: r.cortisol,
    ragebait: r.ragebait,
    why: r.why,
    summary: r.summary === null ? null : { summary: `${r.summary} "summed" up` },
  }));

const poolArb = fc.integer({ min: 0, max: 90 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => docArb(i))));
const prefsArb = fc.record({
  avoid_terms: fc.subarray(TERMS, { maxLength: 4 }),
  mute_topics: fc.subarray(topicIds.slice(0, 5), { maxLength: 2 }),
  mute_tags: fc.subarray(tagIds.slice(0, 8), { maxLength: 2 }),
});

function snapshotOf(docs: readonly PoolDoc[], storedIds: readonly string[]): Snapshot {
  const sources = Array.from({ length: 7 }, (_, i) => ({ _id: `src-${i}`, name: `Source ${i}` }));
  const brief = storedIds.length ? { ids: [...storedIds], generatedAt: new Date(base - HOUR) } : null;
  return buildSnapshot({ sources, articles: [...docs] }, 1, brief, base);
}

const filterOf = (prefs: unknown, now: Date, exclude: readonly string[]): FeedFilter => ({
  boundaries: activeBoundaries(parsePrefs(prefs), now),
  tag: null, topic: null, mood: null, sourceId: null, exclude: new Set(exclude), following: null,
});

test('the brief and the feed answer exactly as the plain walk did, whatever the clock does between requests', () => {
  fc.assert(
    fc.property(
      poolArb,
      fc.array(fc.integer({ min: 0, max: 95 }), { maxLength: 7 }),
      // One snapshot serves a sequence of clocks: forwards, backwards, across item times.
      fc.array(fc.integer({ min: -30 * 60, max: 80 * 60 }), { minLength: 1, maxLength: 6 }),
      prefsArb,
      fc.array(fc.integer({ min: 0, max: 95 }), { maxLength: 3 }),
      (docs, stored, minutes, prefs, excluded) => {
        const s = snapshotOf(docs, stored.map((i) => `bi-${i}`));
        for (const m of minutes) {
          const now = new Date(base + m * 60_000);
          const f = filterOf(prefs, now, excluded.map((i) => `bi-${i}`));
          const expected = oldBrief(s, f, now);
          assert.equal(briefFor(s, f, now), expected);
          assert.is(briefJson(briefArticles(s, f, now), briefGeneratedAt(s)), oneByteJson(JSON.stringify(expected)));
          assert.is(text(briefBytes(briefArticles(s, f, now), briefGeneratedAt(s))), oneByteJson(JSON.stringify(expected)));
          for (const offset of [0, 3]) {
            const page = feedPage(s, f, 'ranked', offset, 10);
            assert.equal(page, oldFeed(s, f, offset, 10));
            assert.is(cardsJson(page), oneByteJson(JSON.stringify(page)));
            const tagged = cardsTagged(page).body;
            assert.is(tagged.text, oneByteJson(JSON.stringify(page)), 'the tagged page is the same JSON');
            assert.is(tagged.byteLength, Buffer.byteLength(tagged.text, 'utf8'), 'with the length of its UTF-8 bytes');
          }
        }
      },
    ),
    { numRuns: 250 },
  );
});

test('past the candidate cap (few sources, so every diversity pass runs), the brief composes as before', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 300, max: 420 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => docArb(i, 1)))),
      fc.integer({ min: -30 * 60, max: 80 * 60 }),
      prefsArb,
      (docs, m, prefs) => {
        const s = snapshotOf(docs, []);
        const now = new Date(base + m * 60_000);
        const f = filterOf(prefs, now, []);
        assert.equal(briefFor(s, f, now), oldBrief(s, f, now));
      },
    ),
    { numRuns: 12 },
  );
});

test('lazy candidates are exactly the first cap accepted items, however far they are read', () => {
  fc.assert(
    fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 30 }), { maxLength: 4 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 9 }), (segments, cap, odd) => {
      const accept = (n: number) => n % 3 !== odd % 3;
      const expected = collectCandidates(segments, accept, cap);
      const at = lazyCandidates(segments, accept, cap);
      assert.is(at(expected.length), undefined);
      assert.equal(Array.from({ length: expected.length + 2 }, (_, i) => at(i)), [...expected, undefined, undefined]);
    }),
  );
});

test('one snapshot serving many different avoid-terms (past the memo bound) filters as the plain pattern does', () => {
  fc.assert(
    fc.property(poolArb, fc.array(fc.array(fc.string({ minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }), { minLength: 70, maxLength: 90 }), (docs, termLists) => {
      const s = snapshotOf(docs, []);
      const now = new Date(base);
      for (const terms of [...termLists, ['crypto', 'café'], ['sport']]) {
        const f = filterOf({ avoid_terms: terms }, now, []);
        assert.equal(feedPage(s, f, 'ranked', 0, 50), oldFeed(s, f, 0, 50), JSON.stringify(terms));
      }
      assert.ok(s.avoidHits.size <= MAX_MEMO_KEYS);
    }),
    { numRuns: 8 },
  );
});

test('a summary patched in after the load is seen by the pre-test and by the brief JSON', () => {
  const docs: PoolDoc[] = [0, 1].map((i) => ({
    _id: `p-${i}`, source_id: 'src-0', url: `https://x.example/${i}`, title: `Calm ${i}`, image: null, paywalled: false,
    published_at: new Date(base - HOUR), discovered_at: new Date(base - HOUR), topic: topicIds[0]!, tags: [], flavor: flavorIds[0]!,
    cortisol: 1, ragebait: 0, why: 'Because', summary: null,
  }));
  const s = snapshotOf(docs, ['p-0', 'p-1']);
  const now = new Date(base);
  const f = filterOf({ avoid_terms: ['crypto'] }, now, []);
  assert.is(briefFor(s, f, now).items.length, 2);
  patchSummaries(s, new Map([['p-1', 'A CRYPTO "story"']]));
  const expected = oldBrief(s, f, now);
  assert.equal(expected.items.map((c) => c.id), ['p-0']);
  assert.equal(briefFor(s, f, now), expected);
  const before = text(briefBytes(briefArticles(s, f, now), briefGeneratedAt(s)));
  patchSummaries(s, new Map([['p-0', 'A "calm" summary']]));
  assert.is(briefJson(briefArticles(s, f, now), briefGeneratedAt(s)), oneByteJson(JSON.stringify(oldBrief(s, f, now))));
  const after = text(briefBytes(briefArticles(s, f, now), briefGeneratedAt(s)));
  assert.is(after, oneByteJson(JSON.stringify(oldBrief(s, f, now))), 'the encoded item follows its new summary');
  assert.is.not(after, before);
});

test('per-term patterns, their pre-test and their memo never change the Unicode word-boundary match of the one pattern', () => {
  const alphabet = ['a', 'b', 'k', 's', 'K', 'S', '\u017f', '\u212a', 'İ', 'ı', 'Σ', 'ς', 'σ', 'ß', 'ẞ', 'é', 'e\u0301', '_', '1', ' ', '\n', '\t', '\u00a0', '-', '.', '(', 'x'];
  const str = (max: number) => fc.array(fc.constantFrom(...alphabet), { maxLength: max }).map((c) => c.join(''));
  const article = { id: 'a', source_id: 's', topic: 't', flavor: 'f', tags: [] as string[], cortisol: 0, ragebait: 0 };
  fc.assert(
    fc.property(str(24), fc.array(str(5), { minLength: 1, maxLength: 3 }), (text, terms) => {
      const b = activeBoundaries(parsePrefs({ avoid_terms: terms }), new Date(base));
      const plain = oldWithin({ ...article, text }, b);
      assert.is(withinBoundaries({ ...article, text }, b), plain, `per term: ${JSON.stringify(text)} / ${JSON.stringify(terms)}`);
      assert.is(withinBoundaries({ ...article, text, folded: foldText(text) }, b), plain, `pre-test: ${JSON.stringify(text)} / ${JSON.stringify(terms)}`);
      // Remembered: the first test fills the memo, the second reads it.
      const memo = b.avoid.map(() => new Uint8Array(1));
      for (let i = 0; i < 2; i += 1) assert.is(withinBoundaries({ ...article, text, folded: foldText(text), seq: 0 }, b, memo), plain, `remembered: ${JSON.stringify(text)} / ${JSON.stringify(terms)}`);
    }),
    { numRuns: 3000 },
  );
});

test('remembered prefs give the boundaries a fresh parse gives, and a pause still ends on time', () => {
  const asPlain = (b: ReturnType<typeof boundariesOf>) => JSON.stringify(b, (_k, v: unknown) => (v instanceof Set ? [...v] : v instanceof RegExp ? v.source : v));
  const until = new Date(base + HOUR).toISOString();
  const blobs = [
    JSON.stringify({ avoid_terms: ['crypto', 'café'], mute_topics: ['sport'], mute_tags: ['fossils'] }),
    JSON.stringify({ avoid_terms: ['crypto'], pauses: [{ kind: 'term', value: 'otter', until }, { kind: 'topic', value: 'science', until }] }),
    '{not json',
  ];
  for (const raw of blobs) {
    for (const at of [base, base + 2 * HOUR, base]) {
      const now = new Date(at);
      const fresh = activeBoundaries(parsePrefs(raw), now);
      assert.is(asPlain(boundariesOf(raw, now)), asPlain(fresh), `${raw} at ${now.toISOString()}`);
    }
  }
  const paused = boundariesOf(blobs[1]!, new Date(base + 2 * HOUR));
  assert.not.ok(paused.muteTopics.has('science'), 'an ended pause no longer mutes');
  assert.ok(boundariesOf(blobs[1]!, new Date(base)).muteTopics.has('science'), 'a running pause mutes');
});

test.run();
