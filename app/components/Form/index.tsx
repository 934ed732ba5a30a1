/** The pieces every form of the app shares: its error line and its busy-aware submit button. */
import type { ComponentChildren } from 'preact';

/** The form's error, announced when it appears (fields point at `id` with aria-describedby); nothing without one. */
export function ErrorLine({ id, text }: { id?: string; text: string }) {
  if (!text) return null;
  return (
    <p id={id} class="error" role="alert">
      {text}
    </p>
  );
}

/** The primary submit button: disabled and saying `busyLabel` while the request runs. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ComponentChildren }) {
  return (
    <button type="submit" class="button primary" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
