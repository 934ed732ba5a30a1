/**
 * A view loaded only when opened (`?view=feedback|games|account|saved|admin`): each is its own
 * chunk, so admin and games code never load with the reader.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { LazyView as LazyName } from '../../lib/route.ts';
import type { LazyViewProps } from '../../views/types.ts';


type Loaded = ComponentType<LazyViewProps>;

/** The chunk of each view (the accounts and games engineers replace the placeholders). */
const LOADERS: Record<LazyName, () => Promise<{ default: Loaded }>> = {
  feedback: () => import('../../views/feedback/index.tsx'),
  games: () => import('../../views/games/index.tsx'),
  account: () => import('../../views/account/index.tsx'),
  // The account view shows the sign-in form to a signed-out reader (the verify page links here).
  signin: () => import('../../views/account/index.tsx'),
  saved: () => import('../../views/saved/index.tsx'),
  admin: () => import('../../views/admin/index.tsx'),
};

/** Load and render the named view. */
export function LazyView({ name, say }: LazyViewProps) {
  const [View, setView] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setView(null);
    LOADERS[name]()
      .then((mod) => setView(() => mod.default))
      .catch(() => setFailed(true));
  }, [name]);
  if (failed) return <p class="quiet">This part of Tidings needs a connection.</p>;
  return View ? <View name={name} say={say} /> : <p class="quiet">Opening…</p>;
}
