/**
 * Feedback where the action happened (issue 21, item 5): one small toast near the bottom of the
 * viewport, which is also the app's polite live region (it is always in the page, so screen readers
 * announce each new message), with Undo when the action can be undone and a Dismiss button.
 * A message stays until it is replaced, dismissed, undone or the reader navigates.
 */
import { useEffect, useRef } from 'preact/hooks';

/** The message shown, with its undo (null when there is nothing to undo). */
export interface ToastMessage {
  text: string;
  undo: (() => void) | null;
  /** Distinguishes two equal messages in a row. */
  seq: number;
}

/** Props: the message and how to clear it. */
export interface ToastProps {
  message: ToastMessage | null;
  clear: () => void;
}

/** Render the toast (the live region stays in the page when empty). */
export function Toast({ message, clear }: ToastProps) {
  const undoRef = useRef<HTMLButtonElement>(null);
  // The acted-on control may have left with its card: keep keyboard users next to the Undo.
  useEffect(() => {
    const active = document.activeElement;
    if (message?.undo && (!active || active === document.body)) undoRef.current?.focus();
  }, [message?.seq]);
  return (
    <div class={message ? 'toast notice' : 'toast'} role="status" aria-live="polite">
      {message && (
        <p class="toast-body">
          <span class="toast-text">{message.text}</span>
          {message.undo && (
            <button
              ref={undoRef}
              type="button"
              class="button toast-undo"
              onClick={() => {
                const undo = message.undo;
                clear();
                undo?.();
              }}
            >
              Undo
            </button>
          )}
          <button type="button" class="toast-close" aria-label="Dismiss this message" onClick={clear}>
            ×
          </button>
        </p>
      )}
    </div>
  );
}
