/** The lane bar: Highlights and Latest pinned, then the reader's lanes (a list), then Calm Filters beside it. */
import { useEffect, useRef } from 'preact/hooks';
import type { Lane } from '../../lib/lanes.ts';
import { routeSearch } from '../../lib/route.ts';

/** Props: the lanes, the active key, and navigation. */
export interface LaneBarProps {
  lanes: Lane[];
  active: string;
  filtersOpen: boolean;
  go: (href: string) => void;
}

function href(lane: Lane): string {
  return `/${lane.feed ? routeSearch({ view: 'feed', feed: lane.feed }) : ''}`;
}

/**
 * Scroll `list` sideways (only sideways: the page stays where it is) just far enough that its
 * current lane is wholly in view. On a phone the lanes are one row that scrolls; a mood or tag
 * opened from an address or a card's tag was otherwise off to the right, and nothing in view said
 * which lane was open.
 */
function showCurrent(list: HTMLElement): void {
  const current = list.querySelector<HTMLElement>('a[aria-current="page"]');
  if (!current || list.scrollWidth <= list.clientWidth) return;
  // Clear of the faded end (app.css's --lane-fade, where the row fades) and a little more.
  const room = (Number.parseFloat(getComputedStyle(list).getPropertyValue('--lane-fade')) || 0) + 8;
  const item = current.getBoundingClientRect();
  const view = list.getBoundingClientRect();
  if (item.left < view.left + room) list.scrollLeft -= view.left + room - item.left;
  else if (item.right > view.right - room) list.scrollLeft += item.right - (view.right - room);
}

/**
 * Mark which ends of `list` have lanes scrolled out of view (`data-more`: "start", "end", both or
 * none), so the row fades at that end (app.css): on a phone the moods begin beyond the edge, and a
 * row whose last visible pill ends cleanly gave no sign that more lanes were there.
 */
function markHidden(list: HTMLElement): void {
  const hidden: string[] = [];
  if (list.scrollLeft > 1) hidden.push('start');
  if (list.scrollLeft + list.clientWidth < list.scrollWidth - 1) hidden.push('end');
  const more = hidden.join(' ');
  if ((list.dataset.more ?? '') !== more) list.dataset.more = more;
}

/** Render the bar as a list of links (each lane has its own address). */
export function LaneBar({ lanes, active, filtersOpen, go }: LaneBarProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!list.current) return;
    showCurrent(list.current);
    markHidden(list.current);
  }, [active, lanes.length]);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const mark = () => markHidden(el);
    el.addEventListener('scroll', mark, { passive: true });
    addEventListener('resize', mark);
    return () => {
      el.removeEventListener('scroll', mark);
      removeEventListener('resize', mark);
    };
  }, []);
  const click = (target: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(target);
  };
  return (
    <nav class="lanes" aria-label="Lanes">
      {/* "end" until the first `markHidden`: the static shell of `/` (app/shell.tsx) draws the row scrolled to its start, so on a phone, before the script runs, its end fades already. Preact leaves the constant alone on re-render; `markHidden` owns it after mount. */}
      <ul ref={list} data-more="end">
        {lanes.map((lane) => (
          <li key={lane.key}>
            <a href={href(lane)} aria-current={lane.key === active ? 'page' : undefined} onClick={click(href(lane))} data-lane={lane.key}>
              {lane.name}
            </a>
          </li>
        ))}
      </ul>
      {/* Outside the list, so on a phone the lanes scroll beside it, never under it (a target partly hidden is too small: WCAG 2.2 target size). */}
      <a class="filters-link" href="/?view=filters" aria-current={filtersOpen ? 'page' : undefined} onClick={click('/?view=filters')}>
        Calm Filters
      </a>
    </nav>
  );
}
