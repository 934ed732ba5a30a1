/**
 * The daily puzzles (SPEC.md "Puzzles", CONTRACT.md "Word game"), mounted at `/api/puzzle`. The
 * answer and its why note leave the server only in the guess reply that solves the puzzle or spends
 * the last guess; the word search is served without placements. A day's puzzle missing when a
 * reader asks (the job has not run yet) is created on the spot through the same write-once store
 * call as the job, so the reader and the job can never disagree.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { z } from 'zod';
import { AppError, ValidationError } from '../../core/platform/errors.ts';
import { addDays, guessProblem, isWordGame, judgeGuess, utcDay, WORD_GAME_RULES } from '../../core/domain/puzzle.ts';
import { ensureWordPuzzle, ensureWordSearch } from '../../core/puzzles/daily.ts';
import { dictionary, isDictionaryLength } from '../../core/puzzles/dictionary.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** How long browsers and CDNs may keep a dictionary (a week; the ETag revalidates after a deploy). */
export const DICTIONARY_MAX_AGE_SECONDS = 7 * 24 * 3600;

const guessBody = z.object({
  game: z.unknown().optional(),
  guess: z.unknown(),
  attempt: z.unknown(),
  date: z.unknown().optional(),
});

/** `?game=` (default classic) or a 422 naming the allowed values. */
function parseGame(value: unknown) {
  const game = value === undefined || value === null || value === '' ? 'classic' : value;
  if (!isWordGame(game)) throw new ValidationError('game must be "classic" or "long".');
  return game;
}

/** The puzzles sub-app. */
export function puzzleRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/word', async (c) => {
    const game = parseGame(c.req.query('game'));
    const day = utcDay(deps.now());
    const { puzzle } = await ensureWordPuzzle(deps.db, day, game, deps.now());
    c.header('Cache-Control', 'no-cache');
    // Fields are picked one by one: the stored payload also holds the answer and its note.
    return c.json({ date: day, game, length: puzzle.length, max_guesses: puzzle.max_guesses });
  });

  app.post(
    '/word/guess',
    bodyLimit({
      maxSize: 1024,
      onError: () => {
        throw new AppError('payload_too_large', 'A guess body is a few bytes of JSON.', 413);
      },
    }),
    async (c) => {
      let raw: unknown;
      try {
        raw = JSON.parse(await c.req.text());
      } catch {
        throw new ValidationError('The body must be JSON like {"game":"classic","guess":"crane","attempt":1}.');
      }
      const body = guessBody.safeParse(raw);
      if (!body.success) throw new ValidationError('The body must be a JSON object with guess and attempt.');
      const game = parseGame(body.data.game);
      const rules = WORD_GAME_RULES[game];
      const guess = typeof body.data.guess === 'string' ? body.data.guess.toLowerCase() : body.data.guess;
      const problem = guessProblem(guess, rules.length);
      if (problem !== null || typeof guess !== 'string') throw new ValidationError(`${problem ?? 'guess is invalid'}.`);
      const attempt = body.data.attempt;
      if (typeof attempt !== 'number' || !Number.isInteger(attempt) || attempt < 1 || attempt > rules.maxGuesses) {
        throw new ValidationError(`attempt must be a whole number from 1 to ${rules.maxGuesses}.`);
      }
      // A game started just before midnight (UTC) may finish on yesterday's puzzle; nothing older, nothing ahead.
      const today = utcDay(deps.now());
      const day = body.data.date === undefined ? today : body.data.date;
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

  app.get('/words', compress(), (c) => {
    const length = Number(c.req.query('length'));
    if (!isDictionaryLength(length)) throw new ValidationError('length must be 5 or 6.');
    const dict = dictionary(length);
    c.header('Cache-Control', `public, max-age=${DICTIONARY_MAX_AGE_SECONDS}, stale-while-revalidate=86400`);
    c.header('ETag', dict.etag);
    if (c.req.header('If-None-Match') === dict.etag) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(dict.body);
  });

  return app;
}
