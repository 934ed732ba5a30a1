/**
 * The calm gate's word scanner (core/domain/word-scan.ts) cuts text by character code; these tests
 * compare it with the regex it replaced on random text mixing ASCII, apostrophes of every kind,
 * accents, combining marks, other scripts' digits, astral letters and digits, emoji and lone
 * surrogates, and with the limit on the number of words; the full-text word count
 * (`countWords`, for core/domain/full-text.ts) with the regex it replaced on the same text. The corpus golden
 * (corpus-golden.test.ts) checks the whole classification on real text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { countWords, scanWords } from '../../core/domain/word-scan.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const PIECES = [
  'a', 'z', 'q', 'S', '7', '0', '42', ' ', '  ', '-', "'", '’', '‘', 'ʼ', '`', "''", '_', '.', ',', '!', '\t', '\n', '\u00a0',
  'é', 'ß', 'ſ', 'ı', 'i\u0307', '\u0301', 'ü', '٣', '²', 'Ⅻ', '½', '中', 'ж', 'ω', '𝒜', '𝟘', '𐍈', '😀', '👍🏽',
  '\ud800', '\udc00', '\ud83d', '…', '—', 'won', 't', 's', 'rock', 'n', 'roll', 'o', 'neill', '1990', 'café',
];

/** The scanner it replaced: the matches of the word regex, apostrophes dropped, numbers as `#`. */
function regexWords(lower: string, limit: number): { words: string[]; end: number } {
  const words: string[] = [];
  for (const m of lower.matchAll(/[\p{L}\p{N}]+(?:['\u2018\u2019\u02bc`][\p{L}]+)*/gu)) {
    if (words.length === limit) return { words, end: m.index };
    const w = m[0].replace(/['\u2018\u2019\u02bc`]/g, '');
    words.push(/^\p{N}+$/u.test(w) ? '#' : w);
  }
  return { words, end: lower.length };
}

test('scanWords gives the regex scanner’s words and end on random mixed text, with and without a limit', () => {
  const rand = mulberry32(17);
  for (let i = 0; i < 20_000; i += 1) {
    const text = Array.from({ length: Math.floor(rand() * 24) }, () => pick(rand, PIECES)).join('');
    const lower = text.toLowerCase();
    const limit = rand() < 0.5 ? Infinity : Math.floor(rand() * 6);
    assert.equal(scanWords(lower, limit), regexWords(lower, limit), JSON.stringify([text, limit]));
  }
});

test('scanWords joins apostrophes only before a letter, and writes numbers as #', () => {
  assert.equal(scanWords("won't rock’n’roll 1,200 o'9 x'", Infinity).words, ['wont', 'rocknroll', '#', '#', 'o', '#', 'x']);
  assert.equal(scanWords('one two three', 2), { words: ['one', 'two'], end: 8 });
});

const count = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;

test('countWords counts what the full-text regex matched, on random text', () => {
  const rand = mulberry32(23);
  for (let i = 0; i < 30_000; i += 1) {
    let text = '';
    for (let k = Math.floor(rand() * 14); k > 0; k -= 1) text += pick(rand, PIECES);
    assert.is(countWords(text), count(text), JSON.stringify(text));
  }
});

const feeds = sharedFixtures('feeds', 'README.md');
if (feeds) {
  test('countWords counts what the full-text regex matched, on every real fixture feed', () => {
    for (const file of readdirSync(feeds)) {
      const text = readFileSync(new URL(file, feeds), 'utf8');
      assert.is(countWords(text), count(text), file);
    }
  });
}

test.run();
