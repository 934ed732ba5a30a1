/**
 * `?view=saved`: the signed-in reader's library: saved stories (remove), reading history (remove
 * one, clear all after a confirmation) and what they follow (unfollow). Signed out, a calm line
 * points to sign-in. Its own chunk.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LazyViewProps } from '../types.ts';
import { fetchMe } from '../../lib/account.ts';
import { inApp, useAccountStyles, useFocusTitle } from '../account/ui.ts';
import { FollowingList } from './Following.tsx';
import { HistoryList, SavedList } from './Lists.tsx';

/** The saved view. */
export default function SavedView({ say }: LazyViewProps) {
  useAccountStyles();
  const [signedIn, setSignedIn] = useState<boolean | null | undefined>(null);
  useEffect(() => void fetchMe().then((me) => setSignedIn(me === undefined ? undefined : me !== null)), []);
  useFocusTitle(signedIn);

  return (
    <div class="library">
      <h2 id="view-title" class="view-title" tabIndex={-1}>
        Saved and history
      </h2>
      {signedIn === null && <p class="quiet">Opening your library…</p>}
      {signedIn === undefined && <p class="quiet">Your library needs a connection. The brief is still here under Highlights.</p>}
      {signedIn === false && (
        <p>
          Saved stories, history and follows live in an account.{' '}
          <a href="/?view=account" onClick={inApp('/?view=account')}>
            Sign in
          </a>{' '}
          to keep them.
        </p>
      )}
      {signedIn === true && (
        <>
          <SavedList say={say} />
          <HistoryList say={say} />
          <FollowingList say={say} />
        </>
      )}
    </div>
  );
}
