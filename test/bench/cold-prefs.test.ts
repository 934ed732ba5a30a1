/**
 * The bench's cold runs (issue 19): every request carries prefs no other request of the bench sent,
 * so the remembered-answer cache, the parsed-query cache and the parsed-prefs cache serve none of
 * them. Request n carries coldPrefs(n), and the runs share one counter (scripts/bench/load.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseReadingQuery } from '../../core/readmodel/params.ts';
import { BRIEF_COLD_PATH, FEED_COLD_PATH } from '../../scripts/bench/api.ts';
import { COLD_PREFS_COUNT, COLD_RUN_MAX, coldCombination, coldPrefs, coldPrefsParam } from '../../scripts/bench/cold-prefs.ts';

const now = new Date('2026-11-20T12:00:00Z');

test('the permutation is one-to-one over every index a bench may draw', () => {
  assert.ok(COLD_RUN_MAX < COLD_PREFS_COUNT);
  const seen = new Uint8Array(Math.ceil(COLD_PREFS_COUNT / 8));
  for (let n = 0; n < COLD_RUN_MAX; n += 1) {
    const c = coldCombination(n);
    assert.ok(c >= 0 && c < COLD_PREFS_COUNT);
    const bit = 1 << (c & 7);
    if ((seen[c >> 3]! & bit) !== 0) assert.unreachable(`combination ${c} drawn twice (n = ${n})`);
    seen[c >> 3]! |= bit;
  }
});

test('distinct combinations are distinct prefs: the same lists never come out of two indexes (sampled across the range)', () => {
  const canonical = new Set<string>();
  const sample = 60_000;
  for (let i = 0; i < sample; i += 1) {
    const n = Math.floor((i * COLD_RUN_MAX) / sample);
    const p = coldPrefs(n);
    canonical.add(JSON.stringify(Object.keys(p).sort().map((k) => [k, Array.isArray(p[k]) ? [...(p[k] as string[])].sort() : p[k]])));
  }
  assert.is(canonical.size, sample);
});

test('deterministic, and varied: avoid-terms, mutes and ceilings all change', () => {
  assert.equal(coldPrefs(12345), coldPrefs(12345));
  const first = Array.from({ length: 200 }, (_, n) => coldPrefs(n));
  for (const key of ['avoid_terms', 'mute_topics', 'mute_tags', 'mute_flavors', 'max_cortisol', 'max_ragebait']) {
    const values = new Set(first.map((p) => JSON.stringify(p[key] ?? null)));
    assert.ok(values.size > 3, `${key}: ${values.size} values`);
  }
});

test('every request of a cold run has its own answer key, on both routes (the real parser, the first 40,000 of the run)', () => {
  const keys = new Set<string>();
  const count = 40_000;
  for (let n = 0; n < count; n += 1) {
    for (const path of [BRIEF_COLD_PATH, FEED_COLD_PATH]) {
      const q = parseReadingQuery(new URL(`http://bench${path}${coldPrefsParam(n)}`).searchParams, now);
      assert.ok(q.answerKey !== null, 'pause-free prefs: remembered, so a repeat would be served from memory');
      keys.add(`${path}|${q.answerKey}`);
      if (n % 5000 === 0) assert.ok(q.boundaries.avoid !== null, 'the prefs are read, not ignored');
    }
  }
  assert.is(keys.size, 2 * count);
});

test.run();
