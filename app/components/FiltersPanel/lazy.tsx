/**
 * Calm Filters, loaded when opened: the panel (with Mutes and its data helpers) is a chunk of its
 * own, so the reader does not download, parse or render it on the brief (issue 18, home page
 * performance). `shown` runs once the panel is drawn, so the app can move focus into it.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { FiltersPanelProps } from './index.tsx';

type Panel = ComponentType<FiltersPanelProps>;

/** The loaded panel, kept for the next opening. */
let loaded: Panel | null = null;

/** Props: the panel's, and what to do once it is drawn. */
export interface LazyFiltersProps extends FiltersPanelProps {
  shown: () => void;
}

/** Load (once) and render Calm Filters. */
export function LazyFilters({ shown, ...props }: LazyFiltersProps) {
  const [Panel, setPanel] = useState<Panel | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    import('./index.tsx')
      .then((mod) => {
        loaded = mod.FiltersPanel;
        setPanel(() => mod.FiltersPanel);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    if (Panel) shown();
  }, [Panel]);
  if (failed) return <p class="quiet">Calm Filters needs a connection the first time it opens.</p>;
  return Panel ? <Panel {...props} /> : <p class="quiet">Opening Calm Filters…</p>;
}
