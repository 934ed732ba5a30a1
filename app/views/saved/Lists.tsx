/** The saved stories and the reading history lists, each item removable (focus then stays in the list). */
import { useEffect, useState } from 'preact/hooks';
import { clearHistory, fetchLibrary, removeHistory, setSaved, type LibraryItem } from '../../lib/account.ts';
import { forgetSaved } from '../account/session.ts';
import { when } from '../account/ui.ts';

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

/** After removing an item, keep keyboard focus in the section (the pressed button is gone). */
function refocus(headingId: string) {
  requestAnimationFrame(() => document.getElementById(headingId)?.focus());
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
    refocus('saved-title');
  };
  const undoRemove = async (id: string, item: LibraryItem | undefined) => {
    if (!(await setSaved(id, true))) return say('That could not be saved again just now. Please try again.');
    if (item) setItems((list) => (list?.some((i) => i.card.id === id) ? list : [item, ...(list ?? [])]));
    say('Saved again.');
  };
  return (
    <section aria-labelledby="saved-title">
      <h3 id="saved-title" tabIndex={-1}>
        Saved stories
      </h3>
      {items === null && <p class="quiet">Loading…</p>}
      {items === undefined && <p class="quiet">Your saved stories could not be loaded. Please try again later.</p>}
      {items?.length === 0 && <p class="quiet">Nothing saved yet. Use Save on any story to keep it here.</p>}
      {items && items.length > 0 && (
        <ul class="plain" aria-label="Saved stories">
          {items.map((item) => (
            <Item key={item.card.id} item={item} action="Remove" label={item.at ? `saved ${when(item.at)}` : ''} onAction={() => void remove(item.card.id)} />
          ))}
        </ul>
      )}
    </section>
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
    refocus('history-title');
  };
  const clear = async () => {
    setConfirming(false);
    if (!(await clearHistory())) return say('Your history could not be cleared just now. Please try again.');
    setItems([]);
    say('Your history is cleared.');
    refocus('history-title');
  };
  const event = (item: LibraryItem) => `${item.event === 'replaced' ? 'replaced' : 'opened'} ${when(item.at)}`;
  return (
    <section aria-labelledby="history-title">
      <h3 id="history-title" tabIndex={-1}>
        History
      </h3>
      {items === null && <p class="quiet">Loading…</p>}
      {items === undefined && <p class="quiet">Your history could not be loaded. Please try again later.</p>}
      {items?.length === 0 && <p class="quiet">No history. Stories you open or replace appear here, and only here.</p>}
      {items && items.length > 0 && (
        <>
          <ul class="plain" aria-label="History">
            {items.map((item) => (
              <Item key={item.card.id} item={item} action="Remove" label={event(item)} onAction={() => void remove(item.card.id)} />
            ))}
          </ul>
          {confirming ? (
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
          )}
        </>
      )}
    </section>
  );
}
