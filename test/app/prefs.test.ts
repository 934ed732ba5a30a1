import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as appCards from '../../app/lib/cards.ts';
import * as appPrefs from '../../app/lib/prefs.ts';
import type { DeviceCard } from '../../core/domain/article.ts';
import { toPoolArticle, withSummary, type PoolDoc } from '../../core/domain/card.ts';
import * as device from '../../core/domain/device-prefs.ts';
import { withinBoundaries } from '../../core/domain/filter.ts';
import { activeBoundaries, parsePrefs } from '../../core/domain/prefs.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { FLAVORS, TOPICS } from '../../core/domain/taxonomy.ts';

const { EMPTY_PREFS, hasBoundaries, nextExpiry, passingCards, prefsParam, withoutExpired } = appPrefs;
type Prefs = appPrefs.Prefs;
const now = new Date('2026-11-20T12:00:00Z');
const card: DeviceCard = {
  id: 'abc123', title: 'Otters return to the river', url: 'https://example.org/otters', image: null,
  why: 'Wildlife coming back.', source_id: 'river-news', source_name: 'River News', tags: ['wildlife', 'conservation'],
  topic: 'nature', flavor: 'wonder', paywalled: false, cortisol: 2, ragebait: 1, summary: 'A family of otters was seen.',
  line: 'A family of otters was seen.', also_reported_by: [], reading_minutes: null,
};
const prefs = (p: Partial<Prefs>): Prefs => ({ ...EMPTY_PREFS, ...p });
const passes = (c: DeviceCard, p: Prefs, at = now) => passingCards([c], p, at).length === 1;

test('the app runs core/domain rules, not copies: the same function objects', () => {
  assert.is(appPrefs.passingCards, device.passingCards);
  assert.is(appPrefs.parsePrefs, device.parseDevicePrefs);
  assert.is(appPrefs.prefsParam, device.prefsParam);
  assert.is(appPrefs.EMPTY_PREFS, device.EMPTY_DEVICE_PREFS);
});

test('a card passes or is hidden by each boundary', () => {
  const future = '2026-11-21T00:00:00.000Z';
  const past = '2026-11-19T00:00:00.000Z';
  const cases: Array<[string, Partial<Prefs>, boolean]> = [
    ['no prefs', {}, true],
    ['avoid-term in title', { avoid_terms: ['OTTERS'] }, false],
    ['avoid-term in summary', { avoid_terms: ['family'] }, false],
    ['avoid-term inside a word', { avoid_terms: ['otter'] }, true],
    ['muted topic', { mute_topics: ['nature'] }, false],
    ['muted flavor', { mute_flavors: ['wonder'] }, false],
    ['muted tag', { mute_tags: ['conservation'] }, false],
    ['active topic pause', { pauses: [{ kind: 'topic', value: 'nature', until: future }] }, false],
    ['expired topic pause does nothing', { pauses: [{ kind: 'topic', value: 'nature', until: past }] }, true],
    ['source pause', { pauses: [{ kind: 'source', value: 'river-news', until: future }] }, false],
    ['term pause', { pauses: [{ kind: 'term', value: 'River', until: future }] }, false],
    ['cortisol ceiling below', { max_cortisol: 1 }, false],
    ['cortisol ceiling at', { max_cortisol: 2 }, true],
    ['ragebait ceiling', { max_ragebait: 0 }, false],
    ['include other topics only', { include_topics: ['science'] }, false],
  ];
  for (const [name, p, expected] of cases) assert.is(passes(card, prefs(p)), expected, name);
});

test('where the old browser filter disagreed with the server, the browser now answers as the server does', () => {
  // Word boundaries: "_" is part of a word for the server ("snow_cat" holds no "cat").
  assert.ok(passes({ ...card, title: 'A snow_cat at the summit' }, prefs({ avoid_terms: ['cat'] })));
  // Inner whitespace of a term matches any run of it.
  assert.not.ok(passes({ ...card, title: 'Otters  return home' }, prefs({ avoid_terms: ['otters return'] })));
  // An include list of unknown topics widens (is dropped) rather than emptying the brief.
  assert.ok(passes(card, prefs({ include_topics: ['no-such-topic'] })));
});

test('parsePrefs skips malformed pauses and non-string entries, keeps the spelling, and never throws', () => {
  const parsed = appPrefs.parsePrefs({
    avoid_terms: ['War', 3, null, ' War ', ''],
    mute_topics: 'science',
    pauses: [{ kind: 'topic', value: 'health', until: 'not a date' }, { kind: 'planet', value: 'x', until: '2030-01-01' }, { kind: 'term', value: 'Rain', until: '2030-01-01T00:00:00Z' }],
    max_cortisol: 99,
    max_ragebait: 1,
    lanes: ['mood:wonder', 4],
    unknown: true,
  });
  assert.equal(parsed.avoid_terms, ['War']);
  assert.equal(parsed.mute_topics, []);
  assert.equal(parsed.pauses, [{ kind: 'term', value: 'Rain', until: '2030-01-01T00:00:00.000Z' }]);
  assert.is(parsed.max_cortisol, 10, 'clamped to the scale, as the server reads it');
  assert.is(parsed.max_ragebait, 1);
  assert.equal(parsed.lanes, ['mood:wonder']);
  for (const bad of [null, 'x', 42, [], { pauses: 'no' }]) assert.equal(appPrefs.parsePrefs(bad), EMPTY_PREFS);
});

test('the prefs parameter carries only set fields, drops expired pauses, and is empty for no prefs', () => {
  assert.is(prefsParam(EMPTY_PREFS, now), '');
  const p = prefs({ avoid_terms: ['storm'], pauses: [{ kind: 'tag', value: 'space', until: '2026-11-19T00:00:00.000Z' }], max_cortisol: 2 });
  assert.equal(JSON.parse(prefsParam(p, now)), { avoid_terms: ['storm'], max_cortisol: 2 });
  assert.ok(hasBoundaries(p, now));
  assert.not.ok(hasBoundaries(prefs({ lanes: ['mood:wonder'] }), now));
});

test('a pause expires at its time: nextExpiry names it and withoutExpired removes it then', () => {
  const until = '2026-11-20T12:00:05.000Z';
  const p = prefs({ pauses: [{ kind: 'topic', value: 'nature', until }, { kind: 'tag', value: 'space', until: '2026-12-01T00:00:00.000Z' }] });
  assert.is(nextExpiry(p, now), Date.parse(until));
  assert.is(passes(card, p), false);
  const later = new Date(Date.parse(until) + 1);
  assert.is(withoutExpired(p, later).pauses.length, 1);
  assert.is(passes(card, p, later), true);
});

const WORDS = ['otters', 'Otter', 'river', 'café', 'cafés', 'snow_cat', 'cat', 'CAT', 'war', 'ſtorm', 'storm', 'rain-bow', '(up)', 'Kelvin', 'ﬁsh', 'new  moon', 'moon'];
const TAGS = ['space', 'wildlife', 'music', 'kindness'];
const SOURCES = ['s1', 's2', 's3'];

test('property: over random prefs and cards, the browser shows exactly what the server lets through', () => {
  for (let seed = 1; seed <= 300; seed += 1) {
    const r = mulberry32(seed);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
    const some = <T,>(xs: readonly T[], p = 0.3): T[] => xs.filter(() => r() < p);
    const text = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(pick([' ', ', ', '. ']));
    const ceiling = () => (r() < 0.5 ? null : Math.floor(r() * 11));
    const until = () => new Date(now.getTime() + (r() < 0.5 ? -1 : 1) * (1 + Math.floor(r() * 1e7))).toISOString();
    const kinds = ['topic', 'flavor', 'tag', 'term', 'source'] as const;
    const valueOf = (kind: (typeof kinds)[number]) =>
      kind === 'topic' ? pick(TOPICS).id : kind === 'flavor' ? pick(FLAVORS).id : kind === 'tag' ? pick(TAGS) : kind === 'source' ? pick(SOURCES) : pick(WORDS);
    const blob = {
      include_topics: some(TOPICS.map((t) => t.id), 0.1),
      mute_topics: some(TOPICS.map((t) => t.id), 0.1),
      include_flavors: some(FLAVORS.map((f) => f.id), 0.1),
      mute_flavors: some(FLAVORS.map((f) => f.id), 0.1),
      mute_tags: some(TAGS, 0.15),
      avoid_terms: some(WORDS, 0.08),
      pauses: Array.from({ length: Math.floor(r() * 3) }, () => {
        const kind = pick(kinds);
        return { kind, value: valueOf(kind), until: until() };
      }),
      max_cortisol: ceiling(),
      max_ragebait: ceiling(),
    };
    const docs: PoolDoc[] = Array.from({ length: 8 }, (_, i) => ({
      _id: `a${seed}x${i}`, source_id: pick(SOURCES), url: `https://example.org/${seed}/${i}`, title: text(4), image: null, paywalled: false,
      published_at: now, discovered_at: now, topic: pick(TOPICS).id, tags: some(TAGS, 0.4), flavor: pick(FLAVORS).id,
      cortisol: Math.floor(r() * 11), ragebait: Math.floor(r() * 11), why: text(3), summary: r() < 0.6 ? { summary: text(6) } : null,
    }));
    // The server: the article as the read model holds it, the blob as the API receives it.
    const pool = docs.map((d) => toPoolArticle(d, 'Source', () => 0));
    const deviceBlob = appPrefs.parsePrefs(blob);
    const boundaries = activeBoundaries(parsePrefs(prefsParam(deviceBlob, now)), now);
    const server = pool.filter((a) => withinBoundaries(a, boundaries)).map((a) => a.id);
    // The browser: the brief's cards as JSON, parsed by the app, filtered by what the app runs.
    const cards = appCards.parseCards(JSON.parse(JSON.stringify(pool.map(withSummary))));
    const browser = passingCards(cards, deviceBlob, now).map((c) => c.id);
    assert.equal(browser, server, `seed ${seed}`);
  }
});

test.run();
