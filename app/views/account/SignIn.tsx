/**
 * Sign in: the e-mail form (`POST /api/auth/email/start`, whose reply is the same calm sentence for
 * every address, so the form never reveals who has an account) and, when the API says a provider is
 * configured (`GET /api/auth/providers`), its button: a plain navigation to the provider's start.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchProvider, startEmailSignIn } from '../../lib/account.ts';
import { View } from '../../components/View/index.tsx';
import { ErrorLine, SubmitButton } from '../../components/Form/index.tsx';

/** Props: a line to show above the form (after signing out, for instance). */
export interface SignInProps {
  note?: string;
}

/** The sign-in view. */
export function SignIn({ note = '' }: SignInProps) {
  const [provider, setProvider] = useState<{ name: string; start: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [error, setError] = useState('');
  const emailField = useRef<HTMLInputElement>(null);
  useEffect(() => void fetchProvider().then(setProvider), []);
  // Back from "use another address": the field to correct has the focus.
  useEffect(() => {
    if (!sent && sentTo) emailField.current?.focus();
  }, [sent, sentTo]);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!(e.currentTarget instanceof HTMLFormElement)) return;
    const value = new FormData(e.currentTarget).get('email');
    const email = typeof value === 'string' ? value.trim() : '';
    if (!email) return setError('Please enter your e-mail address.');
    setSending(true);
    setError('');
    const answer = await startEmailSignIn(email);
    setSending(false);
    if (answer.ok) {
      setSentTo(email);
      setSent(answer.message);
    } else setError(answer.message);
  };

  // Come back to the account page, where the first sign-in merge is confirmed.
  const providerHref = provider ? `${provider.start}?return_to=${encodeURIComponent('/?view=account')}` : '';
  return (
    <View title="Sign in" class="account">
      {note && <p class="quiet">{note}</p>}
      <p>
        An account keeps your Calm Filters, saved stories and reading history with you on every device, and can send you the day’s
        brief by e-mail. Reading Tidings never needs one.
      </p>
      {sent ? (
        <>
          <p class="notice" role="status">
            {sent}
          </p>
          {/* A mistyped address is corrected here, not by reloading the page; the form comes back with it filled in. */}
          <p class="quiet">
            Sent to {sentTo}. Nothing after a few minutes? Look in the spam folder, or{' '}
            <button type="button" class="link" onClick={() => setSent('')}>
              use another address
            </button>
            .
          </p>
        </>
      ) : (
        <form class="form" onSubmit={submit} noValidate>
          <label for="signin-email">Your e-mail address</label>
          <input ref={emailField} id="signin-email" name="email" type="email" autoComplete="email" inputMode="email" maxLength={254} required defaultValue={sentTo} aria-describedby={error ? 'signin-error' : 'signin-hint'} />
          <p id="signin-hint" class="quiet">
            We will send you a link that signs you in. No password needed.
          </p>
          <ErrorLine id="signin-error" text={error} />
          <SubmitButton busy={sending} busyLabel="Sending…">
            Send me a sign-in link
          </SubmitButton>
        </form>
      )}
      {provider && (
        <p>
          <a class="button" href={providerHref}>
            Continue with {provider.name}
          </a>
        </p>
      )}
    </View>
  );
}
