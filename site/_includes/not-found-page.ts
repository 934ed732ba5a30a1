/** The calm 404 page (no stack trace, no detail about why: unknown, rejected and hidden look alike). */
import { layout } from '../../core/pages/layout.ts';
import type { SiteData } from '../../core/pages/site-data.ts';

/** Render the 404 page. */
export function renderNotFoundPage(site: SiteData): string {
  return layout({
    site,
    title: 'Nothing here',
    description: 'This page does not exist.',
    canonical: null,
    noindex: true,
    body: `<section class="calm-404"><h1>Nothing here</h1>
<p>This page does not exist, or the story is no longer part of the calm selection.</p>
<p><a href="/">Back to the brief</a> · <a href="/today">Today’s stories</a></p></section>`,
  });
}
