/**
 * Delete the account, with a confirmation step: the first button only opens the confirmation
 * (focus moves into it); deleting needs the reader's e-mail typed and a second, explicit button.
 * Escape or Cancel closes it and gives focus back to the first button.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { deleteAccount } from '../../lib/account.ts';
import { ErrorLine } from '../../components/Form/index.tsx';

/** Props: the account's e-mail and what to do once deleted. */
export interface DeleteAccountProps {
  email: string;
  onDeleted: () => void;
}

/** The delete section. */
export function DeleteAccount({ email, onDeleted }: DeleteAccountProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setTyped('');
    setError('');
    // Wait for the button to be back in the page before focusing it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const confirm = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!matches) return setError('Please type your e-mail address exactly as shown to confirm.');
    setBusy(true);
    const done = await deleteAccount();
    setBusy(false);
    if (done) onDeleted();
    else setError('Your account could not be deleted just now. Nothing was changed. Please try again.');
  };

  return (
    <section aria-labelledby="delete-title">
      <h3 id="delete-title">Delete your account</h3>
      <p>This removes your account and everything we keep for it: saved stories, history, follows, synced filters and the digest. It cannot be undone. Your Calm Filters stay on this device.</p>
      {!open ? (
        <button type="button" class="button danger" ref={opener} onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      ) : (
        <form class="form confirm" onSubmit={confirm} onKeyDown={(e) => e.key === 'Escape' && close()} noValidate>
          <label for="delete-email">
            To confirm, type your e-mail address: <strong>{email}</strong>
          </label>
          <input id="delete-email" ref={input} type="email" autoComplete="off" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} aria-describedby={error ? 'delete-error' : undefined} />
          <ErrorLine id="delete-error" text={error} />
          <div class="row">
            <button type="submit" class="button danger" disabled={busy}>
              {busy ? 'Deleting…' : 'Delete everything'}
            </button>
            <button type="button" class="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
