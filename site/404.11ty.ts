/** The calm 404 page, served for unknown pages and unknown, rejected, duplicate or malformed article ids. */
import { renderNotFoundPage } from './_includes/not-found-page.ts';
import type { SiteData } from '../core/pages/site-data.ts';

export const data = { permalink: '/404.html' };

export function render({ site }: { site: SiteData }): string {
  return renderNotFoundPage(site);
}
