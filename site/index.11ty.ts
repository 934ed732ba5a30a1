/**
 * `/`: the static shell of the reader app. `#app` already holds the brief's seven cards as the app
 * draws them (app/shell.tsx), with the brief's JSON beside it; the app renders over them with that
 * brief (docs/reader-app.md "The shell and the app share the cards"). Without JavaScript the cards
 * are links to their `/a` pages. A device whose own choices can change the cards keeps them hidden
 * until the app has applied those choices (core/pages/own-brief.ts).
 */
import { escapeHtml } from '../core/domain/html.ts';
import { layout, socialMeta } from '../core/pages/layout.ts';
import { OWN_BRIEF_SCRIPT } from '../core/pages/own-brief.ts';
import { assetUrl, type SiteData } from '../core/pages/site-data.ts';
import { SHELL_BRIEF_ID } from '../app/lib/api.ts';
import { shellReader } from '../app/shell.tsx';
import type { TodayData } from './_includes/today-page.ts';
import { safeJson } from './_includes/xml.ts';

export const data = { permalink: '/index.html' };

export function render({ site, today }: { site: SiteData; today: TodayData }): string {
  const description = `${site.serviceName}: a calm daily brief of good news, and only good news.`;
  return layout({
    site,
    title: site.serviceName,
    description,
    canonical: `${site.baseUrl}/`,
    head: socialMeta({ site, type: 'website', title: site.serviceName, description, url: `${site.baseUrl}/` })
      + `<link rel="alternate" type="application/atom+xml" title="Today’s brief (Atom)" href="/feeds/today.atom">\n`
      + `<script>${OWN_BRIEF_SCRIPT}</script>\n`
      + `<link rel="stylesheet" href="${escapeHtml(assetUrl(site, 'app.css'))}">\n`
      + `<script type="module" src="/app/reader.js"></script>\n`
      + `<noscript><style>#app{min-height:0}</style></noscript>\n`,
    body: `<section class="intro"><h1>${escapeHtml(site.serviceName)}</h1>
<p>Seven calm, constructive stories a day. <a href="/today">Read today’s brief</a>.</p></section>
<div id="app">${shellReader(today)}</div>
<script type="application/json" id="${SHELL_BRIEF_ID}">${safeJson(today)}</script>`,
  });
}
