/**
 * `/today`: the stored brief as a shareable, indexable page. Each item: its title linking to its
 * `/a` page, its summary (or the card's own line while the summary is pending) and its publisher link.
 */
import type { ArticleCard } from '../../core/domain/article.ts';
import { formatWhen } from '../../core/domain/dates.ts';
import { escapeHtml, safeHref } from '../../core/domain/html.ts';
import { articlePath } from '../../core/pages/article-page.ts';
import { layout, socialMeta } from '../../core/pages/layout.ts';
import type { SiteData } from '../../core/pages/site-data.ts';

/** The brief as the pages and the brief JSON carry it. */
export interface TodayData {
  items: ArticleCard[];
  /** ISO stamp of the stored brief, or null before the first brief. */
  generated_at: string | null;
}

function item(card: ArticleCard): string {
  return `<li class="brief-item"><article>
<h2><a href="${articlePath(card.id)}">${escapeHtml(card.title)}</a></h2>
<p>${escapeHtml(card.summary ?? card.line)}</p>
<p class="byline"><a href="${escapeHtml(safeHref(card.url))}" rel="noopener">${escapeHtml(card.source_name)}</a>${card.paywalled ? ' <span class="paywall">(may need a subscription)</span>' : ''}</p>
</article></li>`;
}

/** Render `/today`. */
export function renderTodayPage(today: TodayData, site: SiteData): string {
  const canonical = `${site.baseUrl}/today`;
  const description = `Today’s ${today.items.length || 7} calm, constructive stories, chosen by ${site.serviceName}.`;
  const date = today.generated_at ? formatWhen(today.generated_at, null, 'UTC') : null;
  const body = today.items.length === 0
    ? `<section class="today"><h1>Today’s brief</h1>
<p class="pending">Today’s brief is being prepared. Please check back in a few minutes.</p></section>`
    : `<section class="today"><h1>Today’s brief</h1>
${date ? `<p class="byline">Chosen on <time datetime="${escapeHtml(today.generated_at)}" title="${escapeHtml(date.full)} UTC">${escapeHtml(date.text)}</time></p>\n` : ''}<ol class="brief">
${today.items.map(item).join('\n')}
</ol>
<p class="feeds">Follow it in a feed reader: <a href="/feeds/today.atom">Atom</a> · <a href="/feeds/today.json">JSON Feed</a></p></section>`;
  return layout({
    site,
    title: 'Today’s brief',
    description,
    canonical,
    head: socialMeta({ site, type: 'website', title: `Today’s brief · ${site.serviceName}`, description, url: canonical, image: today.items[0]?.image ?? null })
      + `<link rel="alternate" type="application/atom+xml" title="Today’s brief (Atom)" href="/feeds/today.atom">\n`
      + `<link rel="alternate" type="application/feed+json" title="Today’s brief (JSON Feed)" href="/feeds/today.json">\n`,
    body,
  });
}
