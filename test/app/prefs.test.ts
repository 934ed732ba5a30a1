import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Card } from '../../app/lib/cards.ts';
import { EMPTY_PREFS, hasBoundaries, matchesTerm, nextExpiry, parsePrefs, passes, prefsParam, withoutExpired, type Prefs } from '../../app/lib/prefs.ts';

const now = new Date('2026-11-20T12:00:00Z');
const card: Card = {
  id: 'abc123', title: 'Otters return to the river', url: 'https://example.org/otters', image: null,
  why: 'Wildlife coming back.', source_id: 'river-news', source_name: 'River News', tags: ['wildlife', 'conservation'],
  topic: 'nature', flavor: 'wonder', paywalled: false, cortisol: 2, ragebait: 1, summary: 'A family of otters was seen.',
  line: 'A family of otters was seen.', also_reported_by: [], reading_minutes: null,
};
const prefs = (p: Partial<Prefs>): Prefs => ({ ...EMPTY_PREFS, ...p });

test('avoid-terms match on word boundaries, case-insensitively', () => {
  const cases: Array<[string, string, boolean]> = [
    ['Otters return', 'otters', true],
    ['Otters return', 'otter', false],
    ['A cat-friendly café', 'cat', true],
    ['Concatenate', 'cat', false],
    ['Price (up) 3%', '(up)', true],
    ['anything', '   ', false],
  ];
  for (const [text, term, expected] of cases) assert.is(matchesTerm(text, term), expected, `${term} in ${text}`);
});

test('a card passes or is hidden by each boundary', () => {
  const future = '2026-11-21T00:00:00Z';
  const past = '2026-11-19T00:00:00Z';
  const cases: Array<[string, Partial<Prefs>, boolean]> = [
    ['no prefs', {}, true],
    ['avoid-term in title', { avoid_terms: ['OTTERS'] }, false],
    ['avoid-term in summary', { avoid_terms: ['family'] }, false],
    ['muted topic', { mute_topics: ['nature'] }, false],
    ['muted flavor', { mute_flavors: ['wonder'] }, false],
    ['muted tag', { mute_tags: ['conservation'] }, false],
    ['active topic pause', { pauses: [{ kind: 'topic', value: 'nature', until: future }] }, false],
    ['expired topic pause does nothing', { pauses: [{ kind: 'topic', value: 'nature', until: past }] }, true],
    ['source pause', { pauses: [{ kind: 'source', value: 'river-news', until: future }] }, false],
    ['term pause', { pauses: [{ kind: 'term', value: 'river', until: future }] }, false],
    ['cortisol ceiling below', { max_cortisol: 1 }, false],
    ['cortisol ceiling at', { max_cortisol: 2 }, true],
    ['ragebait ceiling', { max_ragebait: 0 }, false],
    ['include other topics only', { include_topics: ['science'] }, false],
  ];
  for (const [name, p, expected] of cases) assert.is(passes(card, prefs(p), now), expected, name);
});

test('parsePrefs skips malformed pauses and non-string entries and never throws', () => {
  const parsed = parsePrefs({
    avoid_terms: ['war', 3, null, ' war ', ''],
    mute_topics: 'science',
    pauses: [{ kind: 'topic', value: 'health', until: 'not a date' }, { kind: 'planet', value: 'x', until: '2030-01-01' }, { kind: 'tag', value: 'space', until: '2030-01-01T00:00:00Z' }],
    max_cortisol: 99,
    max_ragebait: 1,
    unknown: true,
  });
  assert.equal(parsed.avoid_terms, ['war']);
  assert.equal(parsed.mute_topics, []);
  assert.equal(parsed.pauses, [{ kind: 'tag', value: 'space', until: '2030-01-01T00:00:00.000Z' }]);
  assert.is(parsed.max_cortisol, null);
  assert.is(parsed.max_ragebait, 1);
  for (const bad of [null, 'x', 42, [], { pauses: 'no' }]) assert.equal(parsePrefs(bad).avoid_terms, []);
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
  assert.is(passes(card, p, now), false);
  const later = new Date(Date.parse(until) + 1);
  assert.is(withoutExpired(p, later).pauses.length, 1);
  assert.is(passes(card, p, later), true);
});

test.run();
