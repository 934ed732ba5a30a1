/**
 * Keyboard shortcuts (issue 18, item 5): `j` / `k` move between the cards (focus goes to the card's
 * title link), `o` opens the story, `r` replaces it (brief), `s` saves it (signed in), `/` goes to
 * the Calm Filters search, `?` shows the list. Never while typing in a field (input, textarea,
 * select, contenteditable), in a menu or dialog, or with Ctrl, Alt or Meta held. Each action is
 * announced through the app's live region (the toast). A card's controls name their key in
 * `aria-keyshortcuts`, which is how the handler finds them.
 */
import { useEffect, useRef } from 'preact/hooks';

/** The keys and what they do, as the list shows them. */
export const SHORTCUTS: ReadonlyArray<readonly [string, string]> = [
  ['j', 'Next story'],
  ['k', 'Previous story'],
  ['o', 'Open the story'],
  ['r', 'Replace the story (brief)'],
  ['s', 'Save the story (signed in)'],
  ['/', 'Search Calm Filters'],
  ['?', 'Show these shortcuts'],
];

/** Props: the announcer, and what `/` does. */
export interface ShortcutsProps {
  say: (text: string) => void;
  /** Go to Calm Filters with focus in its search box. */
  search: () => void;
  /** Set by the app to open the list from a button. */
  opener: { current: (() => void) | null };
}

/**
 * Where typing goes, so a key there is text, not a shortcut. An open dialog counts; a closed one
 * does not: right after the list closes, focus can still sit on its Close button until the browser
 * moves it (a moment that is longer on a busy machine), and keys there are the reader's shortcuts.
 */
const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || t.closest('input,textarea,select,[contenteditable],[role=menu],dialog[open]') !== null);

/** The story cards shown, and the index of the one holding focus (-1 when none). */
function cards(): { list: HTMLElement[]; at: number } {
  const list = [...document.querySelectorAll<HTMLElement>('#app article.card')];
  return { list, at: list.findIndex((c) => c.contains(document.activeElement)) };
}

/** Once the card at `index` is no longer `was` (Replace swapped it in), focus its title, unless focus went elsewhere. */
function focusReplacement(index: number, was: string, tries = 300): void {
  const card = cards().list[index];
  if (card && card.dataset.id !== was) {
    if (document.activeElement === document.body) card.querySelector<HTMLElement>('[aria-keyshortcuts="o"]')?.focus();
  } else if (tries > 0) requestAnimationFrame(() => focusReplacement(index, was, tries - 1));
}

/** The key handler and the list (a modal dialog). */
export function Shortcuts({ say, search, opener }: ShortcutsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const before = useRef<Element | null>(null);
  const open = () => {
    before.current = document.activeElement;
    dialog.current?.showModal();
    // The list itself is the dialog, named and read as it opens; the live region only says it
    // opened and how to close it (repeating the list there showed it twice on screen).
    say('Keyboard shortcuts list open. Escape closes it.');
  };
  opener.current = open;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
      const { list, at } = cards();
      const card = list[at];
      const press = (key: string, missing: string) => {
        const control = card?.querySelector<HTMLElement>(`[aria-keyshortcuts="${key}"]`);
        if (control) control.click();
        else say(card ? missing : 'Move to a story first with j or k.');
        return control;
      };
      switch (e.key) {
        case 'j':
        case 'k': {
          if (!list.length) return say('There are no stories here.');
          const next = at < 0 ? 0 : Math.max(0, Math.min(list.length - 1, at + (e.key === 'j' ? 1 : -1)));
          list[next]?.querySelector<HTMLElement>('[aria-keyshortcuts="o"]')?.focus();
          say(`Story ${next + 1} of ${list.length}: ${list[next]?.querySelector('.card-title')?.textContent ?? ''}`);
          break;
        }
        case 'o':
          if (card) say(`Opening “${card.querySelector('.card-title')?.textContent ?? ''}”.`);
          press('o', '');
          break;
        case 'r':
          // The replacement is a new card: focus follows it (Replace announces the swap).
          if (press('r', 'Only the stories of the brief can be replaced.')) focusReplacement(at, card?.dataset.id ?? '');
          break;
        case 's':
          press('s', 'Sign in to save stories.');
          break;
        case '/':
          search();
          say('Calm Filters: type the name of a topic or tag.');
          break;
        case '?':
          open();
          break;
        default:
          return;
      }
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [say, search]);

  // Closed (Escape or Close), focus goes back where it was, never left on the closed list's button,
  // where every key would read as typing in a dialog and no shortcut would work.
  const closed = () => {
    const d = dialog.current;
    if (!d || !d.contains(document.activeElement)) return;
    const back = before.current;
    if (back instanceof HTMLElement && back !== document.body && back.isConnected) back.focus();
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  return (
    <dialog ref={dialog} class="shortcuts" aria-labelledby="shortcuts-title" onClose={closed}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button class="button">Close</button>
      </form>
    </dialog>
  );
}
