/**
 * The daily word search as pure rules (SPEC.md "Word-search construction rules"): clean the
 * proposed words (alphabetic, length fits, no duplicates), place every word in a date-seeded grid
 * along the 8 straight directions, keep only placed words, fall back to a curated theme when the
 * proposal is thin, and check a reader's selection by reading the grid. Placements stay here: the
 * payload holds the theme, the words and the letters, never a coordinate.
 */
import { createRandom, randomInt, shuffled } from './puzzle.ts';

/** Side of the square grid. */
export const GRID_SIZE = 12;
/** Shortest word kept. */
export const MIN_WORD_LENGTH = 3;
/** Words a puzzle aims for (SPEC.md: about 8). */
export const TARGET_WORDS = 8;
/** Fewer usable words than this and the proposal is "thin": a curated theme is used instead. */
export const MIN_WORDS = 6;
/** Longest theme title kept. */
export const MAX_THEME_LENGTH = 40;

/** What the model (or a curated theme) proposes. */
export interface WordSearchProposal {
  theme: string;
  words: readonly string[];
}

/** What readers receive (SPEC.md): upper-case words, one string per grid row. */
export interface WordSearchPayload {
  theme: string;
  words: string[];
  grid: string[];
  size: number;
}

/** A cell of the grid. */
export interface Cell {
  row: number;
  col: number;
}

/** Where a word sits: its first letter and its step. Kept server-side only. */
export interface Placement extends Cell {
  word: string;
  dr: number;
  dc: number;
}

/** The 8 straight directions as (row step, column step). */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1],
];

/** A theme title made safe to show: control characters removed, spaces collapsed, bounded; null when empty. */
export function cleanTheme(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/[\u0000-\u001f\u007f-\u009f<>]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > MAX_THEME_LENGTH ? text.slice(0, MAX_THEME_LENGTH).trim() : text;
}

/**
 * The usable words of a proposal, upper-cased, in proposal order: only letters A-Z, length
 * MIN_WORD_LENGTH..size, no duplicates, and none hidden inside another word (finding "SUN" inside
 * "SUNFLOWER" would be confusing). Anything else (spaces, digits, accents, non-strings) is dropped.
 */
export function cleanWords(raw: readonly unknown[], size: number = GRID_SIZE): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of raw) {
    if (typeof value !== 'string') continue;
    const word = value.trim().toUpperCase();
    if (!/^[A-Z]+$/.test(word) || word.length < MIN_WORD_LENGTH || word.length > size) continue;
    if (seen.has(word)) continue;
    seen.add(word);
    out.push(word);
  }
  return out.filter((word) => !out.some((other) => other !== word && other.includes(word)));
}

/** The letters along a line of `length` cells from `start`, or null when it leaves the grid. */
function lineCells(size: number, start: Cell, dr: number, dc: number, length: number): Cell[] | null {
  const endRow = start.row + dr * (length - 1);
  const endCol = start.col + dc * (length - 1);
  if (endRow < 0 || endRow >= size || endCol < 0 || endCol >= size) return null;
  return Array.from({ length }, (_, i) => ({ row: start.row + dr * i, col: start.col + dc * i }));
}

/**
 * Place words (longest first, so the hardest fit gets the most room) at a position drawn from
 * every valid (cell, direction) by `random`; crossings are allowed where letters agree. A word that
 * fits nowhere is dropped. Empty cells are then filled with random letters.
 */
export function placeWords(words: readonly string[], size: number, random: () => number): { grid: string[]; placements: Placement[] } {
  const cells: (string | null)[][] = Array.from({ length: size }, () => Array.from({ length: size }, () => null));
  const placements: Placement[] = [];
  const order = [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const word of order) {
    const options: Placement[] = [];
    for (let row = 0; row < size; row += 1) {
      for (let col = 0; col < size; col += 1) {
        for (const [dr, dc] of DIRECTIONS) {
          const line = lineCells(size, { row, col }, dr, dc, word.length);
          if (line && line.every((cell, i) => {
            const existing = cells[cell.row]?.[cell.col];
            return existing === null || existing === word[i];
          })) options.push({ word, row, col, dr, dc });
        }
      }
    }
    if (options.length === 0) continue;
    const chosen = options[randomInt(random, options.length)] as Placement;
    const line = lineCells(size, chosen, chosen.dr, chosen.dc, word.length) ?? [];
    line.forEach((cell, i) => {
      (cells[cell.row] as (string | null)[])[cell.col] = word[i] as string;
    });
    placements.push(chosen);
  }
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const grid = cells.map((row) => row.map((letter) => letter ?? ALPHABET[randomInt(random, 26)]).join(''));
  return { grid, placements };
}

/**
 * Build the day's word search. The proposal's usable words (up to TARGET_WORDS) are placed when
 * at least MIN_WORDS of them fit; otherwise the curated `fallback` theme is used. Only placed words
 * are returned, sorted, so the list order gives nothing away. The grid is seeded by the day.
 */
export function buildWordSearch(
  day: string,
  proposal: WordSearchProposal | null,
  fallback: WordSearchProposal,
  size: number = GRID_SIZE,
): { payload: WordSearchPayload; placements: Placement[]; fromProposal: boolean } {
  const attempt = (source: WordSearchProposal, salt: string) => {
    const random = createRandom(`wordsearch:${day}:${salt}`);
    const words = cleanWords(source.words, size);
    const picked = words.length > TARGET_WORDS ? shuffled(words, random).slice(0, TARGET_WORDS) : words;
    const { grid, placements } = placeWords(picked, size, random);
    const theme = cleanTheme(source.theme) ?? 'Words of the day';
    const placed = placements.map((p) => p.word).sort();
    return { payload: { theme, words: placed, grid, size }, placements };
  };
  if (proposal && cleanTheme(proposal.theme) !== null) {
    const built = attempt(proposal, 'model');
    if (built.placements.length >= MIN_WORDS) return { ...built, fromProposal: true };
  }
  return { ...attempt(fallback, 'curated'), fromProposal: false };
}

/**
 * The letters from `from` to `to` when they lie on one of the 8 straight directions (a single
 * cell counts), or null when the selection is not straight or leaves the grid.
 */
export function readSelection(grid: readonly string[], from: Cell, to: Cell): string | null {
  const size = grid.length;
  const inside = (c: Cell) => Number.isInteger(c.row) && Number.isInteger(c.col) && c.row >= 0 && c.col >= 0 && c.row < size && c.col < size;
  if (!inside(from) || !inside(to)) return null;
  const dRow = to.row - from.row;
  const dCol = to.col - from.col;
  if (dRow !== 0 && dCol !== 0 && Math.abs(dRow) !== Math.abs(dCol)) return null;
  const length = Math.max(Math.abs(dRow), Math.abs(dCol)) + 1;
  const line = lineCells(size, from, Math.sign(dRow), Math.sign(dCol), length) ?? [];
  return line.map((cell) => grid[cell.row]?.[cell.col] ?? '').join('');
}

/**
 * The client-side check (SPEC.md rule 6): the listed word a selection spells, read either way
 * along its line, or null. Validation reads the grid, so it needs no placement.
 */
export function checkSelection(payload: Pick<WordSearchPayload, 'grid' | 'words'>, from: Cell, to: Cell): string | null {
  const letters = readSelection(payload.grid, from, to);
  if (letters === null) return null;
  const reversed = [...letters].reverse().join('');
  return payload.words.find((word) => word === letters || word === reversed) ?? null;
}
