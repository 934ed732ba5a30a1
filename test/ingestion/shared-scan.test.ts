/**
 * classifyOffline cuts each title and teaser once: the classifier's token scan (`hitsOf` with a
 * TokenList) also gives the calm gate its words when the two scanners cut the same runs (no
 * apostrophe, no trap, lower-casing keeps the length). These tests compare that list with the
 * gate's own scanner, and the classification's gate view with `gateView` reading alone, on random
 * text mixing ASCII, numbers, apostrophes, accents, traps, other scripts' digits and astral letters.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hitsOf, type TokenList } from '../../core/domain/classifier-hits.ts';
import { classifyOffline } from '../../core/domain/classifier.ts';
import { gateView } from '../../core/domain/gate-model.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { scanWords, wordOfToken } from '../../core/domain/word-scan.ts';

const PIECES = [
  'a', 'Z', 'q', '7', '0', '42', '1990', ' ', ' ', ' ', '  ', '-', "'", '’', 'ʼ', '`', '_', '.', ',', '!', '?', '\n', '\u00a0',
  'é', 'É', 'ß', 'ſ', 'İ', 'K', '\u0301', '٣', '²', 'Ⅻ', '½', '中', 'Ω', '𝒜', '𝟘', '😀', '\ud800',
  'flood', 'kills', 'rescued', 'volunteers', 'plant', 'trees', 'deal', 'off', 'you', 'won', 't', 'best', 'ever', 'dies', 'at', 'SHOCKING', 'sponsored', ' £5 ', ' 10% ', ' buy now ',
];

/** Apostrophes (where the two scanners differ) only in half the texts, so the shared path is taken on long ones too. */
const WITHOUT_APOSTROPHES = PIECES.filter((p) => !/['\u2018\u2019\u02bc`]/.test(p));

function randomText(rand: () => number, pieces: number, between = ''): string {
  const from = rand() < 0.5 ? PIECES : WITHOUT_APOSTROPHES;
  return Array.from({ length: pieces }, () => from[Math.floor(rand() * from.length)]!).join(between);
}

test('hitsOf’s token list gives scanWords’s words and end wherever it says it is whole and the text has no apostrophe', () => {
  const rand = mulberry32(11);
  let compared = 0;
  for (let i = 0; i < 5000; i += 1) {
    const text = randomText(rand, Math.floor(rand() * 40));
    const limit = rand() < 0.5 ? Infinity : Math.floor(rand() * 50);
    const list: TokenList = { tokens: [], limit, next: -1, whole: true };
    hitsOf(text, list);
    if (!list.whole || /['\u2018\u2019\u02bc`]/.test(text)) continue;
    compared += 1;
    const expected = scanWords(text.toLowerCase(), limit);
    assert.equal(list.tokens.map(wordOfToken), expected.words, JSON.stringify(text));
    assert.is(list.next < 0 ? text.length : list.next, expected.end, JSON.stringify(text));
  }
  assert.ok(compared > 500, `${compared} compared`);
});

test('classifyOffline’s gate view is gateView’s reading alone (random titles and teasers)', () => {
  const rand = mulberry32(12);
  for (let i = 0; i < 3000; i += 1) {
    const title = randomText(rand, 1 + Math.floor(rand() * 40));
    const teaser = randomText(rand, Math.floor(rand() * 120), rand() < 0.5 ? ' ' : '');
    const view = gateView(title, teaser.slice(0, 600));
    const offline = classifyOffline({ title, teaser }).offline!;
    assert.equal(
      [offline.accept, offline.reason, offline.p_accept, offline.cortisol, offline.ragebait, offline.promotional, offline.cues],
      [view.accept, view.reason, Math.round(view.probabilities.accept * 1000) / 1000, view.cortisol, view.ragebait, view.promotional, view.cues],
      JSON.stringify([title, teaser]),
    );
  }
});

test.run();
