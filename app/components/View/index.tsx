/**
 * A view's frame: the section named by its title, the one `view-title` heading that the app
 * focuses when the view opens or switches (App's focus rule, docs/reader-app.md).
 */
import type { ComponentChildren } from 'preact';

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
