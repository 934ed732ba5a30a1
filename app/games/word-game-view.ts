/**
 * The DOM view of a word game, framework-free so any shell can mount it:
 * `const stop = mountWordGame(element, 'classic')`. Physical and on-screen keyboards, an aria-live
 * status line, a colour-blind-safe palette switch (kept on the device), and a share button that
 * copies the emoji grid. Text is only ever set with `textContent`, so nothing is parsed as HTML.
 */
import { deviceStorage, WordGameController, type GameEnv } from './word-game.ts';
import type { WordGame } from '../../core/domain/puzzle.ts';

const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', '+zxcvbnm-'];
const PALETTE_KEY = 'tidings.puzzle.palette';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Mount the game into `root`; returns a function that unmounts it and removes its listeners. */
export function mountWordGame(root: HTMLElement, game: WordGame, env: Omit<GameEnv, 'onChange'> = {}): () => void {
  const storage = env.storage === undefined ? deviceStorage() : env.storage;
  let palette: 'standard' | 'contrast' = storage?.getItem(PALETTE_KEY) === 'contrast' ? 'contrast' : 'standard';
  const controller = new WordGameController(game, { ...env, storage, onChange: () => render() });

  root.replaceChildren();
  root.classList.add('tg-word');
  const board = el('div', 'tg-board');
  board.setAttribute('role', 'grid');
  board.setAttribute('aria-label', 'Guesses');
  const status = el('p', 'tg-status');
  status.setAttribute('aria-live', 'polite');
  const keyboard = el('div', 'tg-keys');
  keyboard.setAttribute('aria-label', 'Keyboard');
  const reveal = el('div', 'tg-reveal');
  const tools = el('div', 'tg-tools');
  const paletteLabel = el('label', 'tg-palette');
  const paletteBox = el('input');
  paletteBox.type = 'checkbox';
  paletteLabel.append(paletteBox, document.createTextNode(' Colour-blind palette'));
  const shareButton = el('button', 'tg-share', 'Share result');
  shareButton.type = 'button';
  const stats = el('p', 'tg-stats');
  tools.append(paletteLabel, shareButton);
  root.append(board, status, keyboard, reveal, stats, tools);

  const keyButtons = new Map<string, HTMLButtonElement>();
  for (const row of KEY_ROWS) {
    const line = el('div', 'tg-key-row');
    for (const key of row) {
      const label = key === '+' ? 'Enter' : key === '-' ? 'Delete' : key.toUpperCase();
      const button = el('button', 'tg-key', label);
      button.type = 'button';
      button.dataset.key = key;
      button.addEventListener('click', () => press(key === '+' ? 'Enter' : key === '-' ? 'Backspace' : key));
      keyButtons.set(key, button);
      line.append(button);
    }
    keyboard.append(line);
  }

  function press(key: string): void {
    if (key === 'Enter') void controller.submit();
    else if (key === 'Backspace') controller.erase();
    else controller.type(key);
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    // Keys belong to whatever takes text; a checkbox or button focused in the page does not.
    const typing = target instanceof HTMLInputElement ? !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type) : false;
    if (target instanceof HTMLElement && (target.isContentEditable || typing || ['TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    if (event.key === 'Enter' || event.key === 'Backspace' || /^[a-zA-Z]$/.test(event.key)) {
      if (event.key === 'Enter' && target instanceof HTMLButtonElement && !target.classList.contains('tg-key')) return;
      event.preventDefault();
      press(event.key);
    }
  }
  document.addEventListener('keydown', onKeyDown);

  paletteBox.addEventListener('change', () => {
    palette = paletteBox.checked ? 'contrast' : 'standard';
    try {
      storage?.setItem(PALETTE_KEY, palette);
    } catch {
      // not kept; still applied for this visit
    }
    render();
  });

  shareButton.addEventListener('click', () => {
    const text = controller.shareText(palette);
    const done = () => {
      controller.message = 'Result copied.';
      render();
    };
    const copy = () => {
      if (navigator.clipboard) void navigator.clipboard.writeText(text).then(done, () => undefined);
    };
    // A share sheet the reader closes is an AbortError; any other refusal falls back to the clipboard.
    if (navigator.share) void navigator.share({ text }).catch((error: unknown) => (error instanceof DOMException && error.name === 'AbortError' ? undefined : copy()));
    else copy();
  });

  function render(): void {
    root.classList.toggle('tg-contrast', palette === 'contrast');
    paletteBox.checked = palette === 'contrast';
    board.replaceChildren();
    for (let r = 0; r < controller.maxGuesses; r += 1) {
      const row = el('div', 'tg-row');
      row.setAttribute('role', 'row');
      const done = controller.rows[r];
      const letters = done ? done.guess : r === controller.rows.length ? controller.current : '';
      for (let i = 0; i < controller.length; i += 1) {
        const mark = done?.pattern[i];
        const letter = (letters[i] ?? '').toUpperCase();
        const tile = el('div', `tg-tile${mark ? ` tg-${mark}` : ''}`, letter);
        tile.setAttribute('role', 'gridcell');
        tile.setAttribute('aria-label', letter ? `${letter}${mark ? `, ${mark}` : ''}` : 'empty');
        row.append(tile);
      }
      board.append(row);
    }
    const marks = controller.keyMarks();
    for (const [key, button] of keyButtons) {
      const mark = marks.get(key);
      button.className = `tg-key${mark ? ` tg-${mark}` : ''}`;
    }
    status.textContent = controller.status === 'loading' ? 'Opening the puzzle…' : controller.message;
    const over = controller.status === 'won' || controller.status === 'lost';
    reveal.replaceChildren();
    if (over && controller.answer) {
      reveal.append(el('p', 'tg-answer', controller.answer.toUpperCase()));
      if (controller.why) reveal.append(el('p', 'tg-why', controller.why));
    }
    shareButton.hidden = !over;
    const s = controller.stats();
    stats.textContent = `Played ${s.played} · Won ${s.won} · Streak ${s.streak} · Best ${s.best}`;
  }

  render();
  void controller.start();
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    root.replaceChildren();
  };
}
