/** `/`: the static shell of the reader app (the app hydrates `#app`; without JavaScript it still reads). */
import { escapeHtml } from '../core/domain/html.ts';
import { layout, socialMeta } from '../core/pages/layout.ts';
import { assetUrl, type SiteData } from '../core/pages/site-data.ts';

export const data = { permalink: '/index.html' };

export function render({ site }: { site: SiteData }): string {
  const description = `${site.serviceName}: a calm daily brief of good news, and only good news.`;
  return layout({
    site,
    title: site.serviceName,
    description,
    canonical: `${site.baseUrl}/`,
    head: socialMeta({ site, type: 'website', title: site.serviceName, description, url: `${site.baseUrl}/` })
      + `<link rel="alternate" type="application/atom+xml" title="Today’s brief (Atom)" href="/feeds/today.atom">\n`
      + `<link rel="stylesheet" href="${escapeHtml(assetUrl(site, 'app.css'))}">\n`
      + `<script type="module" src="/app/reader.js"></script>\n`
      + `<noscript><style>#app{min-height:0}</style></noscript>\n`,
    body: `<section class="intro"><h1>${escapeHtml(site.serviceName)}</h1>
<p>Seven calm, constructive stories a day. <a href="/today">Read today’s brief</a>.</p></section>
<div id="app"></div>`,
  });
}
