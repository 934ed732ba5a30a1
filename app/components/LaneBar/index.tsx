/** The lane bar: Highlights and Latest pinned, then the reader's lanes (a list), then Calm Filters beside it. */
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

/** Render the bar as a list of links (each lane has its own address). */
export function LaneBar({ lanes, active, filtersOpen, go }: LaneBarProps) {
  const click = (target: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    go(target);
  };
  return (
    <nav class="lanes" aria-label="Lanes">
      <ul>
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
