/**
 * The calm gate's features: what the trained model (core/domain/gate-model.ts) reads in a headline
 * and its teaser. The trainer (scripts/gate/train.ts) and inference share this one function, so
 * a feature means the same thing in both.
 *
 * - sparse: every Porter stem (`w:shell`) and adjacent stem pair (`b:death_toll`), 1 in the
 *   title, 0.5 when only the teaser holds it (publishers' teasers are wordier than headlines);
 * - dense: counts from the lexical resources (harm words expanded from WordNet, valence from
 *   AFINN-165 and VADER), clickbait cues (second person, questions, superlatives, listicle numbers,
 *   withheld information, shouting, scare quotes) and commercial cues (prices, discounts,
 *   sponsorship and affiliate phrasing);
 * - meaning: the weighted mean of the word vectors of the text's words (title 1, teaser 0.5, no
 *   stop words), so a word the corpus never shows ("ransomware") still counts by what it is near.
 *   Training reads GloVe vectors (100 numbers a word); the shipped model's "vectors" are what each
 *   word's GloVe vector adds to each class score (K numbers a word), so the same mean is already
 *   the meaning part of the class scores.
 */
import { wordMemo, type WordMemo } from '../platform/cache.ts';
import { STEM_CACHE_MAX, stemEntry, type StemEntry } from './gate-stems.ts';
import { scanWords } from './word-scan.ts';
import {
  AFFILIATE, AFFILIATE_WORDS, ASCII_DIGIT, DEATH_AGE, DISCOUNT, FALLS, FIRST_PLURAL, MAY_SHOUT, MENDED, NOT_PLAIN, PERCENT, PRICE, QUOTED, SECOND_PERSON, SHOUTED, SPONSOR, SPONSOR_WORDS, SUPERLATIVE, WE_CONTRACTED, WITHHELD_START,
  WITHHELD_WORDS,
} from './gate-cue-words.ts';

/** The derived word lists a model ships with (built at training time from the published lexicons). */
export interface GateLexicon {
  /** Stems of harm words (WordNet hyponyms of violence, attack, disaster, death, illness, crime, conflict). */
  harm: ReadonlySet<string>;
  /** Stem → valence in [-1, 1] (AFINN-165 and VADER, averaged). */
  valence: ReadonlyMap<string, number>;
  /** Word → its vector (all of one length), for the meaning features; empty for none. */
  vectors: ReadonlyMap<string, Float64Array>;
}

/** The dense features, in weight-file order. */
export const DENSE = [
  'harm_title', 'harm_teaser', 'neg_title', 'neg_teaser', 'pos_title', 'pos_teaser',
  'second_person', 'question', 'exclaim', 'superlative', 'listicle', 'withheld', 'shout', 'scare_quotes',
  'price', 'discount', 'sponsor', 'affiliate', 'harm_falls', 'harm_mended', 'first_plural', 'death_age',
] as const;
export type DenseName = (typeof DENSE)[number];

/**
 * Where the sparse features of a text go: `unigram(stem, name)` for a stem (its name `w:<stem>`),
 * `bigram(a, b)` for an adjacent pair (`b:<a>_<b>`), each with its value (1 title, 0.5 teaser).
 * Training collects names; inference looks weights up without building a name per pair.
 */
export interface SparseSink {
  unigram(token: TokenInfo, value: number): void;
  bigram(a: TokenInfo, b: TokenInfo, value: number): void;
}

/** What a text gives besides its sparse features. */
export interface DenseFeatures {
  dense: Float64Array;
  /** Per dense feature, the surface words that raised it (for reasons a reader can understand); unset when none did. */
  denseCues: Array<string[] | undefined>;
  /** The stems read, in order, beside `words` (the surface word of each): for naming cues. */
  stems: string[];
  words: string[];
  /** The weighted mean vector of the words the lexicon has vectors for; null when it has none of them. */
  meaning: Float64Array | null;
  /** The weight behind `meaning` so far (reading adds to it; readText divides at the end). */
  meaningWeight: number;
}

/** The first surface word of a stem in a text, or undefined. */
export function surfaceOf(f: Pick<DenseFeatures, 'stems' | 'words'>, stem: string): string | undefined {
  const i = f.stems.indexOf(stem);
  return i < 0 ? undefined : f.words[i];
}

/** A text's features: sparse names with values, dense values by `DENSE` index, and the words behind each. */
export interface GateFeatures extends DenseFeatures {
  sparse: Map<string, number>;
}

/** The words of a text: lower-cased runs of letters and digits, apostrophes inside a word dropped ("won't" → "wont"), numbers as `#`. */
export function wordsOf(text: string, limit = Infinity): string[] {
  return scanWords(text.toLowerCase(), limit).words;
}

/** The first `limit` words of a text added to `words`, and where the last of them ends in it (its length when lower-casing moved the offsets). */
function wordsAndEnd(text: string, limit: number, words: string[]): number {
  const lower = text.toLowerCase();
  const { end } = scanWords(lower, limit, words);
  return lower.length === text.length ? end : text.length;
}

/** `DENSE` index by name. */
const D = Object.fromEntries(DENSE.map((name, i) => [name, i])) as Record<DenseName, number>;

function bump(dense: Float64Array, cues: Array<string[] | undefined>, name: DenseName, by: number, cue: string | null, cap = 3): void {
  const i = D[name];
  dense[i] = Math.min(cap, dense[i]! + by);
  if (cue === null) return;
  const list = (cues[i] ??= []);
  if (list.length < 4 && !list.includes(cue)) list.push(cue);
}

/** What a token is to the features, looked up once per token and lexicon (bits of `cues`: see CUE_*). */
export interface TokenInfo extends StemEntry {
  harm: boolean;
  /** Valence in −1…1, 0 when the lexicons do not know the stem. */
  valence: number;
  /** The word's vector (never for a stop word), or undefined. */
  vector: Float64Array | undefined;
  cues: number;
  /** A sink's own memo for this token (the model keeps the token's weights here: one lookup per token, not per occurrence). */
  memo: unknown;
}
const CUE_SECOND_PERSON = 1;
const CUE_DISCOUNT = 2;
const CUE_SUPERLATIVE = 4;
const CUE_WITHHELD = 8;
const CUE_SPONSOR = 16;
const CUE_AFFILIATE = 32;

/** Token → TokenInfo per lexicon: a word memo (core/platform/cache.ts), asked once for every word of every item; bounded (tokens come from untrusted feeds). */
const tokenInfos = new WeakMap<GateLexicon, WordMemo<string, TokenInfo>>();

function tokenCache(lexicon: GateLexicon): WordMemo<string, TokenInfo> {
  let cache = tokenInfos.get(lexicon);
  if (!cache) tokenInfos.set(lexicon, (cache = wordMemo('gate.tokens', STEM_CACHE_MAX)));
  return cache;
}

function tokenInfo(word: string, lexicon: GateLexicon, cache: WordMemo<string, TokenInfo>): TokenInfo {
  let info = cache.get(word);
  if (info === undefined) {
    const entry = stemEntry(word);
    info = {
      ...entry,
      harm: lexicon.harm.has(entry.stem),
      valence: lexicon.valence.get(entry.stem) ?? 0,
      vector: entry.stop ? undefined : lexicon.vectors.get(word),
      cues:
        (SECOND_PERSON.has(word) ? CUE_SECOND_PERSON : 0) |
        (DISCOUNT.has(word) ? CUE_DISCOUNT : 0) |
        (SUPERLATIVE.has(word) || (word.length > 5 && word.endsWith('iest')) ? CUE_SUPERLATIVE : 0) |
        (WITHHELD_WORDS.has(word) ? CUE_WITHHELD : 0) |
        (SPONSOR_WORDS.has(word) ? CUE_SPONSOR : 0) |
        (AFFILIATE_WORDS.has(word) ? CUE_AFFILIATE : 0),
      memo: undefined,
    };
    cache.set(word, info);
  }
  return info;
}

/** Words `from`…`to` of `into.words` into the features, at `weight` (1 title, 0.5 teaser); returns the `cues` bits of the words, or-ed. */
function readWords(from: number, to: number, weight: number, lexicon: GateLexicon, into: DenseFeatures, sink: SparseSink, title: boolean): number {
  const { dense, denseCues, stems, words } = into;
  const cache = tokenCache(lexicon);
  let previous: TokenInfo | null = null;
  let seen = 0;
  for (let i = from; i < to; i += 1) {
    const word = words[i]!;
    const info = tokenInfo(word, lexicon, cache);
    const { stem, stop, harm, valence, cues, vector } = info;
    stems[i] = stem;
    if (vector !== undefined) {
      const meaning = (into.meaning ??= new Float64Array(vector.length));
      for (let j = 0; j < vector.length; j += 1) meaning[j]! += weight * vector[j]!;
      into.meaningWeight += weight;
    }
    if (!stop) sink.unigram(info, weight);
    if (previous !== null && !(stop && previous.stop)) sink.bigram(previous, info, weight);
    previous = info;
    if (harm) bump(dense, denseCues, title ? 'harm_title' : 'harm_teaser', 1, word);
    if (valence < 0) bump(dense, denseCues, title ? 'neg_title' : 'neg_teaser', -valence, word);
    else if (valence > 0) bump(dense, denseCues, title ? 'pos_title' : 'pos_teaser', valence, null);
    if (cues === 0) continue;
    seen |= cues;
    if (cues & CUE_SECOND_PERSON) bump(dense, denseCues, 'second_person', weight, word, 2);
    if (cues & CUE_DISCOUNT) bump(dense, denseCues, 'discount', weight, word, 2);
    if (title && cues & CUE_SUPERLATIVE) bump(dense, denseCues, 'superlative', 1, word, 2);
    if (title && cues & CUE_WITHHELD) bump(dense, denseCues, 'withheld', 1, word, 2);
  }
  return seen;
}

/** A sink that names every sparse feature, keeping each one's highest value. */
function namingSink(sparse: Map<string, number>): SparseSink {
  const add = (name: string, value: number) => {
    const was = sparse.get(name);
    if (was === undefined || was < value) sparse.set(name, value);
  };
  return { unigram: (t, value) => add(t.name, value), bigram: (a, b, value) => add(`b:${a.stem}_${b.stem}`, value) };
}

/** The features of a headline and its teaser, every sparse one by name (training, cues, tests). */
export function gateFeatures(title: string, teaser: string, lexicon: GateLexicon): GateFeatures {
  const sparse = new Map<string, number>();
  return { sparse, ...readText(title, teaser, lexicon, namingSink(sparse)) };
}

/**
 * The teaser words read: its opening, where publishers put the story (a longer teaser adds a
 * house style more than a judgement; on the dev split, 30–40 words gave the same or slightly
 * better precision than the whole 600 characters), and a bound on the work per item.
 */
export const TEASER_WORDS = 40;

/** Empty features to read a text into (see `readText`). */
export function emptyFeatures(): DenseFeatures {
  return { dense: new Float64Array(DENSE.length), denseCues: new Array<string[] | undefined>(DENSE.length), stems: [], words: [], meaning: null, meaningWeight: 0 };
}

/**
 * A headline's and teaser's words as `readText` would cut them, cut by another scan of the same
 * text (core/domain/classifier.ts): the title's words then the teaser's first TEASER_WORDS in one
 * list, where the teaser's next word starts (its length when there is none), and whether either
 * text may hold an instruction to the classifier (false: no token ends with a MAY_INSTRUCT word).
 */
export interface WordsRead {
  words: string[];
  titleCount: number;
  ledeEnd: number;
  instructs: boolean;
}

/**
 * Read a headline and its teaser: sparse features into `sink`, the dense ones returned. A reader
 * done with its last features may pass them as `into` (the model does, one text after another):
 * they are emptied and filled again, so reading allocates less. `read` gives the words when
 * another scan already cut them.
 */
export function readText(title: string, teaser: string, lexicon: GateLexicon, sink: SparseSink, into?: DenseFeatures, read?: WordsRead): DenseFeatures {
  // The title's words, then the teaser's opening words, in one list.
  const words = read?.words ?? scanWords(title.toLowerCase(), Infinity).words;
  const titleCount = read?.titleCount ?? words.length;
  const ledeEnd = read?.ledeEnd ?? wordsAndEnd(teaser, TEASER_WORDS, words);
  const features = into ?? emptyFeatures();
  if (into) {
    into.dense.fill(0);
    into.denseCues.fill(undefined);
    into.meaning = null;
    into.meaningWeight = 0;
  }
  features.words = words;
  // Sized once (the stems go beside the words), not grown word by word.
  features.stems = new Array<string>(words.length);
  const cues = readWords(0, titleCount, 1, lexicon, features, sink, true) | readWords(titleCount, words.length, 0.5, lexicon, features, sink, false);
  if (features.meaning !== null) for (let j = 0; j < features.meaning.length; j += 1) features.meaning[j]! /= features.meaningWeight;
  const { dense, denseCues } = features;
  const titleWords = words.slice(0, titleCount);
  // Harm met by a fall or a mending in the title: the constructive side of a bad story.
  if (dense[D.harm_title]! > 0 || dense[D.neg_title]! > 0) {
    if (titleWords.some((w) => FALLS.has(w))) bump(dense, denseCues, 'harm_falls', 1, null, 1);
    if (titleWords.some((w) => MENDED.has(w))) bump(dense, denseCues, 'harm_mended', 1, null, 1);
  }
  const first = titleWords[0];
  const plural = titleWords.find((w) => FIRST_PLURAL.has(w) && (w !== 'were' && w !== 'well' ? true : WE_CONTRACTED.test(title)));
  if (plural !== undefined) bump(dense, denseCues, 'first_plural', 1, plural, 1);
  const death = DEATH_AGE.exec(title);
  if (death) bump(dense, denseCues, 'death_age', 1, death[0].toLowerCase(), 1);
  if (title.includes('?')) bump(dense, denseCues, 'question', 1, '?', 1);
  if (title.includes('!')) bump(dense, denseCues, 'exclaim', 1, '!', 1);
  if (first === '#' && titleWords.length > 2) bump(dense, denseCues, 'listicle', 1, title.split(/\s+/, 1)[0] ?? null, 1);
  if (first !== undefined && WITHHELD_START.has(first) && (first !== 'the' || titleWords[1] === 'one' || titleWords[1] === 'real' || titleWords[1] === 'reason')) bump(dense, denseCues, 'withheld', 1, first, 2);
  // A shouted word: 4 or more capitals in a title that is not written in capitals throughout
  // (the capitals are looked for first: a title without them needs no upper-cased copy).
  let shouted = MAY_SHOUT.test(title) ? SHOUTED.exec(title) : null;
  if (shouted !== null && title === title.toUpperCase()) shouted = null;
  if (shouted) bump(dense, denseCues, 'shout', 1, shouted[0], 1);
  const quoted = QUOTED.exec(title);
  if (quoted) bump(dense, denseCues, 'scare_quotes', 1, quoted[1]!.trim(), 1);
  const both = `${title}\n${teaser.slice(0, ledeEnd)}`;
  // Each pattern runs only where it can match (see ASCII_DIGIT and SPONSOR_WORDS): 2.9 µs of
  // patterns an item on the ingest bench's feeds became 0.14 µs of tests.
  const digits = ASCII_DIGIT.test(both);
  const price = digits ? PRICE.exec(both) : null;
  if (price) bump(dense, denseCues, 'price', PRICE.test(title) ? 1 : 0.5, price[0].trim(), 1);
  const percent = digits ? PERCENT.exec(both) : null;
  if (percent) bump(dense, denseCues, 'discount', 0.5, percent[0].trim(), 2);
  // In plain ASCII without apostrophes the words read are exactly the text's runs of letters and
  // digits, so a match's words (SPONSOR_WORDS) are among them.
  const wordsAreRuns = !NOT_PLAIN.test(both);
  const sponsor = !wordsAreRuns || cues & CUE_SPONSOR ? SPONSOR.exec(both) : null;
  if (sponsor) bump(dense, denseCues, 'sponsor', 1, sponsor[0].toLowerCase(), 1);
  const affiliate = !wordsAreRuns || cues & CUE_AFFILIATE ? AFFILIATE.exec(both) : null;
  if (affiliate) bump(dense, denseCues, 'affiliate', 1, affiliate[0].toLowerCase(), 1);
  return features;
}

