/** The reader's Calm Filters as state: kept on the device, pruned when a pause expires (at that moment). */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { hasBoundaries, loadPrefs, nextExpiry, PREFS_KEY, prefsParam, storePrefs, withoutExpired, type Prefs } from '../../lib/prefs.ts';

// setTimeout overflows past 2^31 ms; a far pause is re-checked daily instead.
const MAX_WAIT_MS = 86_400_000;

/** Prefs state, the `prefs` query value, whether they filter anything (`filtering`), and a setter that also stores them. */
export function usePrefs(): { prefs: Prefs; param: string; filtering: boolean; setPrefs: (next: Prefs) => void } {
  const [prefs, setState] = useState<Prefs>(() => loadPrefs(new Date()));
  const setPrefs = useCallback((next: Prefs) => {
    storePrefs(next);
    setState(next);
  }, []);
  useEffect(() => {
    const at = nextExpiry(prefs, new Date());
    if (at === null) return;
    const timer = setTimeout(() => setPrefs(withoutExpired(prefs, new Date())), Math.min(MAX_WAIT_MS, Math.max(0, at - Date.now()) + 50));
    return () => clearTimeout(timer);
  }, [prefs, setPrefs]);
  // Another tab changed the filters: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === `tidings.${PREFS_KEY}`) setState(loadPrefs(new Date()));
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, []);
  const param = useMemo(() => prefsParam(prefs, new Date()), [prefs]);
  const filtering = useMemo(() => hasBoundaries(prefs, new Date()), [prefs]);
  return { prefs, param, filtering, setPrefs };
}
