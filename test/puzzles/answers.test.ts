import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addDays, dayNumber, isUtcDay, utcDay } from '../../core/domain/days.ts';
import { createRandom, WORD_GAMES, WORD_GAME_RULES } from '../../core/domain/puzzle.ts';
import { scheduledWordPuzzle } from '../../core/puzzles/daily.ts';
import { ANSWERS, dictionary } from '../../core/puzzles/dictionary.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';

test('dictionaries hold 12,000-13,500 five-letter and 21,500-23,500 six-letter words, all lower-case a-z', () => {
  const five = dictionary(5);
  const six = dictionary(6);
  assert.ok(five.words.length >= 12_000 && five.words.length <= 13_500, `five: ${five.words.length}`);
  assert.ok(six.words.length >= 21_500 && six.words.length <= 23_500, `six: ${six.words.length}`);
  assert.ok(five.words.every((w) => /^[a-z]{5}$/.test(w)));
  assert.ok(six.words.every((w) => /^[a-z]{6}$/.test(w)));
});

test('every curated answer is in its dictionary as the package ships it', () => {
  // Read the package's own file, not our merged set: an answer missing upstream must fail here.
  const shipped = new Set(readFileSync(path.resolve('node_modules/word-list/words.txt'), 'utf8').split('\n'));
  for (const length of [5, 6] as const) {
    for (const [word] of ANSWERS[length]) {
      assert.ok(shipped.has(word), `${word} missing from word-list`);
      assert.ok(dictionary(length).set.has(word), `${word} missing from the ${length}-letter dictionary`);
    }
  }
});

test('each answer list has at least 366 distinct words of its length, each with a why note', () => {
  for (const length of [5, 6] as const) {
    const list = ANSWERS[length];
    assert.ok(list.length >= 366, `${length}: ${list.length}`);
    assert.is(new Set(list.map(([w]) => w)).size, list.length, `${length}: duplicates`);
    for (const [word, why] of list) {
      assert.match(word, new RegExp(`^[a-z]{${length}}$`));
      assert.ok(why.length >= 10 && why.length <= 120, `${word}: why note length ${why.length}`);
    }
  }
});

const wordlists = sharedFixtures('wordlists', 'common-5-letter.scowl35.txt');
if (wordlists) test('answers are drawn from the reviewed SCOWL candidate lists (../shared/fixtures/wordlists)', () => {
  for (const length of [5, 6] as const) {
    const candidates = new Set(readFileSync(new URL(`common-${length}-letter.scowl35.txt`, wordlists), 'utf8').split('\n'));
    const outside = ANSWERS[length].filter(([w]) => !candidates.has(w)).map(([w]) => w);
    // A handful of hand-picked common words (e.g. plural-free forms) may come from outside the list.
    assert.ok(outside.length <= 15, `${length}: ${outside.join(' ')}`);
  }
});

test('no answer repeats within a year: any 366 consecutive days have distinct answers', () => {
  const random = createRandom('answers-test');
  const starts = ['2026-01-01', '2027-12-31', ...Array.from({ length: 4 }, () => addDays('2024-01-01', Math.floor(random() * 3000)))];
  for (const game of WORD_GAMES) {
    for (const start of starts) {
      const seen = new Map<string, string>();
      for (let i = 0; i < 366; i += 1) {
        const day = addDays(start, i);
        const { answer, length, max_guesses } = scheduledWordPuzzle(day, game);
        assert.is(length, WORD_GAME_RULES[game].length);
        assert.is(max_guesses, WORD_GAME_RULES[game].maxGuesses);
        assert.not.ok(seen.has(answer), `${game}: ${answer} on ${seen.get(answer)} and ${day}`);
        seen.set(answer, day);
      }
    }
  }
});

test('the schedule is a fixed function of the day', () => {
  assert.equal(scheduledWordPuzzle('2026-03-14', 'classic'), scheduledWordPuzzle('2026-03-14', 'classic'));
  assert.is.not(scheduledWordPuzzle('2026-03-14', 'classic').answer, scheduledWordPuzzle('2026-03-15', 'classic').answer);
});

test('no answer can hide inside the fixed text of a puzzle response', () => {
  // The raw-JSON secrecy checks search responses for the answer; this keeps that search meaningful.
  const fixed = '{"date":"","game":"classic","long","length":5,"max_guesses":6,"pattern":["correct","present","absent"],"solved":false,"attempts_left":0,"error":{"code":"invalid_input","message":"guess must be exactly letters a-z attempt whole number from to"}}';
  for (const length of [5, 6] as const) {
    for (const [word] of ANSWERS[length]) assert.not.ok(fixed.includes(word), word);
  }
});

test('UTC day helpers: days are computed in code, across month and year ends', () => {
  assert.is(utcDay(new Date('2026-03-14T23:59:59.999Z')), '2026-03-14');
  assert.is(utcDay(new Date('2026-03-15T00:00:00+02:00')), '2026-03-14');
  assert.is(addDays('2026-12-31', 1), '2027-01-01');
  assert.is(addDays('2028-03-01', -1), '2028-02-29');
  assert.is(dayNumber('1970-01-02'), 1);
  assert.ok(isUtcDay('2026-02-28'));
  assert.not.ok(isUtcDay('2026-02-30'));
  assert.not.ok(isUtcDay('2026-2-3'));
});

test.run();
