import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { guessProblem, judgeGuess, scoreGuess, shareGrid, type LetterMark } from '../../core/domain/puzzle.ts';

const C = 'correct';
const P = 'present';
const A = 'absent';

// [answer, guess, expected]: repeated letters in the guess, in the answer, or both.
const CASES: Array<[string, string, LetterMark[]]> = [
  ['abbey', 'babes', [P, P, C, C, A]],
  ['crane', 'eerie', [A, A, P, A, C]],
  ['crane', 'crane', [C, C, C, C, C]],
  ['crane', 'moist', [A, A, A, A, A]],
  ['abbey', 'keeps', [A, P, A, A, A]], // two guessed Es, one E in the answer: only one is coloured
  ['speed', 'eerie', [P, P, A, A, A]], // two Es in both, neither in place
  ['speed', 'geese', [A, P, C, P, A]], // the exact E counts first; the one E left goes to the leftmost guessed E
  ['eerie', 'speed', [A, A, P, P, A]],
  ['apple', 'paper', [P, P, C, P, A]],
  ['hello', 'llama', [P, P, A, A, A]],
  ['lolly', 'hello', [A, A, C, C, P]],
  ['array', 'rarer', [P, P, C, A, A]], // three Rs guessed, two in the answer: the exact R and one present
  ['robin', 'broom', [P, P, P, A, A]], // two Os guessed, one in the answer
  ['geese', 'eerie', [P, C, A, A, C]],
  ['cobalt', 'bottle', [P, C, P, A, C, A]], // six letters: two Ts guessed, one in the answer
  ['meadow', 'woolly', [P, P, A, A, A, A]], // two Os guessed, one in the answer
  ['pepper', 'puppet', [C, A, C, C, C, A]],
];

for (const [answer, guess, expected] of CASES) {
  test(`colouring ${guess.toUpperCase()} against ${answer.toUpperCase()} uses the two-pass duplicate-letter rule`, () => {
    assert.equal(scoreGuess(answer, guess), expected);
  });
}

test('a letter is never coloured more often than the answer holds it', () => {
  for (const [answer, guess] of CASES) {
    const marks = scoreGuess(answer, guess);
    for (const letter of new Set(guess)) {
      const coloured = [...guess].filter((g, i) => g === letter && marks[i] !== 'absent').length;
      const held = [...answer].filter((a) => a === letter).length;
      assert.ok(coloured <= held, `${guess}/${answer}: ${letter}`);
    }
  }
});

test('judgeGuess reveals answer and why only when solved or on the last attempt', () => {
  const puzzle = { answer: 'crane', why: 'A tall bird.', maxGuesses: 6 };
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const verdict = judgeGuess(puzzle, 'moist', attempt);
    assert.equal(Object.keys(verdict).sort(), ['attempts_left', 'pattern', 'solved']);
    assert.is(verdict.attempts_left, 6 - attempt);
  }
  assert.equal(judgeGuess(puzzle, 'moist', 6), { pattern: [A, A, A, A, A], solved: false, attempts_left: 0, answer: 'crane', why: 'A tall bird.' });
  assert.equal(judgeGuess(puzzle, 'crane', 2), { pattern: [C, C, C, C, C], solved: true, attempts_left: 4, answer: 'crane', why: 'A tall bird.' });
});

test('guessProblem accepts exactly length letters a-z and names the rule otherwise', () => {
  const cases: Array<[unknown, number, boolean]> = [
    ['crane', 5, true], ['cranes', 6, true], ['cran', 5, false], ['cranes', 5, false], ['CRANE', 5, false],
    ['cr4ne', 5, false], ['crâne', 5, false], [' cran', 5, false], [12345, 5, false], [null, 5, false],
  ];
  for (const [guess, length, ok] of cases) assert.is(guessProblem(guess, length) === null, ok, String(guess));
});

test('the share grid holds emoji rows and the score, never the answer or a guess', () => {
  const patterns: LetterMark[][] = [scoreGuess('crane', 'moist'), scoreGuess('crane', 'trace'), scoreGuess('crane', 'crane')];
  const text = shareGrid('classic', '2026-03-14', patterns);
  assert.is(text, 'Tidings Word 2026-03-14 3/6\n\n⬜⬜⬜⬜⬜\n⬜🟩🟩🟨🟩\n🟩🟩🟩🟩🟩');
  assert.not.match(text.toLowerCase(), /crane|moist|trace/);
  const contrast = shareGrid('long', '2026-03-14', [scoreGuess('cobalt', 'bottle')], 'contrast');
  assert.is(contrast, 'Long Word 2026-03-14 X/7\n\n🟦🟧🟦⬜🟧⬜');
});

test.run();
