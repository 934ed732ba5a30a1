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
import { boundedCache, type BoundedCache } from '../platform/cache.ts';
import { stemmer } from 'stemmer';
import { scanWords } from './word-scan.ts';

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

/** A fall in something bad ("knife crime falls to a ten-year low"), and a mending after it ("survivors rebuild"). */
const FALLS = new Set(['fall', 'falls', 'fell', 'falling', 'drop', 'drops', 'dropped', 'down', 'halved', 'halves', 'lowest', 'low', 'fewer', 'cut', 'cuts', 'reduce', 'reduces', 'reduced', 'decline', 'declines', 'declined', 'eradicated', 'ends', 'ended', 'beaten', 'beat', 'prevent', 'prevents', 'prevented', 'slows', 'slowed', 'eliminated', 'free']);
const MENDED = new Set(['rebuild', 'rebuilds', 'rebuilt', 'recover', 'recovers', 'recovered', 'recovery', 'reopen', 'reopens', 'reopened', 'restore', 'restores', 'restored', 'survivor', 'survivors', 'return', 'returns', 'returned', 'regrow', 'regrows', 'back', 'healed', 'heals', 'saved', 'rescued', 'reunited', 'safe', 'thrive', 'thriving', 'bounce', 'bounces', 'rebound', 'rebounds']);
const SECOND_PERSON = new Set(['you', 'your', 'youre', 'yours', 'yourself', 'youve', 'youll', 'youd', 'ya']);
const SUPERLATIVE = new Set(['best', 'worst', 'greatest', 'biggest', 'ultimate', 'ever', 'most', 'least', 'top', 'perfect', 'only', 'must', 'insane', 'incredible', 'unbelievable', 'shocking', 'amazing']);
/** Openings that tease instead of telling ("This is why…", "Here's what…"). */
const WITHHELD_START = new Set(['this', 'these', 'heres', 'here', 'why', 'what', 'how', 'who', 'guess', 'watch', 'meet', 'the']);
const WITHHELD_WORDS = new Set(['secret', 'secrets', 'reason', 'trick', 'tricks', 'revealed', 'reveals', 'truth', 'believe', 'happened', 'nobody', 'everyone', 'everybody', 'really', 'actually', 'weird', 'things', 'signs', 'mistake', 'mistakes']);
const DISCOUNT = new Set(['off', 'save', 'saving', 'savings', 'discount', 'discounted', 'deal', 'deals', 'sale', 'cheapest', 'bargain', 'coupon', 'voucher', 'promo', 'code', 'clearance', 'half-price']);
const SPONSOR = /\b(?:sponsored|advertorial|advertisement|paid (?:post|partnership|content|promotion)|partner content|in (?:partnership|association) with|brought to you by|presented by|promoted|supported by|a message from|paid for by)\b/i;
const AFFILIATE = /\b(?:affiliate|commission|we may earn|tested and reviewed|our (?:top )?picks?|buying guide|shop (?:the|now|our)|buy now|order now|pre-?order|available now|now available|in stock|free delivery|free shipping|subscribe (?:now|today)|sign up today|register (?:now|today|here|for (?:our|a|the|this) free)|book (?:now|today|your (?:place|seat|spot|tickets?))|join us|limited (?:time|offer|places|spaces)|while stocks last|free (?:webinar|trial|consultation|masterclass)|ends? (?:tonight|today|at midnight|this weekend|soon))\b/i;
const PRICE = /(?:[£$€¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|bn|m|k)\b)?)|(?:\b\d+(?:[.,]\d+)?\s?(?:pounds|dollars|euros|quid|bucks|usd|gbp|eur)\b)|(?:\b\d+(?:\.\d\d)\b)/i;
/** A death told by the age at it ("dies at 92", "passes away aged 104"): an obituary however fond. */
const DEATH_AGE = /\b(?:dies|died|dead|passes|passed|passing)(?:\s+away)?(?:\s+peacefully)?,?\s+(?:aged\s+|at\s+(?:the\s+age\s+of\s+)?)?\d{2,3}\b|\btributes?\s+(?:paid|pour|flood)/i;
/** The organiser's own voice ("our open day", "we are hiring"): a headline selling its writer's event or product. */
const FIRST_PLURAL = new Set(['we', 'our', 'us', 'ours', 'weve', 'were', 'well']);
const PERCENT = /\b\d+(?:\.\d+)?\s?(?:%|per ?cent\b)/i;

const STEM_CACHE_MAX = 50_000;
/**
 * Token → its stem and unigram feature name (one name string per stem: the weight lookup reuses its hash). Bounded (tokens
 * come from untrusted feeds) as a `boundedCache`, like the token table below: gateView over the gate corpus cost 76.2 / 82.3
 * µs CPU an item against the former clear-when-full Maps' 71.4 / 83.6 (interleaved, two runs, load 11-17): within the noise.
 */
const stemCache = boundedCache<string, StemEntry>('gate.stems', STEM_CACHE_MAX);

interface StemEntry {
  stem: string;
  name: string;
  /** A STOP word: no unigram, no pair with another stop word. */
  stop: boolean;
}

function stemEntry(token: string): StemEntry {
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

/** The words of a text: lower-cased runs of letters and digits, apostrophes inside a word dropped ("won't" → "wont"), numbers as `#`. */
export function wordsOf(text: string, limit = Infinity): string[] {
  return scanWords(text.toLowerCase(), limit).words;
}

/** The first `limit` words of a text, and where the last of them ends in it (its length when lower-casing moved the offsets). */
function wordsAndEnd(text: string, limit: number): { words: string[]; end: number } {
  const lower = text.toLowerCase();
  const scanned = scanWords(lower, limit);
  return lower.length === text.length ? scanned : { words: scanned.words, end: text.length };
}

/**
 * Words that carry no cue on their own (function words, reporting verbs, counts and dates): no
 * unigram, and no pair with another such word. Left alone, a model learns the house style of
 * whoever wrote its examples ("said", "after", "million") instead of what a story is about.
 */
const STOP = new Set([
  'a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'but', 'at', 'by', 'with', 'from', 'as', 'into', 'onto', 'over', 'under', 'about', 'after', 'before', 'since', 'during', 'than', 'then', 'so', 'up', 'out', 'off', 'if',
  'is', 'are', 'be', 'been', 'being', 'was', 'were', 'has', 'have', 'had', 'do', 'does', 'did', 'will', 'would', 'could', 'should', 'can', 'may', 'might', 'shall',
  'it', 'its', 'that', 'which', 'who', 'whom', 'whose', 'their', 'they', 'them', 'he', 'she', 'his', 'her', 'him', 'we', 'our', 'us', 'i', 'me', 'my', 'there', 'here', 'also', 'more', 'some', 'all', 'any',
  'said', 'says', 'say', 'told', 'tells', 'according', 'reports', 'reported', 'report', 'announced', 'announces', 'new', 'now', 'just', 'still', 'yet',
  '#', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'hundred', 'hundreds', 'thousand', 'thousands', 'million', 'millions', 'billion', 'dozen', 'dozens',
  'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'today', 'yesterday', 'tomorrow', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'night', 'morning', 'evening',
]);

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

/** Token → TokenInfo per lexicon (bounded like the stem cache: tokens come from untrusted feeds). */
const tokenInfos = new WeakMap<GateLexicon, BoundedCache<string, TokenInfo>>();

function tokenCache(lexicon: GateLexicon): BoundedCache<string, TokenInfo> {
  let cache = tokenInfos.get(lexicon);
  if (!cache) tokenInfos.set(lexicon, (cache = boundedCache('gate.tokens', STEM_CACHE_MAX)));
  return cache;
}

function tokenInfo(word: string, lexicon: GateLexicon, cache: BoundedCache<string, TokenInfo>): TokenInfo {
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
        (WITHHELD_WORDS.has(word) ? CUE_WITHHELD : 0),
      memo: undefined,
    };
    cache.set(word, info);
  }
  return info;
}

/** One text's words into the features, at `weight` (1 title, 0.5 teaser). */
function readWords(words: string[], weight: number, lexicon: GateLexicon, into: DenseFeatures, sink: SparseSink, title: boolean): void {
  const { dense, denseCues, stems } = into;
  const cache = tokenCache(lexicon);
  let previous: TokenInfo | null = null;
  for (const word of words) {
    const info = tokenInfo(word, lexicon, cache);
    const { stem, stop, harm, valence, cues, vector } = info;
    stems.push(stem);
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
    if (cues & CUE_SECOND_PERSON) bump(dense, denseCues, 'second_person', weight, word, 2);
    if (cues & CUE_DISCOUNT) bump(dense, denseCues, 'discount', weight, word, 2);
    if (title && cues & CUE_SUPERLATIVE) bump(dense, denseCues, 'superlative', 1, word, 2);
    if (title && cues & CUE_WITHHELD) bump(dense, denseCues, 'withheld', 1, word, 2);
  }
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

/** Read a headline and its teaser: sparse features into `sink`, the dense ones returned. */
export function readText(title: string, teaser: string, lexicon: GateLexicon, sink: SparseSink): DenseFeatures {
  const titleWords = wordsOf(title);
  const lede = wordsAndEnd(teaser, TEASER_WORDS);
  const teaserWords = lede.words;
  const features: DenseFeatures = { dense: new Float64Array(DENSE.length), denseCues: new Array<string[]>(DENSE.length), stems: [], words: titleWords.concat(teaserWords), meaning: null, meaningWeight: 0 };
  readWords(titleWords, 1, lexicon, features, sink, true);
  readWords(teaserWords, 0.5, lexicon, features, sink, false);
  if (features.meaning !== null) for (let j = 0; j < features.meaning.length; j += 1) features.meaning[j]! /= features.meaningWeight;
  const { dense, denseCues } = features;
  // Harm met by a fall or a mending in the title: the constructive side of a bad story.
  if (dense[D.harm_title]! > 0 || dense[D.neg_title]! > 0) {
    if (titleWords.some((w) => FALLS.has(w))) bump(dense, denseCues, 'harm_falls', 1, null, 1);
    if (titleWords.some((w) => MENDED.has(w))) bump(dense, denseCues, 'harm_mended', 1, null, 1);
  }
  const first = titleWords[0];
  const plural = titleWords.find((w) => FIRST_PLURAL.has(w) && (w !== 'were' && w !== 'well' ? true : /\bwe['’](?:re|ll)\b/i.test(title)));
  if (plural !== undefined) bump(dense, denseCues, 'first_plural', 1, plural, 1);
  const death = DEATH_AGE.exec(title);
  if (death) bump(dense, denseCues, 'death_age', 1, death[0].toLowerCase(), 1);
  if (/\?/.test(title)) bump(dense, denseCues, 'question', 1, '?', 1);
  if (/!/.test(title)) bump(dense, denseCues, 'exclaim', 1, '!', 1);
  if (first === '#' && titleWords.length > 2) bump(dense, denseCues, 'listicle', 1, title.split(/\s+/, 1)[0] ?? null, 1);
  if (first !== undefined && WITHHELD_START.has(first) && (first !== 'the' || titleWords[1] === 'one' || titleWords[1] === 'real' || titleWords[1] === 'reason')) bump(dense, denseCues, 'withheld', 1, first, 2);
  // A shouted word: 4 or more capitals in a title that is not written in capitals throughout.
  const shouted = title !== title.toUpperCase() ? /(?<![\p{L}])\p{Lu}{4,}(?![\p{L}])/u.exec(title) : null;
  if (shouted) bump(dense, denseCues, 'shout', 1, shouted[0], 1);
  const quoted = /(?:^|\s)['‘"“]([\p{L}\s-]{2,20})['’"”](?=[\s,.:;!?]|$)/u.exec(title);
  if (quoted) bump(dense, denseCues, 'scare_quotes', 1, quoted[1]!.trim(), 1);
  const both = `${title}\n${teaser.slice(0, lede.end)}`;
  const price = PRICE.exec(both);
  if (price) bump(dense, denseCues, 'price', PRICE.test(title) ? 1 : 0.5, price[0].trim(), 1);
  const percent = PERCENT.exec(both);
  if (percent) bump(dense, denseCues, 'discount', 0.5, percent[0].trim(), 2);
  const sponsor = SPONSOR.exec(both);
  if (sponsor) bump(dense, denseCues, 'sponsor', 1, sponsor[0].toLowerCase(), 1);
  const affiliate = AFFILIATE.exec(both);
  if (affiliate) bump(dense, denseCues, 'affiliate', 1, affiliate[0].toLowerCase(), 1);
  return features;
}
