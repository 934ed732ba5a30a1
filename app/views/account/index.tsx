/**
 * `?view=account`: the account page for a signed-in reader, the sign-in form otherwise (so the one
 * address serves both; the e-mailed link and the provider come back here). Its own chunk.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LazyViewProps } from '../types.ts';
import { fetchAccount, fetchMe, type Account } from '../../lib/account.ts';
import { AccountPage } from './AccountPage.tsx';
import { currentSession, setSession } from './session.ts';
import { SignIn } from './SignIn.tsx';
import { useAccountStyles, useFocusTitle } from './ui.ts';
import { View } from '../../components/View/index.tsx';

type State = { kind: 'loading' } | { kind: 'offline' } | { kind: 'signed-out'; note: string } | { kind: 'account'; account: Account };

/** The account view. */
export default function AccountView({ say }: LazyViewProps) {
  useAccountStyles();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    void (async () => {
      // Who is signed in first (`/api/auth/session` answers 200 either way): a signed-out visit
      // shows the form without asking `/api/account` for a 401, which the console would log.
      const me = currentSession().status === 'signed-in' ? true : await fetchMe();
      const account = me ? await fetchAccount() : me;
      if (account === undefined) return setState({ kind: 'offline' });
      setState(account ? { kind: 'account', account } : { kind: 'signed-out', note: '' });
    })();
  }, []);
  useFocusTitle(state.kind);

  if (state.kind === 'loading') return <p class="quiet">Opening your account…</p>;
  if (state.kind === 'offline') {
    return (
      <View title="Your account" class="account">
        <p class="quiet">Your account needs a connection. The brief is still here under Highlights.</p>
      </View>
    );
  }
  if (state.kind === 'signed-out') return <SignIn note={state.note} />;
  const signedOut = (note: string) => {
    setSession({ status: 'signed-out' });
    say(note);
    setState({ kind: 'signed-out', note });
  };
  return <AccountPage account={state.account} say={say} onSignedOut={signedOut} />;
}
