/**
 * The day's puzzles, created once and then read back: used by the `puzzles` job (today and
 * tomorrow, ahead of time) and by the API when a reader arrives before the job has run. Both go
 * through `insertPuzzleOnce`, so whoever comes first fixes the puzzle for everyone.
 */
import type { Db } from 'mongodb';
import { z } from 'zod';
import type { Logger } from '../platform/log.ts';
import type { ModelClient } from '../platform/model.ts';
import { buildWordSearch, type WordSearchPayload } from '../domain/puzzle-grid.ts';
import { scheduledEntry, WORD_GAME_RULES, type WordGame } from '../domain/puzzle.ts';
import { findPuzzle, insertPuzzleOnce } from '../store/puzzles.ts';
import { ANSWERS } from './dictionary.ts';
import { CURATED_THEMES } from './themes.ts';
import { proposeWordSearch } from './wordsearch-model.ts';

/** A stored word puzzle (the answer and its note never leave the server before the end). */
export interface WordPuzzle {
  answer: string;
  why: string;
  length: number;
  max_guesses: number;
}

const wordPayload = z.object({
  answer: z.string().regex(/^[a-z]+$/),
  why: z.string(),
  length: z.number().int(),
  max_guesses: z.number().int(),
});

const wordSearchPayload = z.object({
  theme: z.string(),
  words: z.array(z.string()),
  grid: z.array(z.string()),
  size: z.number().int(),
});

/** The scheduled answer of a day and variant (pure; the stored puzzle is what counts once written). */
export function scheduledWordPuzzle(day: string, game: WordGame): WordPuzzle {
  const rules = WORD_GAME_RULES[game];
  const [answer, why] = scheduledEntry(ANSWERS[rules.length === 5 ? 5 : 6], day, `word:${game}`);
  return { answer, why, length: rules.length, max_guesses: rules.maxGuesses };
}

/** The stored word puzzle of a day, created from the schedule when missing. */
export async function ensureWordPuzzle(db: Db, day: string, game: WordGame, now: Date): Promise<{ puzzle: WordPuzzle; created: boolean }> {
  const existing = await findPuzzle(db, day, 'word', game);
  if (existing) return { puzzle: wordPayload.parse(existing.payload), created: false };
  const payload = scheduledWordPuzzle(day, game);
  const { doc, created } = await insertPuzzleOnce(db, { date: day, game: 'word', variant: game, payload: { ...payload } }, now);
  return { puzzle: wordPayload.parse(doc.payload), created };
}

/** The curated theme scheduled for a day (the fallback of the word search). */
export function curatedTheme(day: string) {
  return scheduledEntry(CURATED_THEMES, day, 'wordsearch');
}

/**
 * The stored word search of a day, created when missing: from the model's proposal when a model
 * is given and answers well, else from the curated theme. The API passes no model, so a reader
 * never waits on one; the job passes it.
 */
export async function ensureWordSearch(
  db: Db,
  day: string,
  options: { model: ModelClient | null; log: Logger; now: Date },
): Promise<{ puzzle: WordSearchPayload; created: boolean }> {
  const existing = await findPuzzle(db, day, 'wordsearch', 'daily');
  if (existing) return { puzzle: wordSearchPayload.parse(existing.payload), created: false };
  const proposal = options.model ? await proposeWordSearch(options.model, day) : null;
  const built = buildWordSearch(day, proposal, curatedTheme(day));
  if (proposal && !built.fromProposal) options.log.info('word search proposal too thin; curated theme used', { day });
  const { doc, created } = await insertPuzzleOnce(
    db,
    { date: day, game: 'wordsearch', variant: 'daily', payload: { ...built.payload } },
    options.now,
  );
  return { puzzle: wordSearchPayload.parse(doc.payload), created };
}
