/** The saved stories and the reading history lists, each item removable (focus then stays in the list). */
import { useEffect, useState } from 'preact/hooks';
import { clearHistory, fetchLibrary, removeHistory, setSaved, type LibraryItem } from '../../lib/account.ts';
import { forgetSaved } from '../account/session.ts';
import { when } from '../account/ui.ts';
import { LibrarySection, refocus } from './Section.tsx';

/** Props of a list. */
export interface ListProps {
  say: (text: string, undo?: () => void) => void;
}

/** Load one library list; null while loading, undefined when it failed. */
function useLibrary(which: 'saved' | 'history') {
  const [items, setItems] = useState<LibraryItem[] | null | undefined>(null);
  useEffect(() => void fetchLibrary(which).then((list) => setItems(list ?? undefined)), [which]);
  return [items, setItems] as const;
}

function Item({ item, action, label, onAction }: { item: LibraryItem; action: string; label: string; onAction: () => void }) {
  return (
    <li>
      <span>
        <a href={`/a/${item.card.id}`}>{item.card.title}</a>
        <span class="meta">
          {item.card.source_name}
          {label ? ` · ${label}` : ''}
        </span>
      </span>
      <button type="button" class="button" onClick={onAction}>
        {action}
        <span class="sr-only">: {item.card.title}</span>
      </button>
    </li>
  );
}

/** Saved stories, newest first. */
export function SavedList({ say }: ListProps) {
  const [items, setItems] = useLibrary('saved');
  const remove = async (id: string) => {
    if (!(await setSaved(id, false))) return say('That could not be removed just now. Please try again.');
    forgetSaved(id);
    const removed = items?.find((i) => i.card.id === id);
    setItems((list) => list?.filter((i) => i.card.id !== id));
    say('Removed from your saved stories.', () => void undoRemove(id, removed));
    refocus('saved');
  };
  const undoRemove = async (id: string, item: LibraryItem | undefined) => {
    if (!(await setSaved(id, true))) return say('That could not be saved again just now. Please try again.');
    if (item) setItems((list) => (list?.some((i) => i.card.id === id) ? list : [item, ...(list ?? [])]));
    say('Saved again.');
  };
  return (
    <LibrarySection
      list="saved"
      items={items}
      item={(item) => <Item key={item.card.id} item={item} action="Remove" label={item.at ? `saved ${when(item.at)}` : ''} onAction={() => void remove(item.card.id)} />}
    />
  );
}

/** Reading history (only deliberate events: opened, replaced away), with remove-one and clear-all. */
export function HistoryList({ say }: ListProps) {
  const [items, setItems] = useLibrary('history');
  const [confirming, setConfirming] = useState(false);
  const remove = async (id: string) => {
    if (!(await removeHistory(id))) return say('That could not be removed just now. Please try again.');
    setItems((list) => list?.filter((i) => i.card.id !== id));
    say('Removed from your history.');
    refocus('history');
  };
  const clear = async () => {
    setConfirming(false);
    if (!(await clearHistory())) return say('Your history could not be cleared just now. Please try again.');
    setItems([]);
    say('Your history is cleared.');
    refocus('history');
  };
  const event = (item: LibraryItem) => `${item.event === 'replaced' ? 'replaced' : 'opened'} ${when(item.at)}`;
  return (
    <LibrarySection
      list="history"
      items={items}
      item={(item) => <Item key={item.card.id} item={item} action="Remove" label={event(item)} onAction={() => void remove(item.card.id)} />}
      footer={
        confirming ? (
          <div class="confirm row" role="group" aria-label="Clear history?">
            <span>Clear your whole history? This cannot be undone.</span>
            <button type="button" class="button danger" onClick={() => void clear()} autoFocus>
              Yes, clear history
            </button>
            <button type="button" class="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <p>
            <button type="button" class="button" onClick={() => setConfirming(true)}>
              Clear history…
            </button>
          </p>
        )
      }
    />
  );
}
