/**
 * The reader's frame and the density toggle (no hooks): the app draws them, and the static shell
 * draws the same at build time around the brief's cards (app/shell.tsx), so the app takes the
 * shell's markup over without a change.
 */
import type { ComponentChildren } from 'preact';

/** Props of the frame: the density, whether a reading view (brief or feed) is open, its content. */
export interface ReaderFrameProps {
  compact: boolean;
  reading: boolean;
  children: ComponentChildren;
}

/** The app's outer element. */
export function ReaderFrame({ compact, reading, children }: ReaderFrameProps) {
  return <div class={`reader${compact ? ' compact' : ''}${reading ? ' reading' : ''}`}>{children}</div>;
}

/** Props of the density toggle. */
export interface DensityToggleProps {
  compact: boolean;
  toggle: () => void;
}

/** "Compact view" (issue 18.1), above the brief and every feed. */
export function DensityToggle({ compact, toggle }: DensityToggleProps) {
  return (
    <p class="view-tools">
      <button type="button" class="link" aria-pressed={compact} onClick={toggle}>
        Compact view
      </button>
    </p>
  );
}
