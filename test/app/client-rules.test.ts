import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBrief, parseCards, parseReplacement } from '../../app/lib/cards.ts';
import { eventBody, newVisitorToken, shouldSendVisit } from '../../app/lib/events.ts';
import { utcDay } from '../../core/domain/days.ts';
import { emptyFeedText, isKnownFeed, parseLanePool, selectedLanes } from '../../app/lib/lanes.ts';
import { activeOverride, addReplaced, parseOverride, todaysExclusions } from '../../app/lib/override.ts';
import { feedParams, parseRoute, routeSearch } from '../../app/lib/route.ts';

const raw = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Story ${id}`, url: `https://example.org/${id}`, source_id: 's1', tags: ['space'], ...extra });

test('cards from untrusted JSON: malformed entries, unsafe links and repeats are dropped', () => {
  const cards = parseCards([raw('a1'), raw('a1'), raw('bad id'), raw('b2', { url: 'javascript:alert(1)' }), raw('c3', { image: 'data:x', tags: ['x', 1] }), null, 'x']);
  assert.equal(cards.map((c) => c.id), ['a1', 'c3']);
  assert.is(cards[1]?.image, null);
  assert.equal(cards[1]?.tags, ['x']);
});

test('a brief needs a valid generated_at; a replacement may be a card, {item}, or empty', () => {
  assert.is(parseBrief({ items: [raw('a1')] }), null);
  assert.is(parseBrief({ items: [raw('a1')], generated_at: '2026-11-20T10:00:00Z' })?.items.length, 1);
  assert.is(parseReplacement(raw('a1'))?.id, 'a1');
  assert.is(parseReplacement({ item: raw('a2') })?.id, 'a2');
  for (const empty of [{ item: null }, {}, null, [], { items: [] }]) assert.is(parseReplacement(empty), null);
});

test('the soft override applies while generated_at is unchanged and yields when it advances', () => {
  const g1 = '2026-11-20T10:00:00.000Z';
  const g2 = '2026-11-20T10:15:00.000Z';
  let o = addReplaced(null, g1, 'a1');
  o = addReplaced(o, g1, 'b2');
  o = addReplaced(o, g1, 'b2');
  assert.equal(o, { generated_at: g1, exclude: ['a1', 'b2'] });
  assert.equal(activeOverride(o, '2026-11-20T10:00:00Z'), o);
  assert.is(activeOverride(o, g2), null);
  assert.equal(addReplaced(o, g2, 'c3'), { generated_at: g2, exclude: ['c3'] });
  assert.is(parseOverride({ generated_at: g1, exclude: ['bad id'] }), null);
  assert.equal(parseOverride(JSON.parse(JSON.stringify(o))), o);
});

test('"Not today" choices last only for their day', () => {
  assert.equal(todaysExclusions({ day: '2026-11-20', ids: ['a1', '<x>'] }, '2026-11-20'), ['a1']);
  assert.equal(todaysExclusions({ day: '2026-11-19', ids: ['a1'] }, '2026-11-20'), []);
});

test('visit is sent at most once per UTC day', () => {
  const now = new Date('2026-11-20T23:59:00Z');
  assert.ok(shouldSendVisit(null, now));
  assert.not.ok(shouldSendVisit(utcDay(now), now));
  assert.ok(shouldSendVisit(utcDay(now), new Date('2026-11-21T00:00:30Z')));
});

test('event bodies carry kind, optional article_id and the visitor token only', () => {
  assert.equal(JSON.parse(eventBody('open', 'a1', 'v'.repeat(32))), { kind: 'open', article_id: 'a1', visitor: 'v'.repeat(32) });
  assert.equal(JSON.parse(eventBody('visit', null, 't')), { kind: 'visit', visitor: 't' });
  const token = newVisitorToken((b) => b.fill(255));
  assert.is(token, 'f'.repeat(32));
});

test('routes: intent parameters and their feeds', () => {
  const cases: Array<[string, string, Record<string, string> | null]> = [
    ['', 'brief', null],
    ['?source=river-news', 'feed', { source_id: 'river-news' }],
    ['?source=<bad>', 'brief', null],
    ['?open=abc123', 'open', null],
    ['?view=filters', 'filters', null],
    ['?view=games', 'lazy', null],
    ['?view=signin', 'lazy', null],
    ['?view=nope', 'brief', null],
    ['?mood=wonder', 'feed', { mood: 'wonder' }],
    ['?tag=space', 'feed', { tag: 'space' }],
    ['?topic=science', 'feed', { topic: 'science' }],
    ['?lane=latest', 'feed', { sort: 'latest' }],
    ['?lane=following', 'feed', { following: 'true' }],
  ];
  for (const [search, view, params] of cases) {
    const route = parseRoute(search);
    assert.is(route.view, view, search);
    if (route.view === 'feed') {
      assert.equal(feedParams(route.feed), params);
      assert.equal(parseRoute(routeSearch(route)), route);
    }
  }
});

test('lanes: Highlights and Latest pinned, moods by default, the reader selection otherwise', () => {
  const pool = parseLanePool({ pool: [{ id: 'mood:wonder', name: 'Wonder' }, { kind: 'topic', id: 'science', name: 'Science' }, { kind: 'tag', value: 'space', name: 'Space' }, { kind: 'pinned', id: 'latest' }, 'x'] });
  assert.equal(pool.map((l) => l.key), ['mood:wonder', 'topic:science', 'tag:space']);
  assert.equal(selectedLanes(pool, null).map((l) => l.key), ['highlights', 'latest', 'mood:wonder']);
  assert.equal(selectedLanes(pool, ['tag:space', 'gone']).map((l) => l.key), ['highlights', 'latest', 'tag:space']);
  assert.equal(selectedLanes(pool, null, true).map((l) => l.key), ['highlights', 'latest', 'following', 'mood:wonder'], 'Following beside Latest for a reader who follows');
});

test('an empty feed says why: the Calm Filters only when they filter, no such mood, topic or tag when the taxonomy has none', () => {
  assert.ok(isKnownFeed({ kind: 'mood', value: 'wonder' }) && isKnownFeed({ kind: 'topic', value: 'science' }) && isKnownFeed({ kind: 'tag', value: 'space' }));
  assert.ok(isKnownFeed({ kind: 'source', value: 'any-source' }) && isKnownFeed({ kind: 'latest', value: '' }));
  for (const kind of ['mood', 'topic', 'tag'] as const) {
    assert.not.ok(isKnownFeed({ kind, value: 'nope' }));
    // Whatever the filters: the feed does not exist, the filters did not hide it.
    for (const filtering of [false, true]) assert.is(emptyFeedText({ kind, value: 'nope' }, filtering), `Tidings has no ${kind} called “nope”. The lanes above lead to the ones it has.`);
  }
  assert.is(emptyFeedText({ kind: 'tag', value: 'space' }, true), 'Nothing here fits your Calm Filters right now.');
  assert.is(emptyFeedText({ kind: 'tag', value: 'space' }, false), 'No stories with this tag right now. New ones arrive through the day.');
  assert.is(emptyFeedText({ kind: 'source', value: 'harbour-light' }, false), 'No stories from this source right now.');
  assert.is(emptyFeedText({ kind: 'latest', value: '' }, false), 'No stories yet. New ones arrive through the day.');
  assert.not.match(emptyFeedText({ kind: 'mood', value: 'wonder' }, false), /Calm Filters/);
});

test.run();
