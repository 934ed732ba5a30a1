/**
 * The word scanners, cutting text by character code instead of running a Unicode regex per word
 * (the regex scan was the largest single cost of classifying an item: cpu profile in
 * docs/benchmarks.md):
 * - `scanTokens`: the classifier's cue-word tokens, the maximal runs of `[\p{L}\p{N}]`, each with a
 *   hash computed during the scan (core/domain/classifier.ts looks terms up by it);
 * - `scanWords`: the calm gate's words, `[\p{L}\p{N}]+(?:['‘’ʼ`]\p{L}+)*` with the apostrophes
 *   dropped ("won't" → "wont") and a number written as `#` (core/domain/gate-features.ts);
 * - `countWords`: the reading time's word count, the matches of `[\p{L}\p{N}][\p{L}\p{N}'’-]*`
 *   (core/domain/full-text.ts).
 * Each gives exactly what its regex gives (test/ingestion/word-scan.test.ts compares them).
 */

/** What a code point is to the scanners: a letter (`\p{L}`), a number (`\p{N}`) or neither. */
const OTHER = 0;
const LETTER = 1;
const NUMBER = 2;
type CharClass = typeof OTHER | typeof LETTER | typeof NUMBER;

const IS_LETTER = /^\p{L}$/u;
const IS_NUMBER = /^\p{N}$/u;
/**
 * Classes of code points beyond ASCII, remembered (bounded: the text is untrusted, but a code point
 * is one of 1.1 million; past 10,000 the table stops growing). A plain `Map` rather than
 * core/platform/cache.ts: a class through a bounded cache cost 46 ns, as much as the two regular
 * expression tests it saves (47 ns), the `Map` 15 ns (2,000,000 non-ASCII code points of German,
 * French and Japanese text, 27 Nov 2026). Every non-ASCII letter of every ingested title and teaser
 * comes here.
 */
const wideClass = new Map<number, CharClass>();

function classOfWide(code: number): CharClass {
  let known = wideClass.get(code);
  if (known === undefined) {
    const char = String.fromCodePoint(code);
    known = IS_LETTER.test(char) ? LETTER : IS_NUMBER.test(char) ? NUMBER : OTHER;
    if (wideClass.size < 10_000) wideClass.set(code, known);
  }
  return known;
}

/** The class of the code point at `i` of `text`, which starts with the code unit `c`. */
function classAt(text: string, i: number, c: number): CharClass {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? LETTER : c >= 48 && c <= 57 ? NUMBER : OTHER;
  return classOfWide(text.codePointAt(i)!);
}

/** Whether a code point beyond ASCII is a letter or digit (`\p{L}` or `\p{N}`). */
function isWideWordChar(code: number): boolean {
  return classOfWide(code) !== OTHER;
}

/** The token hash, one UTF-16 code unit at a time. */
const hashStep = (hash: number, unit: number) => (Math.imul(hash, 31) + unit) | 0;

export function hashOf(token: string): number {
  let hash = 0;
  for (let i = 0; i < token.length; i += 1) hash = hashStep(hash, token.charCodeAt(i));
  return hash;
}

/**
 * Each token of a lower-cased text, as `onToken(start, end, hash)`: the maximal runs of letters and
 * digits (`/[\p{L}\p{N}]+/gu`, exactly the lexicon patterns' word-boundary rule), each with its
 * `hashOf`. With `stopAtTraps`, stops (returning false) at a character where lower-casing and the
 * patterns' case-insensitive matching disagree: ſ (which matches `s`) and U+0307, which only an İ
 * lower-cased to two characters (or an already decomposed letter) leaves behind.
 */
export function scanTokens(lower: string, onToken: (start: number, end: number, hash: number) => void, stopAtTraps: boolean): boolean {
  let start = -1;
  let hash = 0;
  for (let i = 0; i < lower.length; ) {
    const c = lower.charCodeAt(i);
    let word: boolean;
    let width = 1;
    if (c < 128) word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    else {
      if (stopAtTraps && (c === 0x17f || c === 0x307)) return false;
      const code = lower.codePointAt(i)!;
      word = isWideWordChar(code);
      if (code > 0xffff) width = 2;
    }
    if (word) {
      if (start < 0) {
        start = i;
        hash = 0;
      }
      hash = hashStep(hash, c);
      if (width === 2) hash = hashStep(hash, lower.charCodeAt(i + 1));
    } else if (start >= 0) {
      onToken(start, i, hash);
      start = -1;
    }
    i += width;
  }
  if (start >= 0) onToken(start, lower.length, hash);
  return true;
}

/**
 * The calm gate's word for a token of `scanTokens` in text without apostrophes (where the two
 * scanners cut the same runs): `#` when it holds numbers only, as `scanWords` writes it.
 */
export function wordOfToken(token: string): string {
  for (let i = 0; i < token.length; ) {
    const c = token.charCodeAt(i);
    if (classAt(token, i, c) === LETTER) return token;
    i += widthOf(token, i, c);
  }
  return '#';
}

/** An apostrophe that may join a word's parts: ' ‘ ’ ʼ `. */
const isApostrophe = (c: number) => c === 39 || c === 0x2018 || c === 0x2019 || c === 0x2bc || c === 96;

/** Code units of the code point starting with `c`. */
const widthOf = (text: string, i: number, c: number) => (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1);

/**
 * The gate's words of a lower-cased text, at most `limit`, and where the text after the last of
 * them starts (the start of the next word; the text's length when there is none): each run of
 * letters and numbers with every apostrophe-and-letters that follows it (what the regex
 * `[\p{L}\p{N}]+(?:['‘’ʼ`]\p{L}+)*` matches, with the `u` flag), apostrophes dropped, a word of
 * numbers only as `#`. The words are added to `words` (a new list unless given).
 */
export function scanWords(lower: string, limit: number, words: string[] = []): { words: string[]; end: number } {
  const n = lower.length;
  const until = words.length + limit;
  let i = 0;
  while (i < n) {
    const c = lower.charCodeAt(i);
    const cls = classAt(lower, i, c);
    if (cls === OTHER) {
      i += widthOf(lower, i, c);
      continue;
    }
    if (words.length === until) return { words, end: i };
    const start = i;
    let numbers = true;
    // Whether the word holds an apostrophe (ʼ is a letter itself, so the run may hold one too).
    let joined = false;
    // The run of letters and numbers.
    while (i < n) {
      const d = lower.charCodeAt(i);
      const k = classAt(lower, i, d);
      if (k === OTHER) break;
      if (d === 0x2bc) joined = true;
      else if (k === LETTER) numbers = false;
      i += widthOf(lower, i, d);
    }
    // Then each apostrophe followed by a letter, with the run of letters after it.
    while (i + 1 < n && isApostrophe(lower.charCodeAt(i))) {
      const d = lower.charCodeAt(i + 1);
      if (classAt(lower, i + 1, d) !== LETTER) break;
      joined = true;
      i += 1;
      while (i < n) {
        const e = lower.charCodeAt(i);
        if (classAt(lower, i, e) !== LETTER) break;
        if (e !== 0x2bc) numbers = false;
        i += widthOf(lower, i, e);
      }
    }
    // A word of numbers only (its apostrophes dropped) is `#`; an apostrophe alone leaves an empty word, as the regex scanner did.
    if (numbers && !(joined && onlyApostrophes(lower, start, i))) words.push('#');
    else {
      const word = lower.slice(start, i);
      words.push(joined ? word.replace(APOSTROPHES, '') : word);
    }
  }
  return { words, end: n };
}

const APOSTROPHES = /['\u2018\u2019\u02bc`]/g;
const AN_APOSTROPHE = new RegExp(APOSTROPHES.source);

/** Whether `text` holds an apostrophe (`isApostrophe`): where `scanWords` joins a word's parts and `scanTokens` does not. */
export function hasApostrophe(text: string): boolean {
  return AN_APOSTROPHE.test(text);
}

/** Whether `text.slice(start, end)` is apostrophes only (a run of ʼ, which the regex scanner kept as an empty word). */
function onlyApostrophes(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) if (!isApostrophe(text.charCodeAt(i))) return false;
  return true;
}

/**
 * How many times `[\p{L}\p{N}][\p{L}\p{N}'’-]*` (flags `gu`) matches in `text`, counted by
 * character code without cutting the words out: a word starts at a letter or digit and runs on
 * through letters, digits, `'`, `’` and `-`. The reading time's count (core/domain/full-text.ts)
 * used `match`, which made a string of every word of an article only to count them: normalising the
 * 1,738 items of the 74 real fixture feeds took 57-58 ms with it, 43-44 with this (27 Nov 2026).
 */
export function countWords(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (classAt(text, i, c) !== OTHER) {
      if (!inWord) n += 1;
      inWord = true;
    } else if (!(inWord && (c === 39 || c === 0x2019 || c === 45))) inWord = false;
    i += widthOf(text, i, c);
  }
  return n;
}
