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
  const item = current.getBoundingClientRect();
  const view = list.getBoundingClientRect();
  if (item.left < view.left) list.scrollLeft -= view.left - item.left + 8;
  else if (item.right > view.right) list.scrollLeft += item.right - view.right + 8;
}

/** Render the bar as a list of links (each lane has its own address). */
export function LaneBar({ lanes, active, filtersOpen, go }: LaneBarProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (list.current) showCurrent(list.current);
  }, [active, lanes.length]);
  const click = (target: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(target);
  };
  return (
    <nav class="lanes" aria-label="Lanes">
      <ul ref={list}>
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
