/** `/`: the static shell of the reader app (the app hydrates it; without JavaScript it still reads). */
import { escapeHtml } from '../core/domain/html.ts';
import { layout } from './_includes/layout.ts';
import type { SiteData } from './_includes/site-data.ts';

export const data = { permalink: '/index.html' };

export function render({ site }: { site: SiteData }): string {
  return layout({
    serviceName: site.serviceName,
    title: site.serviceName,
    description: `${site.serviceName}: a calm daily brief of good news, and only good news.`,
    canonical: `${site.baseUrl}/`,
    body: `<section class="intro"><h1>${escapeHtml(site.serviceName)}</h1>
<p>Seven calm, constructive stories a day. <a href="/today">Read today’s brief</a>.</p></section>
<div id="app" data-build="${escapeHtml(site.builtAt)}"></div>`,
  });
}
