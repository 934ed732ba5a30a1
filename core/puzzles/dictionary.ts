/**
 * The bundled guess dictionaries (SPEC.md: about 12,600 five-letter and 22,400 six-letter words),
 * read once from the `word-list` package (MIT, Sindre Sorhus: the Letterpress list with offensive
 * words removed) and kept in memory. The client checks guesses against them, never a model. Every
 * curated answer is added too, so an answer can always be guessed (the tests prove none is missing).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import { FIVE_LETTER_ANSWERS } from './answers-5.ts';
import { SIX_LETTER_ANSWERS } from './answers-6.ts';
import type { AnswerEntry } from '../domain/puzzle.ts';

/** Word lengths that have a dictionary. */
export type DictionaryLength = 5 | 6;

/** True when `value` is a dictionary length. */
export function isDictionaryLength(value: unknown): value is DictionaryLength {
  return value === 5 || value === 6;
}

/** The curated answers of each length. */
export const ANSWERS: Readonly<Record<DictionaryLength, readonly AnswerEntry[]>> = {
  5: FIVE_LETTER_ANSWERS,
  6: SIX_LETTER_ANSWERS,
};

/** A served dictionary: its sorted words, the JSON body and a strong ETag of that body. */
export interface Dictionary {
  length: DictionaryLength;
  words: readonly string[];
  set: ReadonlySet<string>;
  body: string;
  etag: string;
}

let allWords: string[] | null = null;
const cache = new Map<DictionaryLength, Dictionary>();

/** The dictionary of one length (built on first use, then cached for the process). */
export function dictionary(length: DictionaryLength): Dictionary {
  const cached = cache.get(length);
  if (cached) return cached;
  allWords ??= readFileSync(wordListPath, 'utf8').split('\n');
  const pattern = new RegExp(`^[a-z]{${length}}$`);
  const set = new Set(allWords.filter((word) => pattern.test(word)));
  for (const [word] of ANSWERS[length]) set.add(word);
  const words = [...set].sort();
  const body = JSON.stringify({ length, count: words.length, words });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const built: Dictionary = { length, words, set, body, etag };
  cache.set(length, built);
  if (cache.size === 2) allWords = null; // both built: the 2.7 MB source is no longer needed
  return built;
}
