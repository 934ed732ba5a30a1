/**
 * The daily word games (Tidings Word, Long Word) as pure rules: a date-seeded PRNG (days are
 * core/domain/days.ts's), the answer schedule (no repeat within a year), Wordle colouring with the two-pass
 * duplicate-letter rule (CONTRACT.md "Word game"), the guess verdict and the emoji share grid.
 * No I/O and no clock: callers pass the day. Shared by the API, the job and the client module.
 */
import { dayNumber } from './days.ts';
import { isOneOf } from './guards.ts';

/** The two word-game variants, as named by `?game=` (CONTRACT.md). */
export type WordGame = 'classic' | 'long';

/** Every word game, in display order. */
export const WORD_GAMES: readonly WordGame[] = ['classic', 'long'];

/** Length, guess budget and display name of each variant (SPEC.md "Limits"). */
export const WORD_GAME_RULES: Readonly<Record<WordGame, { length: number; maxGuesses: number; title: string }>> = {
  classic: { length: 5, maxGuesses: 6, title: 'Tidings Word' },
  long: { length: 6, maxGuesses: 7, title: 'Long Word' },
};

/** True when `value` names a word game. */
export function isWordGame(value: unknown): value is WordGame {
  return value === 'classic' || value === 'long';
}

/** The tiles' colours, from the least to the most a guess can show of a letter. */
export const LETTER_MARKS = ['absent', 'present', 'correct'] as const;

/** One tile's colour. */
export type LetterMark = (typeof LETTER_MARKS)[number];

/** True when `value` is a tile's colour (the game reads the server's verdicts and the device's rows with it). */
export const isLetterMark = (value: unknown): value is LetterMark => isOneOf(LETTER_MARKS, value);

/** A curated answer: the word (lower-case a-z) and its short "why" note. */
export type AnswerEntry = readonly [word: string, why: string];

/** A 32-bit FNV-1a hash of a string: the seed of `createRandom`. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A deterministic PRNG (mulberry32) seeded by a string: same seed, same sequence, on every machine. */
export function createRandom(seed: string): () => number {
  return mulberry32(hashSeed(seed));
}

/** The mulberry32 PRNG from a 32-bit seed (also used by generated test and bench data). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n) drawn from `random`. */
export function randomInt(random: () => number, n: number): number {
  return Math.floor(random() * n);
}

/** A Fisher-Yates shuffled copy of `items`. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(random, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The entry scheduled for `day`: a fixed shuffle of the list (seeded by `salt`, so the file's
 * alphabetical order is not the play order) walked one step per day. Two days share an entry only
 * when they are a multiple of `list.length` apart, so a list of 366 or more never repeats within a year.
 */
export function scheduledEntry<T>(list: readonly T[], day: string, salt: string): T {
  if (list.length === 0) throw new Error('scheduledEntry: empty list');
  const order = shuffled(list, createRandom(`schedule:${salt}`));
  const n = order.length;
  return order[((dayNumber(day) % n) + n) % n] as T;
}

/**
 * Colour a guess against the answer (both lower-case, same length). Two passes, as in Wordle:
 * exact matches first; then, left to right, a letter is `present` only while the answer still has
 * unmatched copies of it, so a repeated letter is never coloured more often than the answer holds it.
 */
export function scoreGuess(answer: string, guess: string): LetterMark[] {
  if (answer.length !== guess.length) throw new Error('scoreGuess: length mismatch');
  const marks: LetterMark[] = Array.from({ length: guess.length }, () => 'absent');
  const remaining = new Map<string, number>();
  for (let i = 0; i < answer.length; i += 1) {
    const a = answer[i] as string;
    if (guess[i] === a) marks[i] = 'correct';
    else remaining.set(a, (remaining.get(a) ?? 0) + 1);
  }
  for (let i = 0; i < guess.length; i += 1) {
    if (marks[i] === 'correct') continue;
    const g = guess[i] as string;
    const left = remaining.get(g) ?? 0;
    if (left > 0) {
      marks[i] = 'present';
      remaining.set(g, left - 1);
    }
  }
  return marks;
}

/** The answer to a guess (CONTRACT.md): `answer` and `why` only once solved or the guesses are spent. */
export interface GuessVerdict {
  pattern: LetterMark[];
  solved: boolean;
  attempts_left: number;
  answer?: string;
  why?: string;
}

/** Judge one guess (already validated: `length` letters a-z, attempt in 1..maxGuesses). */
export function judgeGuess(puzzle: { answer: string; why: string; maxGuesses: number }, guess: string, attempt: number): GuessVerdict {
  const pattern = scoreGuess(puzzle.answer, guess);
  const solved = guess === puzzle.answer;
  const attemptsLeft = Math.max(0, puzzle.maxGuesses - attempt);
  const verdict: GuessVerdict = { pattern, solved, attempts_left: attemptsLeft };
  if (solved || attemptsLeft === 0) {
    verdict.answer = puzzle.answer;
    verdict.why = puzzle.why;
  }
  return verdict;
}

/** Why a guess is refused before it is scored, or null when it is well-formed. */
export function guessProblem(guess: unknown, length: number): string | null {
  if (typeof guess !== 'string') return 'guess must be a string';
  if (!new RegExp(`^[a-z]{${length}}$`).test(guess)) return `guess must be exactly ${length} letters a-z`;
  return null;
}

/** Tile emoji for the share grid: the usual palette, and a colour-blind-safe one (orange / blue). */
export const SHARE_PALETTES: Readonly<Record<'standard' | 'contrast', Readonly<Record<LetterMark, string>>>> = {
  standard: { correct: '🟩', present: '🟨', absent: '⬜' },
  contrast: { correct: '🟧', present: '🟦', absent: '⬜' },
};

/**
 * The shareable result: title, day, score (`X` when unsolved) and one emoji row per guess. It is
 * built from the patterns only, so it can never contain the answer or a guessed word.
 */
export function shareGrid(
  game: WordGame,
  day: string,
  patterns: readonly (readonly LetterMark[])[],
  palette: 'standard' | 'contrast' = 'standard',
): string {
  const rules = WORD_GAME_RULES[game];
  const solved = patterns.some((row) => row.length > 0 && row.every((mark) => mark === 'correct'));
  const score = solved ? String(patterns.length) : 'X';
  const tiles = SHARE_PALETTES[palette];
  const rows = patterns.map((row) => row.map((mark) => tiles[mark]).join(''));
  return [`${rules.title} ${day} ${score}/${rules.maxGuesses}`, '', ...rows].join('\n');
}
