/** The calm 404 page, served for unknown pages and unknown, rejected, duplicate or malformed article ids. */
import { layout } from './_includes/layout.ts';
import type { SiteData } from './_includes/site-data.ts';

export const data = { permalink: '/404.html' };

export function render({ site }: { site: SiteData }): string {
  return layout({
    serviceName: site.serviceName,
    title: 'Nothing here',
    description: 'This page does not exist.',
    canonical: null,
    noindex: true,
    body: `<section class="calm-404"><h1>Nothing here</h1>
<p>This page does not exist, or the story is no longer part of the calm selection.</p>
<p><a href="/">Back to the brief</a></p></section>`,
  });
}
