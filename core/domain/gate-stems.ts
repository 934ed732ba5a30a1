/**
 * The calm gate's stems (core/domain/gate-features.ts reads every word through them): a token's
 * Porter stem, its unigram feature name and whether it is a stop word, remembered per token.
 */
import { boundedCache } from '../platform/cache.ts';
import { stemmer } from 'stemmer';
import { STOP } from './gate-cue-words.ts';

/** Entries of the stem cache, and of each lexicon's token table (core/domain/gate-features.ts). */
export const STEM_CACHE_MAX = 50_000;

/**
 * Token → its stem and unigram feature name (one name string per stem: the weight lookup reuses its hash). Bounded (tokens
 * come from untrusted feeds) as a `boundedCache`, like gate-features.ts's token table: gateView over the gate corpus cost 76.2 / 82.3
 * µs CPU an item against the former clear-when-full Maps' 71.4 / 83.6 (interleaved, two runs, load 11-17): within the noise.
 */
const stemCache = boundedCache<string, StemEntry>('gate.stems', STEM_CACHE_MAX);

export interface StemEntry {
  stem: string;
  name: string;
  /** A STOP word: no unigram, no pair with another stop word. */
  stop: boolean;
}

export function stemEntry(token: string): StemEntry {
  let entry = stemCache.get(token);
  if (entry === undefined) {
    const stem = token.length <= 3 || token.length > 30 ? token : stemmer(token);
    entry = { stem, name: `w:${stem}`, stop: STOP.has(token) };
    stemCache.set(token, entry);
  }
  return entry;
}

/** A word that carries no cue on its own (see STOP). */
export function isStopWord(token: string): boolean {
  return STOP.has(token);
}

/** The Porter stem of a lower-cased token. */
export function stemOf(token: string): string {
  return stemEntry(token).stem;
}
