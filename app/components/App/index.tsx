/**
 * The reader app: the lane bar, "new since your last visit", and the current view (the brief, a
 * feed, Calm Filters, or a lazily loaded view). Navigation keeps the address in step (pushState) and
 * moves focus to the new view's heading so screen readers follow.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { getJson } from '../../lib/api.ts';
import type { Card } from '../../lib/cards.ts';
import { sendEvent } from '../../lib/events.ts';
import { FOLLOWING, laneKey, MOOD_LANES, parseLanePool, selectedLanes, type Lane } from '../../lib/lanes.ts';
import { localDay, todaysExclusions } from '../../lib/override.ts';
import { addTo, type Pause, type Prefs } from '../../lib/prefs.ts';
import { noteAction, parseRoute, type Route } from '../../lib/route.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import { label, type CardActions } from '../ArticleCard/index.tsx';
import { BriefView } from '../BriefView/index.tsx';
import { FeedView } from '../FeedView/index.tsx';
import { LazyFilters } from '../FiltersPanel/lazy.tsx';
import { LaneBar } from '../LaneBar/index.tsx';
import { LazyView } from '../LazyView/index.tsx';
import { AdminLink } from '../../views/admin/entry.tsx';
import { Shortcuts } from '../Shortcuts/index.tsx';
import { SinceBanner } from '../SinceBanner/index.tsx';
import { Toast, type ToastMessage } from '../Toast/index.tsx';
import { AccountEntry } from '../../views/account/entry.tsx';
import { useAccountSync, useSession } from '../../views/account/session.ts';
import { DensityToggle, ReaderFrame } from './frame.tsx';
import { useBrief } from './useBrief.ts';
import { usePrefs } from './usePrefs.ts';

const LESS_LIKE_THIS_MS = 7 * 86_400_000;

function feedTitle(route: Route, lanes: Lane[]): string {
  if (route.view !== 'feed') return '';
  if (route.feed.kind === 'following') return FOLLOWING.name;
  const lane = lanes.find((l) => l.key === laneKey(route.feed));
  if (lane) return lane.name;
  return route.feed.kind === 'source' ? 'From this source' : label(route.feed.value);
}

/** The root component. */
export function App() {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.search));
  const [pool, setPool] = useState<readonly Lane[]>(MOOD_LANES);
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const { prefs, param, filtering, setPrefs } = usePrefs();
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const say = useCallback((text: string, undo?: () => void) => setToast((t) => ({ text, undo: undo ?? null, seq: (t?.seq ?? 0) + 1 })), []);
  const brief = useBrief(prefs, param, say);
  useAccountSync(prefs, setPrefs, say);
  const first = useRef(true);
  const toSearch = useRef(false);
  const openShortcuts = useRef<(() => void) | null>(null);
  // Where focus goes after a navigation; a view drawn later (Calm Filters, loaded on opening) takes it once drawn.
  const focusTo = useRef<string | null>(null);
  const takeFocus = useCallback(() => {
    const target = focusTo.current === null ? null : document.getElementById(focusTo.current);
    if (!target) return;
    target.focus();
    focusTo.current = null;
  }, []);
  // Density (issue 18.1): comfortable by default, compact when the reader chose it on this device.
  const [compact, setCompact] = useState(() => readJson('density') === 'compact');

  useEffect(() => void getJson('/api/lanes').then((body) => setPool(parseLanePool(body))), []);
  useEffect(() => {
    const onPop = () => setRoute(parseRoute(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    // `?open=<id>` opens the article's own page (its summary, explanation and publisher link).
    if (route.view === 'open') location.replace(`/a/${route.id}`);
    if (first.current) {
      first.current = false;
      return;
    }
    noteAction();
    // After `/`, focus goes to the Calm Filters search instead of the heading.
    focusTo.current = toSearch.current ? 'filter-search' : 'view-title';
    toSearch.current = false;
    takeFocus();
    window.scrollTo({ top: 0 });
  }, [route]);

  const go = useCallback((href: string) => {
    const url = new URL(href, location.href);
    history.pushState(null, '', url.pathname + url.search);
    setToast(null);
    setRoute(parseRoute(url.search));
  }, []);
  // `/`: Calm Filters with focus in its search box.
  const search = useCallback(() => {
    if (location.search === '?view=filters') return document.getElementById('filter-search')?.focus();
    toSearch.current = true;
    go('/?view=filters');
  }, []);

  /** Apply a boundary change and offer to undo it (the inverse runs on the prefs of that moment). */
  const boundary = (next: Prefs, text: string, inverse: (current: Prefs) => Prefs, undone: string) => {
    setPrefs(next);
    say(text, () => {
      setPrefs(inverse(prefsRef.current));
      say(undone);
    });
  };
  const withoutPause = (pause: Pause) => (p: Prefs): Prefs => ({ ...p, pauses: p.pauses.filter((x) => x !== pause && !(x.kind === pause.kind && x.value === pause.value && x.until === pause.until)) });
  const actions: CardActions = {
    say,
    go,
    notToday: brief.notToday,
    lessLikeThis: (card: Card) => {
      sendEvent('less_like_this', card.id);
      const pause: Pause = { kind: 'topic', value: card.topic, until: new Date(Date.now() + LESS_LIKE_THIS_MS).toISOString() };
      boundary({ ...prefs, pauses: [...prefs.pauses, pause] }, `Fewer ${label(card.topic)} stories for a week.`, withoutPause(pause), `${label(card.topic)} stories are back.`);
    },
    pauseSource: (card: Card) => {
      const pause: Pause = { kind: 'source', value: card.source_id, until: new Date(Date.now() + LESS_LIKE_THIS_MS).toISOString() };
      boundary({ ...prefs, pauses: [...prefs.pauses, pause] }, `Stories from ${card.source_name} are paused for a week.`, withoutPause(pause), `Stories from ${card.source_name} are back.`);
    },
    alwaysHide: (card: Card) => {
      sendEvent('hide_topic', card.id);
      const had = prefs.mute_topics.includes(card.topic);
      boundary(
        { ...prefs, mute_topics: addTo(prefs.mute_topics, card.topic) },
        `${label(card.topic)} stories are hidden. You can change this in Calm Filters.`,
        (p) => (had ? p : { ...p, mute_topics: p.mute_topics.filter((t) => t !== card.topic) }),
        `${label(card.topic)} stories are back.`,
      );
    },
  };
  // "Not today" in a feed hides the card until local midnight (the brief refills itself).
  const hiddenToday = useMemo(() => todaysExclusions(readJson('not_today'), localDay(new Date())), [brief.items, route]);
  // The brief's element is kept while what it draws is unchanged, so Preact skips its seven cards when
  // only the lanes, the session or the toast changed (each was a full redraw on a slow phone).
  const briefView = useMemo(() => <BriefView brief={brief} actions={actions} />, [brief.items, brief.offline, brief.replace, brief.notToday, prefs, route]);

  // Following shows for a signed-in reader who follows something (and while it is open).
  const { followKey } = useSession();
  const lanes = selectedLanes(pool, prefs.lanes, !!followKey || (route.view === 'feed' && route.feed.kind === 'following'));
  const active = route.view === 'feed' ? laneKey(route.feed) : route.view === 'brief' ? 'highlights' : '';
  const reading = route.view === 'brief' || route.view === 'feed';
  return (
    <ReaderFrame compact={compact} reading={reading}>
      <LaneBar lanes={lanes} active={active} filtersOpen={route.view === 'filters'} go={go} />
      {route.view === 'brief' && <SinceBanner param={param} openLatest={() => go('/?lane=latest')} />}
      {reading && <DensityToggle compact={compact} toggle={() => { writeJson('density', compact ? 'comfortable' : 'compact'); setCompact(!compact); }} />}
      {route.view === 'brief' && briefView}
      {route.view === 'feed' && (
        <FeedView feed={route.feed} title={feedTitle(route, lanes)} param={param} filtering={filtering} hiddenIds={hiddenToday} actions={{ ...actions, notToday: (card) => { brief.notToday(card); } }} />
      )}
      {route.view === 'filters' && <LazyFilters prefs={prefs} setPrefs={setPrefs} pool={pool} say={say} shown={takeFocus} />}
      {route.view === 'lazy' && <LazyView name={route.name} say={say} />}
      {route.view === 'open' && <p class="quiet">Opening the story…</p>}
      <p class="app-footer">
        <AccountEntry go={go} />
        <a href="/?view=feedback" onClick={(e) => { e.preventDefault(); go('/?view=feedback'); }}>
          Send feedback
        </a>
        {' · '}<a href="/?view=games" onClick={(e) => { e.preventDefault(); go('/?view=games'); }}>Games</a>
        <AdminLink go={go} />
        {' · '}<button type="button" class="link" aria-keyshortcuts="?" onClick={() => openShortcuts.current?.()}>Keyboard shortcuts</button>
      </p>
      <Shortcuts say={say} search={search} opener={openShortcuts} />
      <Toast message={toast} clear={() => setToast(null)} />
    </ReaderFrame>
  );
}
