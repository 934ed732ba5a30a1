/**
 * The offline classifier, so the product runs without a language model and nothing is ever left
 * unclassified: the calm gate's decision and its three scores come from the trained model
 * (core/domain/gate-model.ts); topic, 1–4 tags and flavor from the cue words of
 * core/domain/lexicons.ts. The title counts fully; the teaser counts at half weight, because
 * publishers' teasers are wordier than their headlines.
 */
import type { Classification } from './article.ts';
import { gateView } from './gate-model.ts';
import { FLAVOR_TERMS, TAG_TERMS, TOPIC_DEFAULT_TAG, TOPIC_TERMS, type Lexicon } from './lexicons.ts';
import { sortShort } from './sort.ts';
import { isTag, isTopic } from './taxonomy.ts';
import { hashOf, scanTokens } from './word-scan.ts';
import { storyLine } from './words.ts';

/**
 * A distinct lexicon term, compiled once. Matching follows the word-boundary rule of `pattern` (no
 * letter or digit on either side). Plain words and `word*` prefixes are answered from the text's
 * tokens through an index, which gives the same answers as the ~800 Unicode regexes (with
 * look-behind) it replaces at a fraction of the cost; the rest keep their regex, run only when a
 * token starts with the term's leading letters.
 */
interface Compiled {
  pattern: RegExp;
  /** `word`: a token equals `key`; `prefix`: a token starts with `key`; `regex`: `pattern`, tried when a token starts with `key` (always when `key` is empty). */
  kind: 'word' | 'prefix' | 'regex';
  key: string;
  /** For a phrase of plain words (`to buy`): its words, each of which a matching text holds as a token. */
  words: string[] | null;
}

/** A weighted use of a term in one list; `id` indexes COMPILED and a text's hits. */
interface Term {
  id: number;
  weight: number;
}

function termPattern(term: string): string {
  const prefix = term.endsWith('*');
  const body = (prefix ? term.slice(0, -1) : term)
    .replace(/[.+^${}()|[\]\\]/g, (c) => (c === '.' ? '.' : `\\${c}`))
    .replace(/ /g, '\\s+');
  // Leave `?` in (e.g. "neighbou?r"): an optional letter, written deliberately in the lexicons.
  return prefix ? `${body}[\\p{L}\\p{N}'-]*` : body;
}

/** Letters a term may use on the token path (anything else, e.g. a space, hyphen, `.` or `?`, goes to the regex). */
const PLAIN = /^[a-z0-9\u00e9]+$/;

function compileTerm(term: string): Compiled {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${termPattern(term)}(?![\\p{L}\\p{N}])`, 'iu');
  if (PLAIN.test(term)) return { pattern, kind: 'word', key: term, words: null };
  if (term.endsWith('*') && PLAIN.test(term.slice(0, -1))) return { pattern, kind: 'prefix', key: term.slice(0, -1), words: null };
  // The literal letters a match must start with: a match begins at a word start, so some token starts with them.
  const lead = /^[a-z0-9\u00e9]*/.exec(term)?.[0] ?? '';
  // A phrase's words are separated by `\s+` and bounded by the look-arounds, so each is a whole token of a matching text.
  const words = term.split(' ');
  return { pattern, kind: 'regex', key: term[lead.length] === '?' ? lead.slice(0, -1) : lead, words: words.length > 1 && words.every((w) => PLAIN.test(w)) ? words : null };
}

const COMPILED: Compiled[] = [];
const termIds = new Map<string, number>();

function compile(lexicon: Lexicon): Term[] {
  return lexicon.flatMap(([weight, terms]) =>
    terms.map((term) => {
      let id = termIds.get(term);
      if (id === undefined) {
        id = COMPILED.push(compileTerm(term)) - 1;
        termIds.set(term, id);
      }
      return { id, weight };
    }),
  );
}

function compileSet(map: Record<string, readonly string[]>): Array<[string, Term[]]> {
  return Object.entries(map).map(([id, terms]) => [id, compile([[1, terms]])]);
}

const topics = compileSet(TOPIC_TERMS);
const tags = compileSet(TAG_TERMS);
const flavors = compileSet(FLAVOR_TERMS);

/** Term ids by the whole token they need, and by the token start they need (prefix and regex terms). */
const BY_WORD = new Map<string, number[]>();
const BY_START = new Map<string, number[]>();
const ALWAYS_REGEX: number[] = [];
COMPILED.forEach((c, id) => {
  if (c.kind === 'regex' && c.key === '') return void ALWAYS_REGEX.push(id);
  const map = c.kind === 'word' ? BY_WORD : BY_START;
  const list = map.get(c.key);
  if (list) list.push(id);
  else map.set(c.key, [id]);
});
/** The longest token start any term looks up. */
const MAX_START = Math.max(0, ...[...BY_START.keys()].map((k) => k.length));

/** What a token finds: the word and prefix terms it matches, and the regex terms worth trying on its text (shared through the cache: read only). */
interface TokenTerms {
  found: number[];
  tryRegex: number[];
  /** The stamp of the last text holding this token (see `hitsOf`). */
  seen: number;
}

function termsOfToken(token: string): TokenTerms {
  const found: number[] = [...(BY_WORD.get(token) ?? [])];
  const tryRegex: number[] = [];
  const top = Math.min(token.length, MAX_START);
  for (let n = 1; n <= top; n += 1) {
    for (const id of BY_START.get(token.slice(0, n)) ?? []) (COMPILED[id]!.kind === 'prefix' ? found : tryRegex).push(id);
  }
  return { found, tryRegex, seen: 0 };
}

/**
 * `termsOfToken` remembered per token: feed text repeats a small vocabulary, so most tokens are
 * answered by one lookup. An open-addressing table keyed by a hash computed while the text is
 * scanned, so a token seen before is found without cutting it out of the text; bounded (cleared
 * when full) because tokens come from untrusted feeds.
 */
const TABLE_SIZE = 1 << 15;
const TABLE_MASK = TABLE_SIZE - 1;
const TOKEN_CACHE_MAX = 20_000;
const tableHash = new Int32Array(TABLE_SIZE);
const tableToken: Array<string | undefined> = new Array<string | undefined>(TABLE_SIZE).fill(undefined);
const tableTerms: Array<TokenTerms | undefined> = new Array<TokenTerms | undefined>(TABLE_SIZE).fill(undefined);
let tableCount = 0;
/** How many times the cache was cleared: a text read across a clear cannot trust a missing entry. */
let cacheGeneration = 0;

function clearTokenCache(): void {
  tableToken.fill(undefined);
  tableTerms.fill(undefined);
  tableCount = 0;
  cacheGeneration += 1;
}
/** Longer tokens are looked up without the cache (they are rare and would only crowd it). */
const TOKEN_CACHE_LONGEST = 40;

/** The first table slot to probe for a hash (its bits mixed, so similar tokens spread). */
function slotOf(hash: number): number {
  const h = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) & TABLE_MASK;
}

/** The slot holding `text.slice(start, end)` (of hash `hash`), or the empty slot where it would go. */
function probe(text: string, start: number, end: number, hash: number): number {
  const length = end - start;
  for (let slot = slotOf(hash); ; slot = (slot + 1) & TABLE_MASK) {
    const token = tableToken[slot];
    if (token === undefined) return slot;
    if (tableHash[slot] !== hash || token.length !== length) continue;
    let same = true;
    for (let i = 0; i < length && same; i += 1) same = token.charCodeAt(i) === text.charCodeAt(start + i);
    if (same) return slot;
  }
}

/** The terms of the token `text.slice(start, end)`, whose hash is `hash`, from the cache when possible. */
function termsAt(text: string, start: number, end: number, hash: number): TokenTerms {
  if (end - start > TOKEN_CACHE_LONGEST) return termsOfToken(text.slice(start, end));
  let slot = probe(text, start, end, hash);
  const known = tableTerms[slot];
  if (known) return known;
  const token = text.slice(start, end);
  const terms = termsOfToken(token);
  if (tableCount >= TOKEN_CACHE_MAX) {
    clearTokenCache();
    slot = slotOf(hash);
  }
  tableHash[slot] = hash;
  tableToken[slot] = token;
  tableTerms[slot] = terms;
  tableCount += 1;
  return terms;
}

/** The terms a token finds, from the cache when possible. */
function cachedTermsOfToken(token: string): TokenTerms {
  return termsAt(token, 0, token.length, hashOf(token));
}

/** The cached entry of a token, if any (nothing is added). */
function cachedEntry(token: string): TokenTerms | undefined {
  return tableTerms[probe(token, 0, token.length, hashOf(token))];
}

/** The tokens of a lower-cased text (`scanTokens` cut out). */
function tokensOf(lower: string): string[] {
  const out: string[] = [];
  scanTokens(
    lower,
    (start, end, hash) => {
      if (hash !== hashOf(lower.slice(start, end))) throw new Error('token hash out of step');
      out.push(lower.slice(start, end));
    },
    false,
  );
  return out;
}

/**
 * For the differential tests only (test/ingestion/classifier-index.test.ts): the tokeniser, the
 * plain token lookup and the cached one that stands for it.
 */
export const classifierInternals = { tokensOf, termsOfToken, cachedTermsOfToken, cacheSize: () => tableCount, cacheMax: TOKEN_CACHE_MAX };

/** Scratch marks by term id: a term is found (or its regex tried) in the current text when its mark equals the text's stamp (`hitsOf` runs to completion, so one set serves every call). */
const foundMark = new Int32Array(COMPILED.length);
const triedMark = new Int32Array(COMPILED.length);
let textStamp = 0;

/** The next stamp of a pair of mark arrays, clearing them when the counter wraps so no stale mark can match. */
function nextStamp(current: number, marks: Int32Array[]): number {
  if (current < 0x7fffffff) return current + 1;
  for (const m of marks) m.fill(0);
  return 1;
}

/** The terms a text contains, each once, in the order found. */
function hitsOf(text: string): number[] {
  const stamp = (textStamp = nextStamp(textStamp, [foundMark, triedMark]));
  // The cached tokens carry text stamps too: a wrapped counter must not meet an old one.
  if (stamp === 1) clearTokenCache();
  const hits: number[] = [];
  const generation = cacheGeneration;
  const regexes: number[] = [...ALWAYS_REGEX];
  const lower = text.toLowerCase();
  const tokenised = scanTokens(
    lower,
    (start, end, hash) => {
      const terms = termsAt(lower, start, end, hash);
      terms.seen = stamp;
      for (const id of terms.found) {
        if (foundMark[id] === stamp) continue;
        foundMark[id] = stamp;
        hits.push(id);
      }
      for (const id of terms.tryRegex) {
        if (triedMark[id] === stamp) continue;
        triedMark[id] = stamp;
        regexes.push(id);
      }
    },
    true,
  );
  // İ lower-cases to two characters and ſ matches `s` case-insensitively: such texts keep the regexes.
  if (!tokenised) return COMPILED.flatMap((c, id) => (c.pattern.test(text) ? [id] : []));
  // The regexes last, once every token is marked: a phrase can only match when each of its words
  // is a token of this text (a word missing from the cache was not seen, unless the cache was
  // cleared while reading it).
  for (const id of regexes) {
    const c = COMPILED[id]!;
    if (c.words && generation === cacheGeneration && c.words.some((w) => cachedEntry(w)?.seen !== stamp)) continue;
    if (c.pattern.test(text)) hits.push(id);
  }
  return hits;
}

/**
 * The lists a term counts in, as score slots: one slot per topic, tag and flavor. `USES[id]` holds
 * (slot, weight) pairs, flat.
 */
const TOPIC_SLOT = 0;
const TAG_SLOT = TOPIC_SLOT + topics.length;
const FLAVOR_SLOT = TAG_SLOT + tags.length;
const SLOTS = FLAVOR_SLOT + flavors.length;
const USES: number[][] = COMPILED.map(() => []);
[topics, tags, flavors].flatMap((set) => set.map(([, terms]) => terms)).forEach((terms, slot) => {
  for (const { id, weight } of terms) USES[id]!.push(slot, weight);
});

/** Scratch: the scores of the current classification (read before the next one starts). */
const SCORES = new Float64Array(SLOTS);

/** Scratch: which terms the current title holds (by stamp), so the teaser only adds the others. */
const inTitle = new Int32Array(COMPILED.length);
let titleStamp = 0;

/**
 * Every list's score: the weights of the terms found, title at full weight, teaser at half (a term
 * in both counts once, at full weight). Weights are whole numbers, so the sums are exact in any order.
 */
function scoresOf(title: number[], teaser: number[]): Float64Array {
  const stamp = (titleStamp = nextStamp(titleStamp, [inTitle]));
  const scores = SCORES.fill(0);
  for (const id of title) {
    inTitle[id] = stamp;
    const uses = USES[id]!;
    for (let i = 0; i < uses.length; i += 2) scores[uses[i]!]! += uses[i + 1]!;
  }
  for (const id of teaser) {
    if (inTitle[id] === stamp) continue;
    const uses = USES[id]!;
    for (let i = 0; i < uses.length; i += 2) scores[uses[i]!]! += uses[i + 1]! / 2;
  }
  return scores;
}

/** The first entry of `set` with the highest score above 0 (what `best(…)[0]` would be), or null. */
function top(set: Array<[string, Term[]]>, scores: Float64Array, first: number): string | null {
  let winner: string | null = null;
  let high = 0;
  for (let i = 0; i < set.length; i += 1) {
    const s = scores[first + i]!;
    if (s > high) {
      high = s;
      winner = set[i]![0];
    }
  }
  return winner;
}

/** The entries of `set` that scored, best first (ties in the set's order). */
function best(set: Array<[string, Term[]]>, scores: Float64Array, first: number): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (let i = 0; i < set.length; i += 1) {
    const s = scores[first + i]!;
    if (s > 0) out.push([set[i]![0], s]);
  }
  return sortShort(out, (a, b) => b[1] - a[1]);
}

/** The input of a classification: what the feed told us, nothing fetched. */
export interface ClassifierInput {
  title: string;
  teaser: string;
  /** The source's topic hint, used when no topic word matches. */
  topicHint?: string | null;
}

/** Classify one article offline. Always returns a complete, vocabulary-valid classification. */
export function classifyOffline(input: ClassifierInput): Classification {
  const teaserText = input.teaser.slice(0, 600);
  const view = gateView(input.title, teaserText);
  const scores = scoresOf(hitsOf(input.title), teaserText ? hitsOf(teaserText) : []);

  const topTopic = top(topics, scores, TOPIC_SLOT);
  const hint = input.topicHint && isTopic(input.topicHint) ? input.topicHint : null;
  const topic = topTopic ?? hint ?? 'community';

  const tagList = best(tags, scores, TAG_SLOT).map(([id]) => id).filter(isTag).slice(0, 4);
  if (tagList.length === 0) tagList.push(TOPIC_DEFAULT_TAG[topic] ?? 'neighbours');

  const flavor = top(flavors, scores, FLAVOR_SLOT) ?? 'grounded';
  return {
    topic,
    tags: tagList,
    flavor,
    cortisol: view.cortisol,
    ragebait: view.ragebait,
    promotional: view.promotional,
    accept: view.accept,
    why: view.accept
      ? storyLine(flavor, topic)
      : `Not calm enough for Tidings: ${REASON_TEXT[view.reason ?? 'distress']}${view.cues.length ? ` (${view.cues.map((c) => `"${c}"`).join(', ')})` : ''}.`,
    reason: view.reason,
    offline: {
      accept: view.accept,
      reason: view.reason,
      p_accept: Math.round(view.probabilities.accept * 1000) / 1000,
      cortisol: view.cortisol,
      ragebait: view.ragebait,
      promotional: view.promotional,
      cues: view.cues,
      ...(view.instructed ? { instructed: true } : {}),
    },
  };
}

const REASON_TEXT = { distress: 'a distressing story', ragebait: 'framed to anger or to hook', promotional: 'selling something' } as const;
