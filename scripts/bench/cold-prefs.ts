/**
 * The cold run's prefs (issue 19): request `n` of a cold run carries `coldPrefs(n)`, Calm Filters
 * that no earlier request of the run sent, so the remembered-answer cache (core/readmodel/answers.ts)
 * and the parsed-query and parsed-prefs caches (core/readmodel/params.ts) can serve none of them.
 *
 * Each prefs blob combines one of 528 avoid-term choices (one or two of 32 terms: words a few stories
 * mention, multi-word phrases, one non-ASCII word, and words of the generated pool itself, so some
 * sets filter a lot), a muted topic or none, a muted tag or none, a muted flavor or none, and a
 * cortisol and a ragebait ceiling or none: 26,832,960 combinations. `n` is mapped to a combination
 * by an affine permutation of that range (consecutive requests differ in every part), then read as
 * mixed-radix digits, so `n → prefs` is one-to-one for every `n` below `COLD_PREFS_COUNT`: the same
 * sequence on every run, and no repeat (test/bench/cold-prefs.test.ts).
 */
import { FLAVORS, TAG_FAMILIES, TOPICS } from '../../core/domain/taxonomy.ts';
import { AVOID_WORDS } from './fixtures.ts';

/** Avoid-terms readers choose; the last ones occur in the generated pool's titles (heavier filters). */
const TERMS: readonly string[] = [
  ...AVOID_WORDS, 'war', 'politics', 'royal family', 'stock market', 'inflation', 'murder', 'shooting', 'brexit', 'tariffs',
  'layoffs', 'strike', 'scandal', 'trial', 'earthquake', 'flood', 'cancer', 'virus', 'bitcoin', 'influencer', 'reality tv',
  'übernahme', 'ai', 'covid', 'lighthouse', 'orchard', 'choir', 'ferry', 'meadow', 'puppet',
];
const TOPIC_IDS = TOPICS.map((t) => t.id);
const TAG_IDS = TAG_FAMILIES.flatMap((f) => f.tags);
const FLAVOR_IDS = FLAVORS.map((f) => f.id);
/** Ceilings: none, or a value inside the generated pool's range (cortisol 0-4, ragebait 0-3). */
const CORTISOL = [null, 1, 2, 3, 4] as const;
const RAGEBAIT = [null, 1, 2, 3] as const;

/** One term alone (32 choices), then every pair i < j (496). */
const TERM_CHOICES = TERMS.length + (TERMS.length * (TERMS.length - 1)) / 2;

function termChoice(index: number): string[] {
  if (index < TERMS.length) return [TERMS[index] as string];
  let rest = index - TERMS.length;
  for (let i = 0; i < TERMS.length; i += 1) {
    const pairs = TERMS.length - 1 - i;
    if (rest < pairs) return [TERMS[i] as string, TERMS[i + 1 + rest] as string];
    rest -= pairs;
  }
  throw new Error(`term choice ${index} out of range`);
}

/** The radices of the mixed-radix reading, and how many distinct prefs there are. */
const RADICES = [TERM_CHOICES, TOPIC_IDS.length + 1, TAG_IDS.length + 1, FLAVOR_IDS.length + 1, CORTISOL.length, RAGEBAIT.length] as const;
export const COLD_PREFS_COUNT = RADICES.reduce((a, b) => a * b, 1);

/** The permutation's multiplier: a prime that divides no radix, so coprime with their product. */
const STEP = 2_654_435_761;
const OFFSET = 12_345;
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
if (gcd(STEP % COLD_PREFS_COUNT, COLD_PREFS_COUNT) !== 1) throw new Error('cold prefs: the permutation is not one-to-one');

/**
 * At most this many prefs are drawn by one bench (both cold routes, every run and warm-up); the
 * bench refuses to report a cold figure past it. test/bench/cold-prefs.test.ts checks the whole range.
 * Sixty seconds of cold load (two routes, six runs of 2 + 3 s each) at the cold child's most
 * (100,000 requests a second) is 6,000,000; the 1,000,000 first allowed here ran out on a machine
 * whose cold routes answered 31,000-41,000 a second (28 Nov 2026).
 */
export const COLD_RUN_MAX = 8_000_000;

/** The combination for request `n`: `(STEP·n + OFFSET) mod COLD_PREFS_COUNT`, exactly (BigInt). */
export function coldCombination(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n >= COLD_PREFS_COUNT) throw new RangeError(`cold prefs ${n} out of range`);
  return Number((BigInt(STEP) * BigInt(n) + BigInt(OFFSET)) % BigInt(COLD_PREFS_COUNT));
}

/** The prefs of request `n` of a cold run (0 ≤ n < COLD_PREFS_COUNT), as a reader's app sends them. */
export function coldPrefs(n: number): Record<string, unknown> {
  let rest = coldCombination(n);
  const digits = RADICES.map((radix) => {
    const digit = rest % radix;
    rest = Math.floor(rest / radix);
    return digit;
  });
  const [terms = 0, topic = 0, tag = 0, flavor = 0, cortisol = 0, ragebait = 0] = digits;
  const prefs: Record<string, unknown> = { avoid_terms: termChoice(terms) };
  if (topic > 0) prefs.mute_topics = [TOPIC_IDS[topic - 1]];
  if (tag > 0) prefs.mute_tags = [TAG_IDS[tag - 1]];
  if (flavor > 0) prefs.mute_flavors = [FLAVOR_IDS[flavor - 1]];
  if (CORTISOL[cortisol] !== null) prefs.max_cortisol = CORTISOL[cortisol];
  if (RAGEBAIT[ragebait] !== null) prefs.max_ragebait = RAGEBAIT[ragebait];
  return prefs;
}

/** The `prefs=` query parameter of request `n`. */
export function coldPrefsParam(n: number): string {
  return `prefs=${encodeURIComponent(JSON.stringify(coldPrefs(n)))}`;
}
