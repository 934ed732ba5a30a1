/**
 * The DOM view of the word search, framework-free: `const stop = mountWordSearch(element)`.
 * Mouse and touch: press on the first letter, drag to the last, release (pointer events). Keyboard:
 * arrow keys move through the grid (one tab stop), Enter or Space marks the first letter, move, then
 * Enter or Space again marks the last; Escape cancels. Found words stay highlighted and are struck
 * through in the list; an aria-live line announces each find.
 */
import type { Cell } from '../../core/domain/puzzle-grid.ts';
import type { GameEnv } from './word-game.ts';
import { WordSearchController } from './word-search.ts';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** Mount the word search into `root`; returns a function that unmounts it. */
export function mountWordSearch(root: HTMLElement, env: Omit<GameEnv, 'onChange'> = {}): () => void {
  const controller = new WordSearchController({ ...env, onChange: () => render() });
  let anchor: Cell | null = null;
  let hover: Cell | null = null;
  let focus: Cell = { row: 0, col: 0 };
  let dragging = false;

  root.replaceChildren();
  root.classList.add('tg-search');
  const title = el('h4', 'tg-theme');
  const grid = el('div', 'tg-grid');
  grid.setAttribute('role', 'grid');
  grid.setAttribute('aria-label', 'Letter grid');
  const list = el('ul', 'tg-words');
  const status = el('p', 'tg-status');
  status.setAttribute('aria-live', 'polite');
  root.append(title, grid, status, list);
  let cells: HTMLButtonElement[][] = [];

  const cellAt = (target: EventTarget | null): Cell | null => {
    const node = target instanceof Element ? target.closest<HTMLElement>('[data-row]') : null;
    if (!node) return null;
    return { row: Number(node.dataset.row), col: Number(node.dataset.col) };
  };

  function finish(to: Cell): void {
    if (anchor) controller.select(anchor, to);
    anchor = null;
    hover = null;
    render();
  }

  grid.addEventListener('pointerdown', (event) => {
    const cell = cellAt(event.target);
    if (!cell) return;
    event.preventDefault();
    anchor = cell;
    hover = cell;
    dragging = true;
    render();
  });
  // Touch moves keep targeting the first element, so the cell under the finger is looked up by position.
  grid.addEventListener('pointermove', (event) => {
    if (!dragging) return;
    const cell = cellAt(document.elementFromPoint(event.clientX, event.clientY));
    if (cell && (cell.row !== hover?.row || cell.col !== hover?.col)) {
      hover = cell;
      render();
    }
  });
  const release = (event: PointerEvent) => {
    if (!dragging) return;
    dragging = false;
    finish(cellAt(document.elementFromPoint(event.clientX, event.clientY)) ?? hover ?? anchor ?? focus);
  };
  grid.addEventListener('pointerup', release);
  grid.addEventListener('pointercancel', () => {
    dragging = false;
    anchor = null;
    render();
  });

  grid.addEventListener('keydown', (event) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focus = {
        row: Math.min(controller.size - 1, Math.max(0, focus.row + move[0])),
        col: Math.min(controller.size - 1, Math.max(0, focus.col + move[1])),
      };
      if (anchor) hover = focus;
      render();
      cells[focus.row]?.[focus.col]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (anchor) finish(focus);
      else {
        anchor = focus;
        hover = focus;
        controller.message = 'First letter marked; move to the last letter and press Enter.';
        render();
      }
    } else if (event.key === 'Escape') {
      anchor = null;
      hover = null;
      render();
    }
  });

  function build(): void {
    grid.replaceChildren();
    cells = controller.grid.map((letters, row) => {
      const line = el('div', 'tg-grid-row');
      line.setAttribute('role', 'row');
      const buttons = [...letters].map((letter, col) => {
        const button = el('button', 'tg-cell', letter);
        button.type = 'button';
        button.dataset.row = String(row);
        button.dataset.col = String(col);
        button.setAttribute('role', 'gridcell');
        line.append(button);
        return button;
      });
      grid.append(line);
      return buttons;
    });
  }

  function render(): void {
    if (controller.status === 'loading') {
      status.textContent = 'Opening the word search…';
      return;
    }
    if (cells.length !== controller.size) build();
    title.textContent = controller.theme;
    const live = anchor && hover ? controller.line(anchor, hover) ?? [anchor] : [];
    const isIn = (list: Cell[], r: number, c: number) => list.some((cell) => cell.row === r && cell.col === c);
    const foundCells = [...controller.foundCells.values()].flat();
    cells.forEach((row, r) =>
      row.forEach((button, c) => {
        button.classList.toggle('tg-selecting', isIn(live, r, c));
        button.classList.toggle('tg-found', isIn(foundCells, r, c));
        button.tabIndex = r === focus.row && c === focus.col ? 0 : -1;
        button.setAttribute('aria-label', `${button.textContent ?? ''}, row ${r + 1}, column ${c + 1}`);
      }),
    );
    list.replaceChildren(
      ...controller.words.map((word) => {
        const item = el('li', controller.found.has(word) ? 'tg-word tg-found' : 'tg-word', word);
        if (controller.found.has(word)) item.setAttribute('aria-label', `${word}, found`);
        return item;
      }),
    );
    status.textContent = controller.message;
  }

  render();
  void controller.start();
  return () => root.replaceChildren();
}
