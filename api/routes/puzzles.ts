/**
 * The daily puzzles (SPEC.md "Puzzles", CONTRACT.md "Word game"), mounted at `/api/puzzle`. The
 * answer and its why note leave the server only in the guess reply that solves the puzzle or spends
 * the last guess; the word search is served without placements. A day's puzzle missing when a
 * reader asks (the job has not run yet) is created on the spot through the same write-once store
 * call as the job, so the reader and the job can never disagree.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { z } from 'zod';
import { ValidationError } from '../../core/platform/errors.ts';
import { addDays, utcDay } from '../../core/domain/days.ts';
import { guessProblem, isWordGame, judgeGuess, WORD_GAME_RULES, type WordGame } from '../../core/domain/puzzle.ts';
import { ensureWordPuzzle, ensureWordSearch } from '../../core/puzzles/daily.ts';
import { dictionary, isDictionaryLength } from '../../core/puzzles/dictionary.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { jsonBody, query } from '../validate.ts';

/** How long browsers and CDNs may keep a dictionary (a week; the ETag revalidates after a deploy). */
export const DICTIONARY_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** `classic` (the default, also for an empty value) or `long`. */
const Game = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.custom<WordGame>(isWordGame, 'must be "classic" or "long"').default('classic'),
);

/** The guess body; the guess's letters and the attempt's range depend on the game (checked below). */
const GuessBody = z.object({
  game: Game,
  guess: z.string(),
  attempt: z.number().int('must be a whole number'),
  date: z.string().optional(),
});

/** `?length=5` or `6`. */
const WordsQuery = z.object({ length: z.coerce.number().refine(isDictionaryLength, 'must be 5 or 6') });

/** The puzzles sub-app. */
export function puzzleRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/word', query(z.object({ game: Game })), async (c) => {
    const { game } = c.req.valid('query');
    const day = utcDay(deps.now());
    const { puzzle } = await ensureWordPuzzle(deps.db, day, game, deps.now());
    c.header('Cache-Control', 'no-cache');
    // Fields are picked one by one: the stored payload also holds the answer and its note.
    return c.json({ date: day, game, length: puzzle.length, max_guesses: puzzle.max_guesses });
  });

  app.post(
    '/word/guess',
    jsonBody(GuessBody, { maxBytes: 1024, tooLarge: 'A guess body is a few bytes of JSON.' }),
    async (c) => {
      const body = c.req.valid('json');
      const game = body.game;
      const rules = WORD_GAME_RULES[game];
      const guess = body.guess.toLowerCase();
      const problem = guessProblem(guess, rules.length);
      if (problem !== null) throw new ValidationError(`${problem}.`);
      const attempt = body.attempt;
      if (attempt < 1 || attempt > rules.maxGuesses) {
        throw new ValidationError(`attempt must be a whole number from 1 to ${rules.maxGuesses}.`);
      }
      // A game started just before midnight (UTC) may finish on yesterday's puzzle; nothing older, nothing ahead.
      const today = utcDay(deps.now());
      const day = body.date === undefined ? today : body.date;
      if (day !== today && day !== addDays(today, -1)) {
        throw new ValidationError('date must be today or yesterday (UTC, YYYY-MM-DD).');
      }
      const { puzzle } = await ensureWordPuzzle(deps.db, day, game, deps.now());
      c.header('Cache-Control', 'no-store');
      return c.json(judgeGuess({ answer: puzzle.answer, why: puzzle.why, maxGuesses: puzzle.max_guesses }, guess, attempt));
    },
  );

  app.get('/wordsearch', async (c) => {
    const day = utcDay(deps.now());
    // No model here: a reader never waits on one. The job creates the day's puzzle with the model ahead of time.
    const { puzzle } = await ensureWordSearch(deps.db, day, { model: null, log: deps.log, now: deps.now() });
    c.header('Cache-Control', 'no-cache');
    return c.json({ date: day, theme: puzzle.theme, words: puzzle.words, grid: puzzle.grid, size: puzzle.size });
  });

  app.get('/words', query(WordsQuery), compress(), (c) => {
    const { length } = c.req.valid('query');
    const dict = dictionary(length);
    c.header('Cache-Control', `public, max-age=${DICTIONARY_MAX_AGE_SECONDS}, stale-while-revalidate=86400`);
    c.header('ETag', dict.etag);
    if (c.req.header('If-None-Match') === dict.etag) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(dict.body);
  });

  return app;
}
