/**
 * The calm gate runs its costlier patterns only on text they can match (core/domain/gate-cue-words.ts):
 * SPONSOR and AFFILIATE only when a word of SPONSOR_WORDS / AFFILIATE_WORDS was read (or the text
 * is not plain ASCII), PRICE and PERCENT only on text with a digit, SHOUTED only where MAY_SHOUT
 * finds four capitals in a row. These tests check that each word list covers every phrase its
 * pattern can match, and compare the features with the patterns run everywhere on random text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { AFFILIATE, AFFILIATE_WORDS, MAY_SHOUT, PERCENT, PRICE, SHOUTED, SPONSOR, SPONSOR_WORDS } from '../../core/domain/gate-cue-words.ts';
import { DENSE, gateFeatures } from '../../core/domain/gate-features.ts';
import { shippedModel } from '../../core/domain/gate-weights.ts';
import { scanWords } from '../../core/domain/word-scan.ts';

/** Every string a pattern of literal text, `(?:…|…)` groups and `?` after a character or group matches. */
function expand(source: string): string[] {
  let at = 0;
  const alternatives = (): string[] => {
    const out: string[] = [];
    let current = [''];
    for (;;) {
      const c = source[at];
      if (c === undefined || c === ')') return [...out, ...current];
      at += 1;
      if (c === '|') {
        out.push(...current);
        current = [''];
        continue;
      }
      let piece: string[];
      if (c === '(') {
        assert.is(source.slice(at, at + 2), '?:');
        at += 2;
        piece = alternatives();
        at += 1;
      } else piece = [c];
      if (source[at] === '?') {
        at += 1;
        piece = ['', ...piece];
      }
      current = current.flatMap((head) => piece.map((tail) => head + tail));
    }
  };
  return alternatives();
}

for (const [name, pattern, words] of [['SPONSOR', SPONSOR, SPONSOR_WORDS], ['AFFILIATE', AFFILIATE, AFFILIATE_WORDS]] as const) {
  test(`every phrase ${name} matches holds a word of its list`, () => {
    const source = pattern.source;
    assert.ok(source.startsWith('\\b(?:') && source.endsWith(')\\b'));
    const phrases = expand(source.slice(5, -3));
    assert.ok(phrases.length > 10);
    for (const phrase of phrases) {
      assert.ok(pattern.test(phrase), phrase);
      assert.ok(scanWords(phrase, Infinity).words.some((w) => words.has(w)), `${name}: "${phrase}" holds none of the words`);
    }
  });
}

const PIECES = [
  ' ', ' ', ' ', '  ', '\n', '-', "'", '’', '`', '_', '.', ',', '!', '?', '%', '£', '$', '€', '"', '“', 'é', 'É', 'ſ', 'İ', '𝐀', '½',
  'a', 'the', 'news', 'town', 'WOW', 'LOOK', 'NASA', 'Cafe', 'CAFÉ', 'ÉTÉS', '3', '42', '9.99', '1,000', 'percent', 'per cent', 'pounds', 'million',
  'sponsored', 'Sponsored', 'paid post', 'paid for by', 'partner content', 'in partnership with', 'in association with', 'brought to you by', 'a message from',
  'affiliate', 'we may earn', 'our top picks', 'our pick', 'buying guide', 'shop now', 'buy now', 'pre-order', 'preorder', 'in stock', 'free shipping',
  'free trial', 'sign up today', 'register for our free', 'book your tickets', 'join us', 'limited offer', 'while stocks last', 'ends tonight', 'end soon',
  'unsponsored', 'sponsoreds', 'éaffiliate', 'affiliateé', 'shop_now', 'buy now’s', "join us's", 'free`shipping',
];

test('the gate reads the same features as with every pattern run everywhere (random text)', () => {
  const rand = mulberry32(20261126);
  const lexicon = shippedModel().lexicon;
  const index = (name: (typeof DENSE)[number]) => DENSE.indexOf(name);
  for (let n = 0; n < 4000; n += 1) {
    const text = (count: number) => Array.from({ length: count }, () => PIECES[Math.floor(rand() * PIECES.length)]!).join(rand() < 0.5 ? ' ' : '');
    const title = text(1 + Math.floor(rand() * 8));
    // Fewer than 40 words: the teaser is read whole.
    const teaser = text(Math.floor(rand() * 6));
    const both = `${title}\n${teaser}`;
    const dense = gateFeatures(title, teaser, lexicon).dense;
    const shouted = SHOUTED.test(title) && title !== title.toUpperCase();
    assert.is(dense[index('sponsor')], SPONSOR.test(both) ? 1 : 0, `sponsor: ${JSON.stringify(both)}`);
    assert.is(dense[index('affiliate')], AFFILIATE.test(both) ? 1 : 0, `affiliate: ${JSON.stringify(both)}`);
    assert.is(dense[index('price')]! > 0, PRICE.test(both), `price: ${JSON.stringify(both)}`);
    if (PERCENT.test(both)) assert.ok(dense[index('discount')]! > 0, `percent: ${JSON.stringify(both)}`);
    assert.is(dense[index('shout')], shouted ? 1 : 0, `shout: ${JSON.stringify(title)}`);
    if (SHOUTED.test(title)) assert.ok(MAY_SHOUT.test(title), title);
  }
});

test.run();
