/**
 * The small account pieces the reader shows everywhere (so they load with it, and stay small):
 * the Sign in / Your account entry, the Save button on a card and the Follow button on a source or
 * tag feed and by a card's source name. Signed out, Save and Follow render nothing: the reader stays calm and uncluttered.
 */
import type { Follow } from '../../lib/account.ts';
import { follow, toggleSaved, useSession } from './session.ts';

/** Props of the entry: the app's navigation. */
export interface AccountEntryProps {
  go: (href: string) => void;
}

/** "Sign in", or "Your account" and "Saved" once signed in. */
export function AccountEntry({ go }: AccountEntryProps) {
  const { session } = useSession();
  const link = (href: string, text: string) => (
    <a
      href={href}
      onClick={(e: MouseEvent) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        go(href);
      }}
    >
      {text}
    </a>
  );
  // Nothing until the server answers, so a signed-in reader never sees a passing "Sign in".
  if (session.status === 'unknown') return null;
  // Followed by a separator: it sits first in the footer line, before Send feedback.
  if (session.status !== 'signed-in') return <span class="account-entry">{link('/?view=account', 'Sign in')} · </span>;
  return (
    <span class="account-entry">
      {link('/?view=account', 'Your account')} · {link('/?view=saved', 'Saved and history')} ·{' '}
    </span>
  );
}

/** Props of the Save button. */
export interface SaveButtonProps {
  articleId: string;
  title: string;
  say: (text: string, undo?: () => void) => void;
}

/** Save / Saved toggle (aria-pressed), only for a signed-in reader. */
export function SaveButton({ articleId, title, say }: SaveButtonProps) {
  const { session, isSaved } = useSession();
  if (session.status !== 'signed-in') return null;
  const on = isSaved(articleId);
  const click = async () => {
    const now = await toggleSaved(articleId);
    if (now === on) return say('That could not be saved just now. Please try again.');
    if (now) return say('Saved. You will find it under Saved and history.');
    say('Removed from your saved stories.', () => void toggleSaved(articleId).then((again) => say(again ? 'Saved again.' : 'That could not be saved just now. Please try again.')));
  };
  return (
    <button type="button" class="button" aria-pressed={on} aria-keyshortcuts="s" onClick={click}>
      {on ? 'Saved' : 'Save'}
      <span class="sr-only">: {title}</span>
    </button>
  );
}

/** Props of the Follow button. */
export interface FollowButtonProps {
  kind: Follow['kind'];
  value: string;
  name: string;
  say: (text: string, undo?: () => void) => void;
  /** The small control by a card's source name (a feed's header has the full button). */
  small?: boolean;
}

/** Follow / Following toggle for a source or tag, only for a signed-in reader; unfollowing offers Undo. */
export function FollowButton({ kind, value, name, say, small = false }: FollowButtonProps) {
  const { session, isFollowed } = useSession();
  const on = isFollowed(kind, value);
  if (session.status !== 'signed-in' || on === null) return null;
  const set = async (next: boolean) => {
    if (!(await follow(kind, value, next))) return say('That did not work just now. Please try again.');
    if (next) say(`You follow ${name}. Its stories gather in Following.`);
    else say(`You no longer follow ${name}.`, () => void set(true));
  };
  return (
    <button type="button" class={small ? 'follow' : 'button'} aria-pressed={on} onClick={() => void set(!on)}>
      {on ? 'Following' : 'Follow'}
      <span class="sr-only"> {name}</span>
    </button>
  );
}

/** Record a deliberate reading event (re-exported so a card needs one import). */
export { noteRead } from './session.ts';
