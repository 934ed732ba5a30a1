/**
 * The reader's sign-in state, shared by the reader and the lazy account views: who is signed in,
 * which articles they saved, and the prefs sync. This module loads with the reader (the entry
 * link and the Save buttons need it), so it stays small; the merge logic and every view load
 * only when needed (`sync.ts`, `index.tsx`, `../saved/index.tsx` are their own chunks).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchMe, fetchSavedIds, putAccountPrefs, setSaved, type Me } from '../../lib/account.ts';
import { sendKeepalive } from '../../lib/events.ts';
import type { Prefs } from '../../lib/prefs.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import { addDeviceHistory, canonicalPrefs, parseDeviceHistory, prefsForServer, type DeviceHistoryEntry } from './merge.ts';

/** Where the reader stands. `unknown` until `/api/auth/me` answers; `offline` when it cannot. */
export type SessionState = { status: 'unknown' | 'signed-out' | 'offline' } | { status: 'signed-in'; me: Me };

let session: SessionState = { status: 'unknown' };
let saved = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((fn) => fn());

/** The current state (outside components). */
export const currentSession = (): SessionState => session;

/** Change the state (sign-in found, signed out, account deleted). */
export function setSession(next: SessionState): void {
  session = next;
  if (next.status !== 'signed-in') saved = new Set();
  notify();
}

/** Ask the server who is signed in, and load the saved ids when someone is. */
export async function refreshSession(): Promise<SessionState> {
  const me = await fetchMe();
  setSession(me === undefined ? { status: 'offline' } : me === null ? { status: 'signed-out' } : { status: 'signed-in', me });
  if (me) {
    const ids = await fetchSavedIds();
    if (ids) {
      saved = new Set(ids);
      notify();
    }
  }
  return session;
}

/** Re-render on every change of the session or the saved ids. */
export function useSession(): { session: SessionState; isSaved: (id: string) => boolean } {
  const [, bump] = useState(0);
  useEffect(() => {
    const fn = () => bump((n) => n + 1);
    listeners.add(fn);
    return () => void listeners.delete(fn);
  }, []);
  return { session, isSaved: (id) => saved.has(id) };
}

/** Save or unsave; the button changes at once and changes back if the server refuses. */
export async function toggleSaved(articleId: string): Promise<boolean> {
  const next = !saved.has(articleId);
  const apply = (on: boolean) => {
    saved = new Set(saved);
    if (on) saved.add(articleId);
    else saved.delete(articleId);
    notify();
  };
  apply(next);
  const done = await setSaved(articleId, next);
  if (!done) apply(!next);
  return done ? next : !next;
}

/** Forget a saved id (the saved view removed it). */
export function forgetSaved(articleId: string): void {
  if (!saved.has(articleId)) return;
  saved = new Set(saved);
  saved.delete(articleId);
  notify();
}

/**
 * A deliberate reading event (SPEC.md: opened or replaced away): into the account's history when
 * signed in (keepalive, so it survives the navigation), else onto the device for the first sign-in.
 */
export function noteRead(articleId: string, event: DeviceHistoryEntry['event']): void {
  if (session.status === 'signed-in') return sendKeepalive('/api/history', { article_id: articleId, event });
  writeJson('history', addDeviceHistory(parseDeviceHistory(readJson('history')), articleId, event, new Date()));
}

const PUSH_DELAY_MS = 400;

/**
 * Keep the account's prefs in step with the device: on load find the session, merge or pull once
 * (lazy `sync.ts`), then push every later change (debounced). Signed out, nothing leaves the device.
 */
export function useAccountSync(prefs: Prefs, setPrefs: (next: Prefs) => void, say: (text: string) => void): void {
  const latest = useRef(prefs);
  latest.current = prefs;
  // What the account holds, as canonical JSON; null while not signed in or not yet in step.
  const synced = useRef<string | null>(null);

  useEffect(() => {
    const onChange = () => {
      if (session.status !== 'signed-in') synced.current = null;
    };
    listeners.add(onChange);
    void (async () => {
      const state = await refreshSession();
      if (state.status !== 'signed-in') return;
      const { syncOnSignIn } = await import('./sync.ts');
      const result = await syncOnSignIn(state.me, latest.current, new Date());
      if (!result || currentSession().status !== 'signed-in') return;
      synced.current = canonicalPrefs(result.prefs, new Date());
      if (canonicalPrefs(latest.current, new Date()) !== synced.current) setPrefs(result.prefs);
      if (result.imported) {
        setSession({ status: 'signed-in', me: { ...state.me, needs_import: false } });
        say('You are signed in. Your Calm Filters and reading history are now part of your account.');
      }
    })();
    return () => void listeners.delete(onChange);
  }, []);

  useEffect(() => {
    if (synced.current === null) return;
    const now = new Date();
    const body = prefsForServer(prefs, now);
    const next = JSON.stringify(body);
    if (next === synced.current) return;
    const timer = setTimeout(() => {
      synced.current = next;
      void putAccountPrefs(body).then((done) => {
        // A refused push is tried again with the next change.
        if (!done && synced.current === next) synced.current = '';
      });
    }, PUSH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [prefs]);
}
