/**
 * The static shell's reader markup, rendered at build time (site/index.11ty.ts) with the app's own
 * components: the brief's seven cards as the app draws them for an anonymous reader with no Calm
 * Filters, in the app's frame with its lane bar and density toggle. The app renders over it
 * (main.tsx) with the same brief (the JSON the shell carries beside it), so Preact keeps these
 * elements and only adds what comes later (the footer, the shortcuts dialog, the toast, lanes from
 * the API). Without JavaScript the cards are links to their `/a` pages.
 *
 * Components with hooks are swapped for what they draw before anything happens: Save and Follow
 * draw nothing signed out, a menu its closed button (`MenuFrame`), a date its plain form (static
 * pages show no relative times; the app puts "3 hours ago" in its place).
 */
import { renderHtml, swap, type Swaps } from '../core/pages/vnode-html.ts';
import { DensityToggle, ReaderFrame } from './components/App/frame.tsx';
import type { CardActions } from './components/ArticleCard/index.tsx';
import { BriefView } from './components/BriefView/index.tsx';
import { CardSlot } from './components/BriefView/slot.tsx';
import { LaneBar } from './components/LaneBar/index.tsx';
import { Menu, MenuFrame } from './components/Menu/index.tsx';
import { When } from './components/When/index.tsx';
import { parseBrief } from './lib/cards.ts';
import { MOOD_LANES, selectedLanes } from './lib/lanes.ts';
import { FollowButton, SaveButton } from './views/account/entry.tsx';

const none = () => undefined;
const ACTIONS: CardActions = { say: none, notToday: none, lessLikeThis: none, pauseSource: none, alwaysHide: none, go: none };

const SWAPS: Swaps = new Map([
  // In the browser each card is a root of its own inside its list item (BriefView/slot.tsx); here, the item and the card.
  swap(CardSlot, ({ children }) => <li>{children}</li>),
  swap(FollowButton, () => null),
  swap(SaveButton, () => null),
  swap(Menu, ({ name, label }) => <MenuFrame name={name} open={false} label={label} />),
  swap(When, (props) => When({ ...props, now: null })),
]);

/** The reader's markup for `#app` from the built brief (the brief JSON's object), or '' when it has no cards. */
export function shellReader(brief: unknown): string {
  const parsed = parseBrief(brief);
  if (!parsed || parsed.items.length === 0) return '';
  const state = { items: parsed.items, generatedAt: parsed.generated_at, offline: false, replace: async () => undefined, notToday: none };
  return renderHtml(
    () => (
      <ReaderFrame compact={false} reading>
        <LaneBar lanes={selectedLanes(MOOD_LANES, null)} active="highlights" filtersOpen={false} go={none} />
        <DensityToggle compact={false} toggle={none} />
        <BriefView brief={state} actions={ACTIONS} />
      </ReaderFrame>
    ),
    SWAPS,
  );
}
