/**
 * Queries on the `puzzles` collection: one document per (date, game, variant) (SPEC.md "Daily
 * puzzles"). A puzzle is written once: the insert is an upsert whose fields all sit under
 * `$setOnInsert`, so a second job run, a concurrent API request or a different model answer can
 * never change a stored payload, and every reader gets the same puzzle.
 */
import type { Db } from 'mongodb';
import type { CollectionIndexes } from './collections.ts';

/** Games stored here: the word game (variants `classic`, `long`) and the word search (`daily`). */
export type PuzzleGame = 'word' | 'wordsearch';

/** One stored puzzle. `payload` is the game's own shape, validated by its reader. */
export interface PuzzleDoc {
  _id: string;
  /** UTC day, `YYYY-MM-DD`. */
  date: string;
  game: PuzzleGame;
  variant: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

/** The `puzzles` collection. */
export const puzzlesCollection = (db: Db) => db.collection<PuzzleDoc>('puzzles');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'puzzles',
  indexes: [
    // findPuzzle / insertPuzzleOnce: { date, game, variant } (exact match); unique = one puzzle per day and game
    { key: { date: 1, game: 1, variant: 1 }, name: 'date_game_variant', unique: true },
  ],
};

/** The stored puzzle of a day, game and variant, or null. */
export function findPuzzle(db: Db, date: string, game: PuzzleGame, variant: string): Promise<PuzzleDoc | null> {
  return puzzlesCollection(db).findOne({ date, game, variant });
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}

/**
 * Store a puzzle unless one exists for its (date, game, variant), and return the stored one
 * (the first writer wins). Idempotent: re-running never changes a stored payload.
 */
export async function insertPuzzleOnce(
  db: Db,
  puzzle: Omit<PuzzleDoc, '_id' | 'created_at'>,
  now: Date,
): Promise<{ doc: PuzzleDoc; created: boolean }> {
  const { date, game, variant, payload } = puzzle;
  const _id = `${date}:${game}:${variant}`;
  try {
    const result = await puzzlesCollection(db).updateOne(
      { date, game, variant },
      { $setOnInsert: { _id, date, game, variant, payload, created_at: now } },
      { upsert: true },
    );
    const doc = await findPuzzle(db, date, game, variant);
    if (!doc) throw new Error(`puzzle ${_id} missing right after its upsert`);
    return { doc, created: result.upsertedCount === 1 };
  } catch (error) {
    // Two writers raced on the unique index: the other one's puzzle stands.
    if (!isDuplicateKey(error)) throw error;
    const doc = await findPuzzle(db, date, game, variant);
    if (!doc) throw error;
    return { doc, created: false };
  }
}
