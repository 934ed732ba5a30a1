/** The admin sections' list loading: `GET path` → its `items`, each read by `read` (unreadable ones dropped). */
import type { StateUpdater } from 'preact/hooks';
import { useEffect, useState } from 'preact/hooks';
import { isRecord, recordsOf } from '../../../core/domain/guards.ts';
import { failureText } from '../../lib/admin.ts';
import type { Rec } from '../../lib/admin-answers.ts';
import { request } from '../../lib/http.ts';

/** A loaded list: null until it arrives; `error` says why it could not be loaded; `load` asks again. */
export interface AdminItems<T> {
  items: T[] | null;
  setItems: (next: StateUpdater<T[] | null>) => void;
  error: string;
  setError: (text: string) => void;
  load: () => void;
}

/** Load the list at `path` once, and again on `load()`. */
export function useAdminItems<T>(path: string, read: (r: Rec) => T | null): AdminItems<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    void request(path).then((answer) => {
      if (answer.ok && isRecord(answer.body)) setItems(recordsOf(answer.body.items).map(read).filter((x): x is T => x !== null));
      else setError(failureText(answer));
    });
  useEffect(load, [path]);
  return { items, setItems, error, setError, load };
}
