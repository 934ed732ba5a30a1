/**
 * Which lexicon terms a text holds: the text cut into tokens once (core/domain/word-scan.ts), each
 * token's terms answered from a remembered table, the few regex terms tried last. Gives exactly
 * what testing every term's Unicode regex would (test/ingestion/classifier-index.test.ts). The
 * tokens read can be handed on (`TokenList`), so the calm gate need not cut the text again.
 */
import { ALWAYS_REGEX, COMPILED, termsOfToken, type TokenTerms } from './classifier-terms.ts';
import { MAY_INSTRUCT } from './gate-instructions.ts';
import { hashOf, scanTokens } from './word-scan.ts';

/**
 * `termsOfToken` remembered per token: feed text repeats a small vocabulary, so most tokens are
 * answered by one lookup. An open-addressing table keyed by a hash computed while the text is
 * scanned, so a token seen before is found without cutting it out of the text; bounded (cleared
 * when full) because tokens come from untrusted feeds.
 * Hand-made rather than core/platform/cache.ts's `boundedCache` (issue 22): the lru-cache version
 * (cut each token out, then `get`/`set`) measured 29.9-33.2 µs CPU an item against this table's
 * 27.6-30.3 µs, classifyOffline over the bench feeds' 5,000 items, three interleaved rounds at load
 * 12; and an LRU evicts single entries mid-text, which would break the phrase test below (a word
 * missing from the table was not seen in this text, unless the whole table was cleared meanwhile).
 */
const TABLE_SIZE = 1 << 15;
const TABLE_MASK = TABLE_SIZE - 1;
const TOKEN_CACHE_MAX = 20_000;
const tableHash = new Int32Array(TABLE_SIZE);
const tableToken: Array<string | undefined> = new Array<string | undefined>(TABLE_SIZE).fill(undefined);
const tableTerms: Array<TokenTerms | undefined> = new Array<TokenTerms | undefined>(TABLE_SIZE).fill(undefined);
/** Whether each cached token may start an instruction to the classifier (MAY_INSTRUCT), for `TokenList`. */
const tableInstructs = new Uint8Array(TABLE_SIZE);
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

/** The text of the token `termsAt` last answered (the table's copy when cached: no new string), and whether it may start an instruction. */
let lastToken = '';
let lastInstructs = false;

/** The terms of the token `text.slice(start, end)`, whose hash is `hash`, from the cache when possible. */
function termsAt(text: string, start: number, end: number, hash: number): TokenTerms {
  if (end - start > TOKEN_CACHE_LONGEST) {
    lastToken = text.slice(start, end);
    lastInstructs = MAY_INSTRUCT.test(lastToken);
    return termsOfToken(lastToken);
  }
  let slot = probe(text, start, end, hash);
  const known = tableTerms[slot];
  if (known) {
    lastToken = tableToken[slot]!;
    lastInstructs = tableInstructs[slot] === 1;
    return known;
  }
  const token = (lastToken = text.slice(start, end));
  lastInstructs = MAY_INSTRUCT.test(token);
  const terms = termsOfToken(token);
  if (tableCount >= TOKEN_CACHE_MAX) {
    clearTokenCache();
    slot = slotOf(hash);
  }
  tableHash[slot] = hash;
  tableToken[slot] = token;
  tableTerms[slot] = terms;
  tableInstructs[slot] = lastInstructs ? 1 : 0;
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
export function nextStamp(current: number, marks: Int32Array[]): number {
  if (current < 0x7fffffff) return current + 1;
  for (const m of marks) m.fill(0);
  return 1;
}

/**
 * The tokens a `hitsOf` call read, for a second reader of the same text (the calm gate, which
 * core/domain/classifier.ts lets share the scan): the text of the first `limit` tokens, where the
 * next one starts (-1: none), whether the list is whole and its offsets are the text's (false
 * when the scan stopped at a trap, see `scanTokens`, or lower-casing changed the text's length),
 * and whether any token of the whole text may start an instruction to the classifier (MAY_INSTRUCT).
 */
export interface TokenList {
  tokens: string[];
  limit: number;
  next: number;
  whole: boolean;
  instructs: boolean;
}

/** The terms a text contains, each once, in the order found; its tokens added to `list` when given. */
export function hitsOf(text: string, list?: TokenList): number[] {
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
      if (list !== undefined) {
        if (list.tokens.length < list.limit) list.tokens.push(lastToken);
        else if (list.next < 0) list.next = start;
        if (lastInstructs) list.instructs = true;
      }
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
  if (list !== undefined && (!tokenised || lower.length !== text.length)) list.whole = false;
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
