/**
 * The reader's sign-in state, shared by the reader and the lazy account views: who is signed in,
 * which articles they saved, and the prefs sync. This module loads with the reader (the entry
 * link and the Save buttons need it), so it stays small; the merge logic and every view load
 * only when needed (`sync.ts`, `index.tsx`, `../saved/index.tsx` are their own chunks).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchFollows, fetchMe, fetchSavedIds, putAccountPrefs, setFollow, setSaved, type Follow, type Me } from '../../lib/account.ts';
import { sendKeepalive } from '../../lib/events.ts';
import type { Prefs } from '../../lib/prefs.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import { addDeviceHistory, canonicalPrefs, parseDeviceHistory, prefsForServer, type DeviceHistoryEntry } from './merge.ts';

/** Where the reader stands. `unknown` until `/api/auth/session` answers; `offline` when it cannot. */
export type SessionState = { status: 'unknown' | 'signed-out' | 'offline' } | { status: 'signed-in'; me: Me };

let session: SessionState = { status: 'unknown' };
let saved = new Set<string>();
/**
 * Saves and unsaves made while the saved ids are on their way (null when none are), applied over
 * the ids when they arrive: the Save buttons show as soon as the session is known, and the ids'
 * answer, made before a save the reader tapped meanwhile, would otherwise undo it on screen.
 */
let savedWhileLoading: Map<string, boolean> | null = null;
/** What the reader follows, as `kind:value`; null until loaded (or when it could not be). */
let follows: Set<string> | null = null;
const listeners = new Set<() => void>();
/** How many changes there have been: a component that rendered before one and subscribed after it sees it moved. */
let version = 0;
const notify = () => {
  version += 1;
  listeners.forEach((fn) => fn());
};

/** How many changes there have been so far (a render reads it, for `watchSession`). */
export const sessionVersion = (): number => version;

/**
 * Call `fn` on every later change, and once at once when there has been a change since `seen` (the
 * version a render read). Returns the unsubscribe. A component subscribes in an effect, which runs
 * after the paint: a change can land between its render and its subscription (the follows
 * arriving while a card mounts), and without this check it kept its stale render, e.g. a card
 * without its Follow button, until something else drew it again.
 */
export function watchSession(seen: number, fn: () => void): () => void {
  listeners.add(fn);
  if (version !== seen) fn();
  return () => void listeners.delete(fn);
}

/** The current state (outside components). */
export const currentSession = (): SessionState => session;

/** Change the state (sign-in found, signed out, account deleted). */
export function setSession(next: SessionState): void {
  session = next;
  if (next.status !== 'signed-in') {
    saved = new Set();
    savedWhileLoading = null;
    follows = null;
  }
  notify();
}

/** Ask the server who is signed in, and load the saved ids when someone is. */
export async function refreshSession(): Promise<SessionState> {
  const me = await fetchMe();
  setSession(me === undefined ? { status: 'offline' } : me === null ? { status: 'signed-out' } : { status: 'signed-in', me });
  if (me) {
    const journal = (savedWhileLoading = new Map());
    const [ids, followed] = await Promise.all([fetchSavedIds(), fetchFollows()]);
    if (savedWhileLoading === journal) savedWhileLoading = null;
    if (ids) {
      const next = new Set(ids);
      for (const [id, on] of journal) on ? next.add(id) : next.delete(id);
      saved = next;
    }
    if (followed) follows = new Set(followed.map((f) => `${f.kind}:${f.value}`));
    notify();
  }
  return session;
}

/** What a component reads from the session. */
export interface SessionReading {
  session: SessionState;
  isSaved: (id: string) => boolean;
  /** Whether the reader follows this source or tag; null until known. */
  isFollowed: (kind: Follow['kind'], value: string) => boolean | null;
  /** The follows as one sorted string (a change of what is followed changes it); null until known. */
  followKey: string | null;
}

/** Re-render on every change of the session, the saved ids or the follows. */
export function useSession(): SessionReading {
  const [, bump] = useState(0);
  const rendered = version;
  useEffect(() => watchSession(rendered, () => bump((n) => n + 1)), []);
  return {
    session,
    isSaved: (id) => saved.has(id),
    isFollowed: (kind, value) => (follows ? follows.has(`${kind}:${value}`) : null),
    followKey: follows ? [...follows].sort().join(',') : null,
  };
}

/** A copy of `set` with `key` in or out. */
const withKey = (set: Set<string>, key: string, on: boolean): Set<string> => {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

/** Save or unsave; the button changes at once and changes back if the server refuses. */
export async function toggleSaved(articleId: string): Promise<boolean> {
  const next = !saved.has(articleId);
  const apply = (on: boolean) => {
    saved = withKey(saved, articleId, on);
    savedWhileLoading?.set(articleId, on);
    notify();
  };
  apply(next);
  const done = await setSaved(articleId, next);
  if (!done) apply(!next);
  return done ? next : !next;
}

/** Follow or unfollow a source or tag; true when the server agreed (every Follow control and the Following lane follow). */
export async function follow(kind: Follow['kind'], value: string, on: boolean): Promise<boolean> {
  if (!(await setFollow(kind, value, on))) return false;
  if (follows) follows = withKey(follows, `${kind}:${value}`, on);
  notify();
  return true;
}

/** Forget a saved id (the saved view removed it). */
export function forgetSaved(articleId: string): void {
  if (!saved.has(articleId)) return;
  saved = withKey(saved, articleId, false);
  savedWhileLoading?.set(articleId, false);
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
