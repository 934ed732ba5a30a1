/**
 * `?view=admin`: asks `GET /api/auth/session` first and loads the admin panel's chunk only when it says
 * `is_admin`; everyone else gets a calm "not available" note, and the panel's code is never even
 * downloaded for them (the server's gate still refuses every `/api/admin/*` call on its own).
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { LazyViewProps } from '../types.ts';
import { fetchMe } from '../../lib/account.ts';
import { focusViewTitle, View } from '../../components/View/index.tsx';

type Panel = ComponentType<Pick<LazyViewProps, 'say'>>;

/**
 * Who is asking: an admin, a signed-in reader who is not one, or nobody signed in (failures and
 * anything malformed count as not an admin).
 */
async function whoAsks(): Promise<'admin' | 'reader' | 'anonymous'> {
  const me = await fetchMe();
  if (me === null) return 'anonymous';
  return me?.is_admin === true ? 'admin' : 'reader';
}

/** The gate view. */
export default function AdminView({ say }: LazyViewProps) {
  const [state, setState] = useState<'checking' | 'denied' | 'signed-out' | 'failed' | { Panel: Panel }>('checking');
  useEffect(() => {
    focusViewTitle();
    let live = true;
    void whoAsks().then(async (who) => {
      if (!live) return;
      // Someone who runs Tidings on a new device is not signed in yet: say where to.
      if (who !== 'admin') return setState(who === 'anonymous' ? 'signed-out' : 'denied');
      try {
        const mod = await import('./Panel.tsx');
        if (live) setState({ Panel: mod.default });
      } catch {
        if (live) setState('failed');
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <View title="Admin" class="admin-view">
      {state === 'checking' && <p class="quiet">Checking your access…</p>}
      {state === 'denied' && (
        <p class="quiet not-available">
          This page is not available. It is for the people who run Tidings. <a href="/">Back to the brief</a>
        </p>
      )}
      {state === 'signed-out' && (
        <p class="quiet not-available">
          This page is not available. It is for the people who run Tidings: if that is you, <a href="/?view=signin">sign in</a> first.{' '}
          <a href="/">Back to the brief</a>
        </p>
      )}
      {state === 'failed' && <p class="quiet">The admin pages need a connection. Please try again.</p>}
      {typeof state === 'object' && <state.Panel say={say} />}
    </View>
  );
}
