/**
 * `planDuplicates` answers from an index (prefix filtering over words ordered rarest first, bit
 * bounds from the common words); these tests compare it with the straightforward rule it replaces
 * (for each item in order, the first canonical of another source telling the same story by
 * `sameStory`) on random batches built to collide often: a small vocabulary, fingerprints of 0 to
 * 37 words around the rule's thresholds, few sources, tied dates, repeated fingerprints, and better
 * copies arriving later.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isBetterCopy, planDuplicates, type DedupeEntry, type DuplicatePlan } from '../../core/domain/dedupe.ts';
import { sameStory } from '../../core/domain/fingerprint.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';

/** The plain path: a scan of every canonical for each item, as the rule is written. */
function plainPlan(existing: DedupeEntry[], incoming: DedupeEntry[]): DuplicatePlan {
  const plan: DuplicatePlan = { duplicateOf: new Map(), replaced: new Map() };
  const canonicals: Array<DedupeEntry & { stored: boolean }> = existing.map((e) => ({ ...e, stored: true }));
  const ordered = [...incoming].sort((a, b) => a.published_at.getTime() - b.published_at.getTime() || (a.id < b.id ? -1 : 1));
  for (const item of ordered) {
    const index = canonicals.findIndex((c) => c.source_id !== item.source_id && sameStory(c.fingerprint, item.fingerprint));
    if (index < 0) {
      canonicals.push({ ...item, stored: false });
      continue;
    }
    const current = canonicals[index]!;
    if (!isBetterCopy(item, current)) {
      plan.duplicateOf.set(item.id, current.id);
      continue;
    }
    canonicals[index] = { ...item, stored: false };
    if (current.stored) plan.replaced.set(current.id, item.id);
    else plan.duplicateOf.set(current.id, item.id);
    for (const [dup, canonical] of plan.duplicateOf) if (canonical === current.id) plan.duplicateOf.set(dup, item.id);
    for (const [old, canonical] of plan.replaced) if (canonical === current.id) plan.replaced.set(old, item.id);
  }
  return plan;
}

/** A random batch: `stored` window entries and `fresh` incoming ones over `vocabulary` words. */
function batch(seed: number, stored: number, fresh: number, vocabulary: number): { existing: DedupeEntry[]; incoming: DedupeEntry[] } {
  const rand = mulberry32(seed);
  const int = (n: number) => Math.floor(rand() * n);
  // A skewed vocabulary (some words far more common than others), as in real titles.
  const word = () => `w${Math.floor(vocabulary * rand() * rand())}`;
  const prints: string[] = [];
  const print = (): string => {
    if (prints.length > 0 && rand() < 0.15) {
      // A retelling: an earlier fingerprint with a word or two swapped, dropped or added.
      const words = prints[int(prints.length)]!.split(' ').filter(Boolean);
      const edits = int(3);
      for (let e = 0; e < edits; e += 1) {
        const roll = rand();
        if (roll < 0.4 && words.length > 0) words.splice(int(words.length), 1, word());
        else if (roll < 0.7 && words.length > 0) words.splice(int(words.length), 1);
        else words.push(word());
      }
      return words.join(' ');
    }
    // Mostly titles' sizes, and some very long ones.
    const size = rand() < 0.1 ? int(3) : rand() < 0.08 ? 14 + int(24) : 3 + int(12);
    const words = Array.from({ length: size }, word);
    // Stored fingerprints are single-spaced, but the rule splits tolerantly: a repeated word or a stray space must not change the answer.
    return rand() < 0.05 ? `${words.join('  ')} ${words[0] ?? ''}` : words.join(' ');
  };
  const entry = (id: string): DedupeEntry => {
    const fp = print();
    prints.push(fp);
    return {
      id,
      source_id: `s${int(6)}`,
      fingerprint: fp,
      paywalled: rand() < 0.3,
      has_image: rand() < 0.6,
      published_at: new Date(Date.UTC(2026, 10, 1) + int(40) * 3_600_000),
    };
  };
  const existing = Array.from({ length: stored }, (_, i) => entry(`e${i}`));
  const incoming = Array.from({ length: fresh }, (_, i) => entry(`n${String(int(1e6)).padStart(6, '0')}-${i}`));
  return { existing, incoming };
}

const asLists = (plan: DuplicatePlan) => ({ duplicateOf: [...plan.duplicateOf], replaced: [...plan.replaced] });

test('planDuplicates gives the plain scan\'s plan (same entries in the same order) on 300 random batches', () => {
  let duplicates = 0;
  let replaced = 0;
  for (let seed = 1; seed <= 300; seed += 1) {
    const { existing, incoming } = batch(seed, seed % 7 === 0 ? 0 : 20 + (seed % 60), 40 + (seed % 120), 8 + (seed % 40));
    const expected = asLists(plainPlan(existing, incoming));
    assert.equal(asLists(planDuplicates(existing, incoming)), expected, `seed ${seed}`);
    duplicates += expected.duplicateOf.length;
    replaced += expected.replaced.length;
  }
  // The batches must exercise both outcomes, or the comparison proves little.
  assert.ok(duplicates > 2000 && replaced > 100, `${duplicates} duplicates, ${replaced} replaced`);
});

test('planDuplicates matches the plain scan with a large vocabulary and long fingerprints', () => {
  for (let seed = 1000; seed < 1040; seed += 1) {
    const { existing, incoming } = batch(seed, 100, 200, 400);
    assert.equal(asLists(planDuplicates(existing, incoming)), asLists(plainPlan(existing, incoming)), `seed ${seed}`);
  }
});

test('planDuplicates handles empty batches and empty fingerprints', () => {
  assert.equal(asLists(planDuplicates([], [])), { duplicateOf: [], replaced: [] });
  const at = new Date(Date.UTC(2026, 0, 1));
  const e = (id: string, source: string, fingerprint: string): DedupeEntry => ({ id, source_id: source, fingerprint, paywalled: false, has_image: false, published_at: at });
  const existing = [e('a', 's1', ''), e('b', 's1', 'solo'), e('c', 's1', 'one two')];
  const incoming = [e('d', 's2', ''), e('f', 's2', 'solo'), e('g', 's2', 'one two'), e('h', 's3', 'two one three')];
  assert.equal(asLists(planDuplicates(existing, incoming)), asLists(plainPlan(existing, incoming)));
  assert.equal(asLists(planDuplicates(existing, incoming)).duplicateOf, [['f', 'b'], ['g', 'c']]);
});

test.run();
