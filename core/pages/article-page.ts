/**
 * `/a/<id>`: one article's summary page (SPEC.md "HTML and text pages"). The same function renders
 * the static build and the API's on-demand page, so both are byte-identical for the same data.
 * Every feed-supplied string (title, why, summary, notes, URLs, source name) is escaped here.
 */
import { formatWhen } from '../domain/dates.ts';
import type { ArticleDoc, SummaryDoc } from '../domain/article.ts';
import { readingMinutes } from '../domain/card.ts';
import { listOf } from '../domain/keyphrases.ts';
import { offlineTexts } from '../domain/offline-texts.ts';
import { currentOffline, summaryText, summaryInputOf } from '../domain/summary.ts';
import { escapeHtml, safeHref } from '../domain/html.ts';
import { displayName } from '../domain/taxonomy.ts';
import { layout, socialMeta } from './layout.ts';
import type { SiteData } from './site-data.ts';

/** The stored fields the page shows. */
export type ArticlePageInput = Pick<
  ArticleDoc,
  '_id' | 'title' | 'url' | 'image' | 'why' | 'source_id' | 'tags' | 'topic' | 'flavor' | 'cortisol' | 'ragebait' | 'paywalled' | 'published_at' | 'summary' | 'offline_summary'
> & { teaser?: string | null; word_count?: number | null; also_reported_by?: readonly string[] };

/** What the page shows: the cached summary, or the stored offline one (the same text the API would cache). */
type Shown = { summary: string; what_happened: string | null; why_matters: string | null; why_belongs: string | null; by: SummaryDoc['generated_by'] | null; cached: boolean };

/**
 * The cached summary, else the offline one composed from the retelling stored with the article
 * (core/pipeline/offline-summaries.ts stores one before a render when it is missing; this module
 * never runs the tagger). Without either, the why line stands in until the summary endpoint answers.
 */
function shownSummary(a: ArticlePageInput, sourceName: string): Shown {
  const s = a.summary;
  if (s && summaryText(a) !== null) return { ...s, by: s.generated_by, cached: true };
  const offline = currentOffline(a);
  if (offline) return { ...offlineTexts(summaryInputOf(a, sourceName), offline.retold), by: 'offline', cached: false };
  return { summary: a.why, what_happened: null, why_matters: null, why_belongs: null, by: null, cached: false };
}

/** The page's path (and, under the base URL, its canonical link). */
export const articlePath = (id: string): string => `/a/${id}`;

/** The summary and the three notes, when they are all present (SPEC.md: only complete explanations are shown). */
function explanation(a: ArticlePageInput, s: Shown): string {
  if (s.what_happened && s.why_matters && s.why_belongs) {
    return `<dl class="notes">
<dt>What happened</dt><dd>${escapeHtml(s.what_happened)}</dd>
<dt>Why it matters</dt><dd>${escapeHtml(s.why_matters)}</dd>
<dt>Why it belongs here</dt><dd>${escapeHtml(s.why_belongs)}</dd>
</dl>`;
  }
  return `<p class="why"><strong>Why it is here:</strong> ${escapeHtml(a.why)}</p>`;
}

function publishedLine(a: ArticlePageInput, sourceName: string): string {
  // Static pages have no "now": the short date with its year, the full date (UTC) in the title.
  const w = a.published_at instanceof Date ? formatWhen(a.published_at, null, 'UTC') : null;
  const when = w ? ` · <time datetime="${w.iso}" title="${escapeHtml(w.full)} UTC">${escapeHtml(w.text)}</time>` : '';
  const minutes = readingMinutes(a.word_count);
  const reading = minutes ? ` · <span class="reading-time">${minutes} min read</span>` : '';
  const others = a.also_reported_by ?? [];
  const also = others.length
    ? `\n<p class="also-reported">Also reported by ${others.length} other ${others.length === 1 ? 'outlet' : 'outlets'}: ${escapeHtml(listOf(others))}.</p>`
    : '';
  return `<p class="byline"><a href="/?source=${encodeURIComponent(a.source_id)}">${escapeHtml(sourceName)}</a>${when}${reading}</p>${also}`;
}

function chips(a: ArticlePageInput): string {
  const links = [`<li><a class="chip" href="/?topic=${encodeURIComponent(a.topic)}">${escapeHtml(displayName(a.topic))}</a></li>`];
  for (const tag of Array.isArray(a.tags) ? a.tags : []) links.push(`<li><a class="chip" href="/?tag=${encodeURIComponent(tag)}">${escapeHtml(displayName(tag))}</a></li>`);
  return `<nav class="chips" aria-label="Related groupings"><ul>${links.join('')}</ul></nav>`;
}

/** Render the page for a public article and its source's name. */
export function renderArticlePage(a: ArticlePageInput, sourceName: string, site: SiteData): string {
  const canonical = `${site.baseUrl}${articlePath(a._id)}`;
  const shown = shownSummary(a, sourceName);
  const description = a.why || shown.summary || a.title;
  // Without JavaScript, offline, or before the API has cached it, the page already has a complete
  // summary: the offline one, which is what the API caches when no model is configured. With a
  // model, the island swaps in the model's text (data-provisional) when it is ready.
  const summary = `<p class="summary" data-summary${shown.cached ? '' : ' data-provisional'}>${escapeHtml(shown.summary)}</p>`;
  const note = shown.by === 'offline'
    ? `\n<p class="summary-note" data-offline-note>Written by ${escapeHtml(site.serviceName)} from the story's title, teaser and tags, without a language model; a richer summary needs one.</p>`
    : '';
  const publisher = safeHref(a.url);
  const body = `<article class="story" data-article-id="${escapeHtml(a._id)}">
<h1>${escapeHtml(a.title)}</h1>
${publishedLine(a, sourceName)}
<section class="summary-block" aria-labelledby="summary-h" aria-live="polite">
<h2 id="summary-h" class="visually-hidden">Summary</h2>
${summary}${note}
<div data-notes>${explanation(a, shown)}</div>
</section>
<p class="publisher"><a class="button" href="${escapeHtml(publisher)}" rel="noopener" data-source-link>Read the full story at ${escapeHtml(sourceName)}</a>${a.paywalled ? ' <span class="paywall">(may need a subscription)</span>' : ''}</p>
${chips(a)}
<p class="share"><button type="button" class="copy" data-copy="${escapeHtml(canonical)}" hidden>Copy link</button></p>
</article>`;
  return layout({
    site,
    title: a.title,
    description,
    canonical,
    head: socialMeta({ site, type: 'article', title: a.title, description, url: canonical, image: a.image }),
    scripts: ['article.js'],
    body,
  });
}
