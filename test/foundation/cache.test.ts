/** The one cache module (core/platform/cache.ts): its bound, least-recently-used eviction, counts and admission on second sight; the word memo's bound and counts. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boundedCache, cacheStats, wordMemo } from '../../core/platform/cache.ts';

test('holds at most max entries and forgets the least recently used first', () => {
  const cache = boundedCache<string, number>('test.lru', 2);
  cache.set('a', 1);
  cache.set('b', 2);
  assert.is(cache.get('a'), 1); // a is now the most recent
  cache.set('c', 3);
  assert.is(cache.size, 2);
  assert.is(cache.peek('b'), undefined);
  assert.is(cache.get('a'), 1);
  assert.is(cache.get('c'), 3);
});

test('counts hits and misses, and getOrSet makes a value once', () => {
  const cache = boundedCache<string, string>('test.counts', 8);
  let made = 0;
  const make = () => `v${++made}`;
  assert.is(cache.getOrSet('k', make), 'v1');
  assert.is(cache.getOrSet('k', make), 'v1');
  assert.is(cache.get('missing'), undefined);
  assert.is(made, 1);
  assert.equal(cache.figures(), { size: 1, max: 8, hits: 1, misses: 2 });
});

test('cacheStats sums the caches of one name and lists them by name', () => {
  const one = boundedCache<string, number>('test.family', 4);
  const two = boundedCache<string, number>('test.family', 4);
  one.set('x', 1);
  two.set('y', 2);
  one.get('x');
  two.get('z');
  const stats = cacheStats();
  assert.equal(stats['test.family'], { size: 2, max: 8, hits: 1, misses: 1 });
  const names = Object.keys(stats);
  assert.equal(names, [...names].sort((a, b) => a.localeCompare(b)));
});

test('values lists what is remembered, most recent first, without counting or refreshing', () => {
  const cache = boundedCache<string, number>('test.values', 3);
  cache.set('a', 1);
  cache.set('b', 2);
  cache.set('c', 3);
  assert.equal([...cache.values()], [3, 2, 1]);
  cache.set('d', 4); // forgets a: values() did not refresh it
  assert.equal([...cache.values()], [4, 3, 2]);
  assert.equal(cache.figures(), { size: 3, max: 3, hits: 0, misses: 0 });
});

test('admitOnSecondSight: a key is kept from its second offer on, and getOrSet still answers the first', () => {
  const cache = boundedCache<string, string>('test.second-sight', 4, { admitOnSecondSight: true });
  let made = 0;
  const make = () => `v${++made}`;
  assert.is(cache.getOrSet('k', make), 'v1', 'the first request is answered');
  assert.is(cache.peek('k'), undefined, 'but not kept');
  assert.is(cache.getOrSet('k', make), 'v2', 'the second is made again');
  assert.is(cache.getOrSet('k', make), 'v2', 'and kept');
  assert.is(cache.set('s', 'one'), false, 'set says it did not keep it');
  assert.is(cache.peek('s'), undefined);
  assert.is(cache.set('s', 'two'), true, 'set says it kept it');
  assert.is(cache.peek('s'), 'two');
  assert.is(cache.set('s', 'three'), true);
  assert.is(cache.peek('s'), 'three', 'a kept key is updated');
  // A key evicted after it was kept comes back on its next offer (its mark is still there).
  for (let i = 0; i < 4; i += 1) for (let n = 0; n < 2; n += 1) cache.set(`twice-${i}`, 'y');
  assert.is(cache.peek('k'), undefined, 'evicted');
  assert.is(cache.getOrSet('k', make), 'v3');
  assert.is(cache.peek('k'), 'v3');
  // Many one-off keys: none is kept, the bound and the kept keys are untouched.
  for (let i = 0; i < 1000; i += 1) cache.set(`once-${i}`, 'x');
  assert.is(cache.size, 4);
  assert.is(cache.get('k'), 'v3');
});

test('admitOnSecondSight tells apart short keys by every character, long ones by every third, and both by length', () => {
  // The doorkeeper reads a key of up to 48 units whole and a longer one by every third unit (the
  // reading path's keys are 150-250 characters, and reading them was its cost): a key off at a unit
  // it reads, or one unit shorter or longer, never passes for a key offered before. A long key off
  // only at a unit it skips does (it is kept on its first offer: only what is kept changes).
  const cache = boundedCache<string, string>('test.second-sight-keys', 4096, { admitOnSecondSight: true });
  const short = '{"avoid_terms":["otters","café"],"max":7}';
  const long = `{"avoid_terms":["otters","café"],"mute_topics":["sport"],"max_cortisol":${'7'.repeat(150)}}`;
  assert.ok(short.length <= 48 && long.length > 48);
  assert.is(long.length % 2, 1, 'an odd length: the last unit read has no pair');
  const off = (key: string, i: number) => `${key.slice(0, i)}${key[i] === 'x' ? 'y' : 'x'}${key.slice(i + 1)}`;
  for (const key of [short, long]) {
    assert.is(cache.set(key, 'v'), false);
    for (let i = 0; i < key.length; i += key === short ? 1 : 3) assert.is(cache.set(off(key, i), 'v'), false, `one unit off at ${i} of ${key.length}`);
    assert.is(cache.set(key.slice(0, -1), 'v'), false, 'one unit shorter');
    assert.is(cache.set(`${key}\u0000`, 'v'), false, 'one unit longer');
  }
  assert.is(cache.size, 0);
  assert.is(cache.set(off(long, 1), 'v'), true, 'off only at a unit it skips: kept at once');
  assert.is(cache.set(long, 'v'), true, 'and the key itself, offered a second time');
});

test('a word memo holds at most max entries (emptied when full), counts its look-ups and shows in cacheStats', () => {
  const memo = wordMemo<string, number>('test.words', 2);
  memo.set('a', 1);
  memo.set('b', 2);
  assert.is(memo.get('a'), 1);
  assert.is(memo.get('b'), 2);
  // A third word empties the full memo: untrusted text brings any number of words, the memo never holds more than two.
  memo.set('c', 3);
  assert.is(memo.get('a'), undefined);
  assert.is(memo.get('c'), 3);
  assert.equal(memo.figures(), { size: 1, max: 2, hits: 3, misses: 1 });
  assert.equal(cacheStats()['test.words'], { size: 1, max: 2, hits: 3, misses: 1 });
  assert.throws(() => wordMemo('test.bad', 0), /positive integer/);
});

test('refuses a bound that is not a positive integer', () => {
  assert.throws(() => boundedCache('test.bad', 0), /positive integer/);
  assert.throws(() => boundedCache('test.bad', 1.5), /positive integer/);
});

test.run();
