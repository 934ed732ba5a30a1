/**
 * `sortShort` stands for `Array.prototype.sort` in the per-item work (a title's words, scored
 * topics, a fingerprint's word order): same order for random lists of every length around its
 * cut-over, with ties (stability); `sortStrings` orders strings by code units (the comparator-less sort).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { sortShort, sortStrings } from '../../core/domain/sort.ts';

test('sortShort orders like Array.prototype.sort, ties kept in input order', () => {
  const rand = mulberry32(12);
  for (let i = 0; i < 20_000; i += 1) {
    const length = Math.floor(rand() * 40);
    // Few distinct keys, so ties are common; the tag tells equal keys apart.
    const list = Array.from({ length }, (_, tag) => [Math.floor(rand() * 6) / 2, tag] as [number, number]);
    const byKey = (a: [number, number], b: [number, number]) => b[0] - a[0];
    assert.equal(sortShort([...list], byKey), [...list].sort(byKey));
  }
});

test('sortStrings orders strings like the comparator-less sort, in place', () => {
  const rand = mulberry32(13);
  const pieces = ['a', 'b', 'A', 'Z', '0', '9', 'é', 'É', 'ß', '中', '😀', '\ud800', '', 'ab', 'a b'];
  for (let i = 0; i < 20_000; i += 1) {
    const list = Array.from({ length: Math.floor(rand() * 40) }, () => pick(rand, pieces) + pick(rand, pieces));
    const copy = [...list];
    assert.is(sortStrings(copy), copy);
    assert.equal(copy, [...list].sort());
  }
});

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

test('sortShort sorts in place and returns the list', () => {
  const list = [3, 1, 2];
  assert.is(sortShort(list, (a, b) => a - b), list);
  assert.equal(list, [1, 2, 3]);
});

test.run();
