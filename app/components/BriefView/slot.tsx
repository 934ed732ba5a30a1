/**
 * The brief's cards, taken over from the static shell one task at a time.
 *
 * The shell (app/shell.tsx) already drew the seven cards; the app's first render used to diff all of
 * them in the same task as everything else, a phone's longest task at start (Lighthouse counts what
 * a task runs over 50 ms as blocking time). Now each card is its own small Preact root inside the
 * brief's list: `collectShellCards` notes the shell's card elements before the first render, the
 * first render draws the list's items empty and puts each shell card straight back into its item
 * (same task, so nothing is painted in between and the elements, images included, are the shell's
 * own), and the card's components take it over in a task of their own, in order. Until then a
 * card's links work as plain links. A card the shell did not draw (the reader's own brief, a
 * replacement) is drawn at once. `cardsSettled` resolves once every queued card is live; the app
 * marks itself `data-live` then.
 *
 * Preact does not touch nodes it did not draw inside an element it draws without children (the
 * pattern of Preact's guide on external DOM mutations), so after the first render the outer tree
 * and each card's root never touch each other's nodes.
 */
import { render, type VNode } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/** The shell's card elements by story id, until a slot takes each (or the queue settles). */
let shellCards = new Map<string, HTMLElement>();
/** The element that had focus inside a shell card when they were collected. */
let shellFocus: HTMLElement | null = null;

interface Job {
  run: () => void;
  cancelled: boolean;
}
const queue: Job[] = [];
let scheduled = false;
let waiting: Array<() => void> = [];

/** Note the shell's cards under `root` (call it right before the app's first render). */
export function collectShellCards(root: ParentNode): void {
  shellCards = new Map();
  for (const article of root.querySelectorAll<HTMLElement>('ol.cards > li > article.card[data-id]')) {
    const id = article.dataset.id;
    if (id) shellCards.set(id, article);
  }
  const active = document.activeElement;
  shellFocus = active instanceof HTMLElement && [...shellCards.values()].some((card) => card.contains(active)) ? active : null;
}

/** True while a card waits for its turn (or the next turn is scheduled). */
const pending = (): boolean => scheduled || queue.some((job) => !job.cancelled);

function settle(): void {
  if (pending()) return;
  queue.length = 0;
  shellCards.clear();
  shellFocus = null;
  const resolve = waiting;
  waiting = [];
  for (const done of resolve) done();
}

function runNext(): void {
  scheduled = false;
  let job = queue.shift();
  while (job?.cancelled) job = queue.shift();
  job?.run();
  if (queue.length > 0) {
    scheduled = true;
    setTimeout(runNext, 0);
  } else settle();
}

function enqueue(run: () => void): Job {
  const job: Job = { run, cancelled: false };
  queue.push(job);
  if (!scheduled) {
    scheduled = true;
    setTimeout(runNext, 0);
  }
  return job;
}

/** Resolves when no card waits to be taken over (at once when none does). */
export function cardsSettled(): Promise<void> {
  if (!pending()) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

/** Props: the story's id and its card (an element rendered into this list item's own root). */
export interface CardSlotProps {
  id: string;
  children: VNode;
}

/** One list item of the brief, holding its card in a root of its own. */
export function CardSlot({ id, children }: CardSlotProps) {
  const item = useRef<HTMLLIElement>(null);
  const card = useRef(children);
  card.current = children;
  /** 'new' before the first commit, 'queued' while the shell's card waits, 'live' once drawn. */
  const state = useRef<'new' | 'queued' | 'live'>('new');
  const job = useRef<Job | null>(null);

  useLayoutEffect(() => {
    const el = item.current;
    if (!el || state.current === 'queued') return;
    if (state.current === 'live') {
      render(card.current, el);
      return;
    }
    const shell = shellCards.get(id);
    shellCards.delete(id);
    if (!shell) {
      state.current = 'live';
      render(card.current, el);
      return;
    }
    el.appendChild(shell);
    if (shellFocus && shell.contains(shellFocus)) shellFocus.focus();
    state.current = 'queued';
    job.current = enqueue(() => {
      state.current = 'live';
      render(card.current, el);
    });
  });

  useLayoutEffect(() => {
    const el = item.current;
    return () => {
      if (job.current) job.current.cancelled = true;
      // Unmount the card's own root too (its effects and subscriptions end with it).
      if (el && state.current === 'live') render(null, el);
    };
  }, []);

  return <li ref={item} />;
}
