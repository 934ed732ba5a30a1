/**
 * The tolerant field readers (core/domain/guards.ts) that every reader of untrusted JSON uses, in
 * the server (stored documents, the snapshot and seed files) and the browser (API answers, device
 * storage): a value of the wrong kind gives the default, never a throw, and nothing of another kind
 * gets through. `scoreOf` (core/domain/article.ts): an unscored article is never taken for calm.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scoreOf } from '../../core/domain/article.ts';
import { countsOf, isOneOf, isRecord, numberOf, numberOrNull, recordsOf, stringsOf, textOf, textOrNull } from '../../core/domain/guards.ts';

const HOSTILE: unknown[] = [undefined, null, true, 0, NaN, Infinity, -Infinity, '', 'text', [], ['a'], {}, { a: 1 }, () => 1, Symbol('s'), 10n];

test('text and numbers: the value when it is of the kind, else the default', () => {
  for (const v of HOSTILE) {
    assert.is(textOf(v), typeof v === 'string' ? v : '');
    assert.is(textOf(v, 'fallback'), typeof v === 'string' ? v : 'fallback');
    assert.is(textOrNull(v), typeof v === 'string' ? v : null);
    const finite = typeof v === 'number' && Number.isFinite(v);
    assert.is(numberOf(v), finite ? v : 0);
    assert.is(numberOf(v, 10), finite ? v : 10);
    assert.is(numberOrNull(v), finite ? v : null);
  }
  assert.is(numberOf(-3.5), -3.5);
  assert.is(textOf(' kept as sent '), ' kept as sent ');
});

test('lists and tables keep only entries of their kind', () => {
  assert.equal(recordsOf([{ a: 1 }, null, [1], 'x', { b: 2 }]), [{ a: 1 }, { b: 2 }]);
  assert.equal(stringsOf(['a', 1, null, 'b', ['c']]), ['a', 'b']);
  assert.equal(countsOf({ science: 3, culture: '2', nature: NaN, space: Infinity, art: 0 }), { science: 3, art: 0 });
  for (const v of [null, 'x', 3, ['a']]) {
    assert.equal(recordsOf(v), []);
    assert.equal(countsOf(v), {});
  }
  assert.equal(stringsOf({ 0: 'a', length: 1 }), [], 'an array-like object is not an array');
  const table = countsOf(JSON.parse('{"__proto__": 5, "ok": 1}'));
  assert.is(Object.getPrototypeOf(table), Object.prototype, 'a "__proto__" key does not change the table\'s prototype');
  assert.is(table.ok, 1);
  assert.ok(isRecord({}) && !isRecord([]) && !isRecord(null));
});

test('a value is one of a fixed list only when it equals one of its entries, kind included', () => {
  const windows = [7, 30, 90] as const;
  assert.equal([isOneOf(windows, 30), isOneOf(windows, '30'), isOneOf(windows, 14), isOneOf(['a', 'b'], 'b'), isOneOf(['a', 'b'], 'B'), isOneOf(['a'], undefined)], [true, false, false, true, false, false]);
});

test('a missing, non-numeric or infinite score reads as 10: never calm', () => {
  assert.equal([scoreOf(undefined), scoreOf(null), scoreOf('2'), scoreOf(NaN), scoreOf(Infinity), scoreOf(0), scoreOf(3.5)], [10, 10, 10, 10, 10, 0, 3.5]);
});

test.run();
