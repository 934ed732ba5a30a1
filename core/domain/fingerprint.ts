/**
 * Title fingerprints and the same-story rule: a title's significant words (lower-cased, accents
 * folded, lightly stemmed, unique, sorted), and when two fingerprints share enough of them to be
 * one story told twice. core/domain/dedupe.ts plans duplicates with it. Pure.
 */
import { sortStrings } from './sort.ts';

const STOPWORDS = new Set(
  ('a an the and or but of in on at to for from by with as is are was were be been has have had it its this that these those ' +
    'after before over under into about than then there their they them we our you your he she his her not no new says say said ' +
    'how why what who when where will would can could may might more most just now up out off de la le el et').split(' '),
);

/** Light stemming so "volunteers planted" and "volunteer plants" meet. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The significant words of a title (lower-cased, accents folded, stemmed, unique, sorted). */
export function titleTokens(title: string): string[] {
  let text = title;
  // Folding accents (NFKD, then dropping the combining marks) changes nothing in ASCII text.
  if (!/^[\x00-\x7f]*$/.test(text)) text = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  text = text.toLowerCase();
  if (text.includes(',')) text = text.replace(/(\d),(\d)/g, '$1$2');
  // The words are the runs of a-z and 0-9 (what `split(/[^a-z0-9]+/)` keeps), cut by character code.
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i += 1) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const w = text.slice(start, i);
      start = -1;
      if (w.length > 1 && !STOPWORDS.has(w)) words.push(stem(w));
    }
  }
  // Sorted, then each repeat is next to its first copy.
  sortStrings(words);
  let unique = 0;
  for (let i = 0; i < words.length; i += 1) if (i === 0 || words[i] !== words[unique - 1]) words[unique++] = words[i]!;
  words.length = unique;
  return words;
}

/** The stored fingerprint of a title: its significant words joined by spaces. */
export function fingerprint(title: string): string {
  return titleTokens(title).join(' ');
}

/** The distinct words of a fingerprint (as stored: words separated by spaces). */
function fingerprintWords(fp: string): Set<string> {
  return new Set(fp.split(' ').filter(Boolean));
}

/** The similarity rule of two fingerprints of 3 words or more: `shared` words of sizes `a` and `b`. */
function similarEnough(shared: number, a: number, b: number): boolean {
  const jaccard = shared / (a + b - shared);
  const overlap = shared / Math.min(a, b);
  return jaccard >= 0.6 || (shared >= 5 && overlap >= 0.8);
}

/** True when two fingerprints describe the same story. */
export function sameStory(a: string, b: string): boolean {
  const ta = fingerprintWords(a);
  const tb = fingerprintWords(b);
  if (ta.size < 3 || tb.size < 3) return a === b && a !== '';
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  return similarEnough(shared, ta.size, tb.size);
}


/**
 * The fewest shared words with which fingerprints of `a` and `b` words (3 or more each) pass
 * `similarEnough`, or Infinity when none do. The rule only gets easier with more shared words, so
 * "passes" is exactly "shares at least this many". Small sizes are kept in a table.
 */
const PAIR_TABLE = 64;
const pairNeed = new Float64Array(PAIR_TABLE * PAIR_TABLE).fill(-1);

export function needShared(a: number, b: number): number {
  const small = a < PAIR_TABLE && b < PAIR_TABLE;
  if (small) {
    const known = pairNeed[a * PAIR_TABLE + b]!;
    if (known >= 0) return known;
  }
  let need = Infinity;
  for (let s = 1; s <= Math.min(a, b); s += 1) {
    if (similarEnough(s, a, b)) {
      need = s;
      break;
    }
  }
  if (small) pairNeed[a * PAIR_TABLE + b] = need;
  return need;
}

/**
 * The fewest words two fingerprints of 3 words or more must share to pass `similarEnough` when one
 * of them has `n` words (whatever the size of the other), by index `n`; filled on demand.
 */
const minShared: number[] = [];

export function leastShared(n: number): number {
  let known = minShared[n];
  if (known !== undefined) return known;
  // For a partner of m ≥ n words the rule is easiest to meet at m = n (the Jaccard index only falls
  // as m grows and the overlap divides by n either way), so partners of 3..n words cover them all.
  known = n;
  for (let m = 3; m <= n; m += 1) known = Math.min(known, needShared(n, m));
  minShared[n] = known;
  return known;
}
