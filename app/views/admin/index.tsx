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

/** Whether the signed-in reader is an admin now (false for anonymous, failures and anything malformed). */
export async function fetchIsAdmin(): Promise<boolean> {
  return (await fetchMe())?.is_admin === true;
}

/** The gate view. */
export default function AdminView({ say }: LazyViewProps) {
  const [state, setState] = useState<'checking' | 'denied' | 'failed' | { Panel: Panel }>('checking');
  useEffect(() => {
    focusViewTitle();
    let live = true;
    void fetchIsAdmin().then(async (admin) => {
      if (!live) return;
      if (!admin) return setState('denied');
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
      {state === 'failed' && <p class="quiet">The admin pages need a connection. Please try again.</p>}
      {typeof state === 'object' && <state.Panel say={say} />}
    </View>
  );
}
