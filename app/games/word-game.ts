/**
 * Tidings Word and Long Word in the browser, without a framework: a controller holding the game
 * (puzzle, guesses, the bundled-dictionary check, device streaks, the share text) and, in
 * word-game-view.ts, a small DOM view over it. The dictionary is fetched only when a game opens
 * (`/api/puzzle/words`, cached for a week), so it never weighs on the reader bundle. All colouring
 * comes from the server; the answer is known here only once the server reveals it.
 */
import { addDays } from '../../core/domain/days.ts';
import { isRecord, numberOf, stringsOf, textOrNull } from '../../core/domain/guards.ts';
import { request, type Transport } from '../lib/http.ts';
import { isLetterMark, LETTER_MARKS, shareGrid, WORD_GAME_RULES, type GuessVerdict, type LetterMark, type WordGame } from '../../core/domain/puzzle.ts';

/** Key-value storage (localStorage in the browser). */
export interface GameStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What the controller needs from its surroundings; defaults are the browser's. */
export interface GameEnv {
  /** What sends the game's requests (through app/lib/http.ts's `request`); the browser's `fetch` by default. */
  fetch?: Transport;
  storage?: GameStorage | null;
  /** Called after every state change (the view re-renders). */
  onChange?: () => void;
}

/** One submitted guess and its colours. */
export interface GuessRow {
  guess: string;
  pattern: LetterMark[];
}

/** Device-kept statistics of one game. */
export interface GameStats {
  played: number;
  won: number;
  streak: number;
  best: number;
  last_won: string | null;
  last_played: string | null;
}

const dictionaries = new Map<number, Promise<Set<string> | null>>();

/**
 * The server's verdict on a guess (`POST /api/puzzle/word/guess`, core/domain/puzzle.ts
 * `GuessVerdict`), or null when it is not one: a pattern of `length` tile colours is required; a
 * missing count reads as guesses left, and the answer and its note only when sent as text.
 */
export function readVerdict(value: unknown, length: number): GuessVerdict | null {
  if (!isRecord(value) || !isPattern(value.pattern, length)) return null;
  const verdict: GuessVerdict = { pattern: value.pattern, solved: value.solved === true, attempts_left: numberOf(value.attempts_left, 1) };
  if (typeof value.answer === 'string') verdict.answer = value.answer;
  if (typeof value.why === 'string') verdict.why = value.why;
  return verdict;
}

function isPattern(value: unknown, length: number): value is LetterMark[] {
  return Array.isArray(value) && value.length === length && value.every(isLetterMark);
}

function readStored(storage: GameStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function writeStored(storage: GameStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or disabled storage: the game still plays, it just forgets.
  }
}

/** localStorage when the browser allows it (private modes may refuse), else nothing. */
export function deviceStorage(): GameStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** One word game on one device. */
export class WordGameController {
  readonly game: WordGame;
  readonly length: number;
  readonly maxGuesses: number;
  status: 'loading' | 'playing' | 'won' | 'lost' | 'error' = 'loading';
  date = '';
  rows: GuessRow[] = [];
  current = '';
  answer: string | null = null;
  why: string | null = null;
  /** The last thing to announce (shown and read out through an aria-live region). */
  message = '';
  private words: Set<string> | null = null;
  private busy = false;
  private readonly transport: Transport | undefined;
  private readonly storage: GameStorage | null;
  private readonly onChange: () => void;

  constructor(game: WordGame, env: GameEnv = {}) {
    this.game = game;
    this.length = WORD_GAME_RULES[game].length;
    this.maxGuesses = WORD_GAME_RULES[game].maxGuesses;
    this.transport = env.fetch;
    this.storage = env.storage === undefined ? deviceStorage() : env.storage;
    this.onChange = env.onChange ?? (() => undefined);
  }

  private get key(): string {
    return `tidings.puzzle.word.${this.game}`;
  }

  /** Load the day's puzzle and the dictionary, and restore today's progress from the device. */
  async start(): Promise<void> {
    try {
      const answer = await request('/api/puzzle/word', { params: { game: this.game }, transport: this.transport });
      const body = answer.ok ? answer.body : null;
      if (!isRecord(body) || typeof body.date !== 'string') throw new Error('bad puzzle');
      this.date = body.date;
    } catch {
      this.status = 'error';
      this.message = 'The puzzle could not be loaded. Please try again in a moment.';
      this.onChange();
      return;
    }
    this.words = await this.loadDictionary();
    this.restore();
    this.onChange();
  }

  private loadDictionary(): Promise<Set<string> | null> {
    let pending = dictionaries.get(this.length);
    if (!pending) {
      pending = request('/api/puzzle/words', { params: { length: String(this.length) }, transport: this.transport }).then((answer) => {
        const body = answer.ok ? answer.body : null;
        if (!isRecord(body) || !Array.isArray(body.words)) return null;
        return new Set(stringsOf(body.words));
      });
      dictionaries.set(this.length, pending);
    }
    return pending;
  }

  private restore(): void {
    const saved = readStored(this.storage, this.key);
    this.status = 'playing';
    if (!isRecord(saved) || saved.date !== this.date || !Array.isArray(saved.rows)) return;
    this.rows = saved.rows.filter(
      (r): r is GuessRow => isRecord(r) && typeof r.guess === 'string' && isPattern(r.pattern, this.length),
    ).slice(0, this.maxGuesses);
    if (typeof saved.answer === 'string') this.answer = saved.answer;
    if (typeof saved.why === 'string') this.why = saved.why;
    const solved = this.rows.some((r) => r.pattern.every((m) => m === 'correct'));
    if (solved) this.status = 'won';
    else if (this.rows.length >= this.maxGuesses) this.status = 'lost';
  }

  private save(): void {
    writeStored(this.storage, this.key, { date: this.date, rows: this.rows, answer: this.answer, why: this.why });
  }

  /** Add a letter (a-z, any case) to the current guess. */
  type(letter: string): void {
    const l = letter.toLowerCase();
    if (this.status !== 'playing' || !/^[a-z]$/.test(l) || this.current.length >= this.length) return;
    this.current += l;
    this.message = '';
    this.onChange();
  }

  /** Remove the last letter of the current guess. */
  erase(): void {
    if (this.status !== 'playing' || this.current === '') return;
    this.current = this.current.slice(0, -1);
    this.onChange();
  }

  /** Check the current guess against the dictionary, then ask the server for its colours. */
  async submit(): Promise<void> {
    if (this.status !== 'playing' || this.busy) return;
    const guess = this.current;
    if (guess.length !== this.length) {
      this.message = `Not enough letters: a guess has ${this.length}.`;
      this.onChange();
      return;
    }
    // Without a dictionary (offline when the game opened) the guess goes through unchecked.
    if (this.words && !this.words.has(guess)) {
      this.message = 'Not in the word list.';
      this.onChange();
      return;
    }
    this.busy = true;
    try {
      const answer = await request('/api/puzzle/word/guess', { json: { game: this.game, guess, attempt: this.rows.length + 1, date: this.date }, transport: this.transport });
      const verdict = answer.ok ? readVerdict(answer.body, this.length) : null;
      if (!verdict) throw new Error('bad verdict');
      this.rows.push({ guess, pattern: verdict.pattern });
      this.current = '';
      if (verdict.answer !== undefined) this.answer = verdict.answer;
      if (verdict.why !== undefined) this.why = verdict.why;
      if (verdict.solved) this.finish(true);
      else if (verdict.attempts_left === 0) this.finish(false);
      else this.message = `${this.maxGuesses - this.rows.length} guesses left.`;
      this.save();
    } catch {
      this.message = 'That guess could not be checked. Please try again.';
    } finally {
      this.busy = false;
      this.onChange();
    }
  }

  private finish(won: boolean): void {
    this.status = won ? 'won' : 'lost';
    this.message = won ? 'Solved, well done!' : `The word was ${(this.answer ?? '').toUpperCase()}.`;
    const stats = this.stats();
    if (stats.last_played === this.date) return;
    stats.played += 1;
    stats.last_played = this.date;
    if (won) {
      stats.won += 1;
      stats.streak = stats.last_won === addDays(this.date, -1) ? stats.streak + 1 : 1;
      stats.best = Math.max(stats.best, stats.streak);
      stats.last_won = this.date;
    } else {
      stats.streak = 0;
    }
    writeStored(this.storage, `${this.key}.stats`, stats);
  }

  /** The device's statistics (a streak counts consecutive days solved). */
  stats(): GameStats {
    const s = readStored(this.storage, `${this.key}.stats`);
    const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
    if (!isRecord(s)) return { played: 0, won: 0, streak: 0, best: 0, last_won: null, last_played: null };
    return { played: num(s.played), won: num(s.won), streak: num(s.streak), best: num(s.best), last_won: textOrNull(s.last_won), last_played: textOrNull(s.last_played) };
  }

  /** The best colour each letter has shown so far (for the on-screen keyboard). */
  keyMarks(): Map<string, LetterMark> {
    const marks = new Map<string, LetterMark>();
    for (const row of this.rows) {
      [...row.guess].forEach((letter, i) => {
        const mark = row.pattern[i] ?? 'absent';
        const seen = marks.get(letter);
        if (!seen || LETTER_MARKS.indexOf(mark) > LETTER_MARKS.indexOf(seen)) marks.set(letter, mark);
      });
    }
    return marks;
  }

  /** The emoji result to share: colours only, never the answer. */
  shareText(palette: 'standard' | 'contrast' = 'standard'): string {
    return shareGrid(this.game, this.date, this.rows.map((r) => r.pattern), palette);
  }
}
