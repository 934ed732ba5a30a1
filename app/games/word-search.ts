/**
 * The daily word search in the browser, without a framework. The controller loads the puzzle
 * (`GET /api/puzzle/wordsearch`: theme, words, grid, never placements), checks a selection by
 * reading the grid along one of the 8 straight directions (`checkSelection`, core/domain), and keeps
 * the words found today on the device.
 */
import { isRecord } from '../../core/domain/guards.ts';
import { checkSelection, readSelection, type Cell } from '../../core/domain/puzzle-grid.ts';
import { request, type Transport } from '../lib/http.ts';
import { deviceStorage, type GameEnv, type GameStorage } from './word-game.ts';

const KEY = 'tidings.puzzle.wordsearch';

/** A saved cell, re-validated (device storage is user-editable). */
function toCell(value: unknown): Cell | null {
  if (!isRecord(value) || typeof value.row !== 'number' || typeof value.col !== 'number') return null;
  return { row: value.row, col: value.col };
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** One word search on one device. */
export class WordSearchController {
  status: 'loading' | 'playing' | 'done' | 'error' = 'loading';
  date = '';
  theme = '';
  words: string[] = [];
  grid: string[] = [];
  size = 0;
  found = new Set<string>();
  /** Each found word's cells, so the view can keep them highlighted. */
  foundCells = new Map<string, Cell[]>();
  message = '';
  private readonly transport: Transport | undefined;
  private readonly storage: GameStorage | null;
  private readonly onChange: () => void;

  constructor(env: GameEnv = {}) {
    this.transport = env.fetch;
    this.storage = env.storage === undefined ? deviceStorage() : env.storage;
    this.onChange = env.onChange ?? (() => undefined);
  }

  /** Load the day's puzzle and restore the words already found today. */
  async start(): Promise<void> {
    try {
      const answer = await request('/api/puzzle/wordsearch', { transport: this.transport });
      const body = answer.ok ? answer.body : null;
      if (!isRecord(body) || typeof body.theme !== 'string' || typeof body.date !== 'string' || !isStrings(body.words) || !isStrings(body.grid) || typeof body.size !== 'number') {
        throw new Error('bad puzzle');
      }
      Object.assign(this, { date: body.date, theme: body.theme, words: body.words, grid: body.grid, size: body.size, status: 'playing' });
    } catch {
      this.status = 'error';
      this.message = 'The word search could not be loaded. Please try again in a moment.';
      this.onChange();
      return;
    }
    try {
      const raw = this.storage?.getItem(KEY);
      const saved: unknown = raw ? JSON.parse(raw) : null;
      if (isRecord(saved) && saved.date === this.date && Array.isArray(saved.found)) {
        for (const entry of saved.found) {
          const from = isRecord(entry) ? toCell(entry.from) : null;
          const to = isRecord(entry) ? toCell(entry.to) : null;
          if (from && to) this.select(from, to, false);
        }
      }
    } catch {
      // unreadable progress: start fresh
    }
    this.message = `${this.words.length} words to find.`;
    this.onChange();
  }

  /** The cells from `from` to `to` when they form a straight line, else null (for live highlighting). */
  line(from: Cell, to: Cell): Cell[] | null {
    const letters = readSelection(this.grid, from, to);
    if (letters === null) return null;
    const dr = Math.sign(to.row - from.row);
    const dc = Math.sign(to.col - from.col);
    return Array.from({ length: letters.length }, (_, i) => ({ row: from.row + dr * i, col: from.col + dc * i }));
  }

  /** Try a selection; returns the word it found (new or not), or null. */
  select(from: Cell, to: Cell, announce = true): string | null {
    if (this.status !== 'playing' && announce) return null;
    const word = checkSelection(this, from, to);
    if (word === null) {
      if (announce) {
        this.message = 'No listed word there. Try a straight line in any of the 8 directions.';
        this.onChange();
      }
      return null;
    }
    if (!this.found.has(word)) {
      this.found.add(word);
      this.foundCells.set(word, this.line(from, to) ?? []);
      this.save();
    }
    if (this.found.size === this.words.length) this.status = 'done';
    if (announce) {
      this.message = this.status === 'done' ? 'All words found. Lovely!' : `Found ${word}. ${this.words.length - this.found.size} to go.`;
      this.onChange();
    }
    return word;
  }

  private save(): void {
    const found = [...this.foundCells.values()].filter((cells) => cells.length > 0).map((cells) => ({ from: cells[0], to: cells[cells.length - 1] }));
    try {
      this.storage?.setItem(KEY, JSON.stringify({ date: this.date, found }));
    } catch {
      // not kept on this device
    }
  }
}
