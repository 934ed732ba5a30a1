/** A library list's frame (saved, history, following): its focusable heading, its list, and its loading, failed and empty lines. */
import type { ComponentChildren } from 'preact';

/** What each list says. */
const LISTS = {
  saved: {
    title: 'Saved stories',
    failed: 'Your saved stories could not be loaded. Please try again later.',
    empty: 'Nothing saved yet. Use Save on any story to keep it here.',
  },
  history: {
    title: 'History',
    failed: 'Your history could not be loaded. Please try again later.',
    empty: 'No history. Stories you open or replace appear here, and only here.',
  },
  following: {
    title: 'Following',
    failed: 'What you follow could not be loaded. Please try again later.',
    empty: 'You follow nothing yet. Open a source or a tag and choose Follow.',
  },
} as const;

/** The id of a list's heading (focus returns there after a removal). */
const headingId = (list: keyof typeof LISTS): string => `${list}-title`;

/** Props: which list, its items (null while loading, undefined when it failed), how an item shows, and what follows a non-empty list. */
export interface LibrarySectionProps<T> {
  list: keyof typeof LISTS;
  items: T[] | null | undefined;
  item: (entry: T) => ComponentChildren;
  footer?: ComponentChildren;
}

/** The section. */
export function LibrarySection<T>({ list, items, item, footer }: LibrarySectionProps<T>) {
  const text = LISTS[list];
  return (
    <section aria-labelledby={headingId(list)}>
      <h3 id={headingId(list)} tabIndex={-1}>
        {text.title}
      </h3>
      {items === null && <p class="quiet">Loading…</p>}
      {items === undefined && <p class="quiet">{text.failed}</p>}
      {items?.length === 0 && <p class="quiet">{text.empty}</p>}
      {items && items.length > 0 && (
        <>
          <ul class="plain" aria-label={text.title}>
            {items.map(item)}
          </ul>
          {footer}
        </>
      )}
    </section>
  );
}

/** After removing an item, keep keyboard focus in the list's section (the pressed button is gone). */
export function refocus(list: keyof typeof LISTS): void {
  requestAnimationFrame(() => document.getElementById(headingId(list))?.focus());
}
