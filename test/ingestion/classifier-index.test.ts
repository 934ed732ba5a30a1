/**
 * The offline classifier cuts texts into tokens by character code and remembers what each token
 * finds (a bounded hash table keyed by a hash computed during the scan). These tests compare both
 * with the plain paths they stand for: the Unicode token regex on random text mixing ASCII,
 * accents, marks, other scripts' digits, astral letters, emoji and lone surrogates; and the
 * uncached token lookup on random tokens, across more tokens than the cache holds and for tokens
 * built to share a hash. The whole classification is compared with the pre-optimisation snapshot
 * in snapshots.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifierInternals } from '../../core/domain/classifier-hits.ts';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { FLAVOR_TERMS, TAG_TERMS, TOPIC_TERMS } from '../../core/domain/lexicons.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { classifierInputs } from './snapshot-inputs.ts';

const { tokensOf, termsOfToken, cachedTermsOfToken, cacheSize, cacheMax } = classifierInternals;

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** Pieces of text around the token rule's edges. */
const PIECES = [
  'a', 'Z', 'q', '7', '0', ' ', '  ', '-', "'", '’', '_', '.', ',', '!', '\t', '\n', '\u00a0',
  'é', 'É', 'ß', 'ſ', 'ı', 'İ', 'K', '\u0301', 'ü', 'ñ', '٣', '²', 'Ⅻ', '中', 'ж', 'Ω',
  '𝒜', '𝟘', '😀', '👍🏽', '\ud800', '\udc00', '\ud83d', '…', '—', '©', 'café', 'naïve', 'Straße', 'reunited', 'flood-hit',
];

test('tokensOf cuts exactly the runs of /[\\p{L}\\p{N}]+/gu on random mixed text', () => {
  const rand = mulberry32(5);
  for (let i = 0; i < 5000; i += 1) {
    let text = '';
    const n = Math.floor(rand() * 30);
    for (let k = 0; k < n; k += 1) text += pick(rand, PIECES);
    const lower = text.toLowerCase();
    assert.equal(tokensOf(lower), lower.match(/[\p{L}\p{N}]+/gu) ?? [], JSON.stringify(text));
  }
});

/** Every lexicon term's letters, the stems a token lookup starts from. */
function lexiconStems(): string[] {
  const terms = [
    ...[TOPIC_TERMS, TAG_TERMS, FLAVOR_TERMS].flatMap((m) => Object.values(m).flat()),
  ];
  return [...new Set(terms.map((t) => t.replace(/[^a-z0-9\u00e9]+/g, '')))].filter(Boolean);
}

test('the cached token lookup answers as the plain lookup, across more tokens than the cache holds', () => {
  const rand = mulberry32(9);
  const stems = lexiconStems();
  const endings = ['', '', 's', 'ed', 'ing', 'er', 'ly', 'ness', 'é', 'x', '2026'];
  const asked: string[] = [];
  let sawClear = false;
  let found = 0;
  for (let i = 0; i < cacheMax * 2.5; i += 1) {
    let token: string;
    const roll = rand();
    if (roll < 0.3 && asked.length > 0) token = pick(rand, asked);
    else if (roll < 0.8) {
      const stem = pick(rand, stems);
      token = stem.slice(0, 1 + Math.floor(rand() * stem.length)) + pick(rand, endings);
    } else {
      token = Array.from({ length: 1 + Math.floor(rand() * (rand() < 0.05 ? 60 : 12)) }, () => pick(rand, [...'abcdefghijklmnopqrstuvwxyz0123456789é'])).join('');
    }
    asked.push(token);
    const before = cacheSize();
    const cached = cachedTermsOfToken(token);
    if (cacheSize() < before) sawClear = true;
    const plain = termsOfToken(token);
    assert.equal(cached, plain, token);
    found += plain.found.length + plain.tryRegex.length;
  }
  assert.ok(sawClear, 'the cache was never cleared: the test did not reach its bound');
  assert.ok(cacheSize() <= cacheMax);
  assert.ok(found > 5_000, `${found} terms found: the tokens hardly touched the lexicons`);
});

test('tokens whose hashes collide are told apart by the cache', () => {
  // The cache is keyed by the multiply-by-31 hash of the token's code units; raising one unit by 1
  // and lowering the next by 31 keeps that hash. Each lexicon stem and such a twin must each get
  // their own terms, whichever is looked up first.
  let twins = 0;
  for (const stem of lexiconStems()) {
    if (stem.length < 2) continue;
    const i = stem.length - 2;
    const twin = stem.slice(0, i) + String.fromCharCode(stem.charCodeAt(i) + 1, stem.charCodeAt(i + 1) - 31);
    for (const [first, second] of [[stem, twin], [twin, stem]] as const) {
      assert.equal(cachedTermsOfToken(first), termsOfToken(first), first);
      assert.equal(cachedTermsOfToken(second), termsOfToken(second), second);
    }
    if (JSON.stringify(termsOfToken(stem)) !== JSON.stringify(termsOfToken(twin))) twins += 1;
  }
  assert.ok(twins > 300, `${twins} twins with other terms than their stem`);
});

test('classifications are the same with a cold cache, a warm one and one just cleared', () => {
  const inputs = classifierInputs().slice(0, 400);
  const first = inputs.map((input) => classifyOffline(input));
  assert.equal(inputs.map((input) => classifyOffline(input)), first);
  // Fill the cache past its bound with tokens of no lexicon, so it is cleared mid-way.
  for (let i = 0; i <= cacheMax; i += 1) cachedTermsOfToken(`zzq${i}`);
  assert.equal(inputs.map((input) => classifyOffline(input)), first);
});

test('a phrase is still found when the cache is cleared while its text is read', () => {
  // "to buy" is tried as a regex only when both words are tokens of the text; a clear between
  // reading them and trying it drops their entries, which must not count as "not in the text".
  const input = { title: `Where to buy ${Array.from({ length: 12 }, (_, i) => `zq${i}`).join(' ')}`, teaser: '' };
  const fresh = classifyOffline(input);
  assert.ok(fresh.promotional >= 3, `promotional ${fresh.promotional}: the phrase did not count`);
  for (let ahead = 1; ahead <= 12; ahead += 1) {
    // Fill the cache to `ahead` entries short of its bound, so it is cleared after "to" and "buy".
    let i = 0;
    while (cacheSize() !== cacheMax - ahead - 3) cachedTermsOfToken(`fill${ahead}x${(i += 1)}`);
    assert.equal(classifyOffline(input), fresh, `cleared ${ahead} tokens after the phrase`);
  }
});

test.run();
