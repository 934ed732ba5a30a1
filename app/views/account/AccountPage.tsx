/**
 * The signed-in reader's account page (`GET /api/account`): who they are, the digest, connected
 * sign-in methods, active sessions (each can be ended), their data (export), sign out, sign out
 * everywhere, and deleting the account.
 */
import { useState } from 'preact/hooks';
import { endSession, signOut, signOutEverywhere, type Account, type Identity } from '../../lib/account.ts';
import { DeleteAccount } from './Delete.tsx';
import { DigestSettings } from './Digest.tsx';
import { inApp, when } from './ui.ts';
import { View } from '../../components/View/index.tsx';

/** Props: the loaded account, and what to do once the reader is signed out here. */
export interface AccountPageProps {
  account: Account;
  say: (text: string) => void;
  onSignedOut: (note: string) => void;
}

function methodName(identity: Identity): string {
  if (identity.provider === 'email') return 'E-mail link';
  try {
    return `Sign-in provider (${new URL(identity.issuer).host})`;
  } catch {
    return 'Sign-in provider';
  }
}

/** The account page. */
export function AccountPage({ account, say, onSignedOut }: AccountPageProps) {
  const [sessions, setSessions] = useState(account.sessions);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<boolean>, note: string) => {
    setBusy(true);
    const done = await action();
    setBusy(false);
    if (done) onSignedOut(note);
    else say('That did not work just now. Please try again.');
  };
  const end = async (id: string) => {
    if (!(await endSession(id))) return say('That device could not be signed out just now. Please try again.');
    setSessions((list) => list.filter((s) => s.id !== id));
    say('That device is signed out.');
    document.getElementById('sessions-title')?.focus();
  };

  return (
    <View title="Your account" class="account">
      <section aria-label="You">
        <p class="who">
          {account.avatar_url && <img class="avatar" src={account.avatar_url} alt="" width={48} height={48} referrerpolicy="no-referrer" />}
          <span>
            Signed in as <strong data-testid="account-email">{account.email}</strong>
          </span>
        </p>
        <p>
          <a href="/?view=saved" onClick={inApp('/?view=saved')}>
            {account.saved_count === 1 ? '1 saved story' : `${account.saved_count} saved stories`}
          </a>
          , your reading history and what you follow.
        </p>
      </section>
      <section>
        <DigestSettings />
      </section>
      <section aria-labelledby="methods-title">
        <h3 id="methods-title">How you sign in</h3>
        <ul class="plain">
          {account.identities.map((i) => (
            <li key={`${i.provider}:${i.issuer}:${i.email}`}>
              <span>
                {methodName(i)}: {i.email}
                <span class="meta">
                  Connected {when(i.connected_at)}, last used {when(i.last_used_at)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sessions-title">
        <h3 id="sessions-title" tabIndex={-1}>
          Where you are signed in
        </h3>
        <ul class="plain">
          {sessions.map((s) => (
            <li key={s.id}>
              <span>
                {s.current ? 'This device' : 'Another device'}
                <span class="meta">
                  Signed in {when(s.created_at)}, last active {when(s.last_used_at)}
                </span>
              </span>
              {!s.current && (
                <button type="button" class="button" onClick={() => void end(s.id)}>
                  Sign out<span class="sr-only"> the device signed in {when(s.created_at)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
        <div class="row">
          <button type="button" class="button" disabled={busy} onClick={() => void run(signOut, 'You are signed out. Your Calm Filters stay on this device.')}>
            Sign out
          </button>
          <button type="button" class="button" disabled={busy} onClick={() => void run(signOutEverywhere, 'You are signed out on every device.')}>
            Sign out everywhere
          </button>
        </div>
      </section>
      <section aria-labelledby="data-title">
        <h3 id="data-title">Your data</h3>
        <p>A file with everything we keep about you: account, sign-in methods, saved stories, history, follows, filters and sessions.</p>
        <a class="button" href="/api/account/export" download>
          Download my data (JSON)
        </a>
      </section>
      <DeleteAccount email={account.email} onDeleted={() => onSignedOut('Your account and everything in it have been deleted. Your Calm Filters stay on this device.')} />
    </View>
  );
}
