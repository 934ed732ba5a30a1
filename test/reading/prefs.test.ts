import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withinBoundaries, type Filterable } from '../../core/domain/filter.ts';
import { activeBoundaries, EMPTY_PREFS, parsePrefs } from '../../core/domain/prefs.ts';

const now = new Date('2026-11-20T12:00:00Z');
const article = (over: Partial<Filterable> = {}): Filterable => ({
  id: 'a1', source_id: 's1', topic: 'science', flavor: 'wonder', tags: ['space'], cortisol: 1, ragebait: 0,
  text: 'Astronomers map a quiet galaxy\nA calm look at the sky\n', ...over,
});
const passes = (prefs: unknown, over: Partial<Filterable> = {}) => withinBoundaries(article(over), activeBoundaries(parsePrefs(prefs), now));

test('malformed blobs read as empty prefs and never throw', () => {
  const blobs: unknown[] = ['{', 'null', '[]', '"x"', '42', 'true', '', '\u0000', '{"include_topics":', 'x'.repeat(100_000), null, undefined, 7, [], 'NaN'];
  for (const blob of blobs) assert.equal(parsePrefs(blob), EMPTY_PREFS, String(blob).slice(0, 20));
});

test('wrong types and non-string list entries are skipped; unknown fields such as lanes are ignored', () => {
  const prefs = parsePrefs(JSON.stringify({
    mute_topics: ['health', 3, null, { a: 1 }, ['x'], '  ', ' sport '],
    include_flavors: 'wonder',
    avoid_terms: ['Rain', 5],
    max_cortisol: 'high',
    max_ragebait: 99,
    lanes: ['mood:today'],
    surprise: { deep: true },
  }));
  assert.equal(prefs.mute_topics, ['health', 'sport']);
  assert.equal(prefs.include_flavors, []);
  assert.equal(prefs.avoid_terms, ['rain']);
  assert.is(prefs.max_cortisol, null);
  assert.is(prefs.max_ragebait, 10, 'clamped to the 0-10 scale');
  assert.not.ok('lanes' in prefs);
});

test('malformed pauses are skipped, valid ones kept', () => {
  const prefs = parsePrefs({
    pauses: [
      { kind: 'topic', value: 'science', until: '2026-11-21T00:00:00Z' },
      { kind: 'topic', value: 'science', until: 'tomorrow' },
      { kind: 'mood', value: 'x', until: '2026-11-21T00:00:00Z' },
      { kind: 'tag', value: 7, until: '2026-11-21T00:00:00Z' },
      { kind: 'flavor', value: 'wonder' },
      'pause',
      null,
    ],
  });
  assert.is(prefs.pauses.length, 1);
  assert.is(prefs.pauses[0]?.value, 'science');
});

test('expired pauses do nothing; running ones mute', () => {
  const cases: Array<[string, Record<string, unknown>, Partial<Filterable>]> = [
    ['topic', { kind: 'topic', value: 'science' }, {}],
    ['flavor', { kind: 'flavor', value: 'wonder' }, {}],
    ['tag', { kind: 'tag', value: 'space' }, {}],
    ['term', { kind: 'term', value: 'GALAXY' }, {}],
    ['source', { kind: 'source', value: 's1' }, {}],
  ];
  for (const [name, pause, over] of cases) {
    assert.not.ok(passes({ pauses: [{ ...pause, until: '2026-11-20T13:00:00Z' }] }, over), `${name} pause running`);
    assert.ok(passes({ pauses: [{ ...pause, until: '2026-11-20T11:00:00Z' }] }, over), `${name} pause expired`);
  }
});

test('avoid-terms match case-insensitively on word boundaries in title and why / summary', () => {
  const cases: Array<[string[], string, boolean]> = [
    [['galaxy'], 'Astronomers map a quiet GALAXY', false],
    [['art'], 'A party at the harbour', true],
    [['art'], 'Street art returns', false],
    [['rain'], 'Training for the marathon', true],
    [['café'], 'The cafés of Lisbon', true],
    [['café'], 'A Café reopens', false],
    [['sea lion'], 'A sea   lion naps', false],
    [['c++'], 'Learning C++ at eighty', false],
    [['(x'], 'nothing special', true],
    [['quiet'], 'Title only\nwhy line is quiet\n', false],
    [['summary'], 'Title\nwhy\nthe cached summary text', false],
  ];
  for (const [terms, text, expected] of cases) assert.is(passes({ avoid_terms: terms }, { text }), expected, `${terms} in "${text}"`);
});

test('includes, mutes and ceilings filter as named', () => {
  const cases: Array<[Record<string, unknown>, boolean]> = [
    [{ include_topics: ['science'] }, true],
    [{ include_topics: ['health'] }, false],
    [{ include_topics: ['no-such-topic'] }, true],
    [{ mute_topics: ['science'] }, false],
    [{ include_flavors: ['light'] }, false],
    [{ mute_flavors: ['wonder'] }, false],
    [{ mute_tags: ['space'] }, false],
    [{ max_cortisol: 0 }, false],
    [{ max_cortisol: 1 }, true],
    [{ max_ragebait: 0 }, true],
  ];
  for (const [prefs, expected] of cases) assert.is(passes(prefs), expected, JSON.stringify(prefs));
});

test.run();
