/**
 * A view's frame: the section named by its title, the one `view-title` heading that the app
 * focuses when the view opens or switches (App's focus rule, docs/reader-app.md).
 */
import type { ComponentChildren } from 'preact';

/**
 * Focus the view's heading (`#view-title`) once the reader has acted (`noteAction`, app/lib/route.ts),
 * so a screen reader says where the reader now is after a move or a change they made. A page opened
 * at a view (a link from elsewhere, a reload) starts at its top like any page, also while its
 * content loads: no focus is moved, and no focus ring drawn around a heading nobody went to.
 */
export function focusViewTitle(): void {
  if (document.documentElement.dataset.acted === 'true') document.getElementById('view-title')?.focus();
}

/** A view with its focusable title. */
export function View({ title, class: className, children }: { title: ComponentChildren; class?: string; children?: ComponentChildren }) {
  return (
    <section class={className} aria-labelledby="view-title">
      <h2 id="view-title" class="view-title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
