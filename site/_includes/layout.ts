/** The base layout: one stylesheet, no render-blocking script, semantic landmarks. */
import { escapeHtml } from '../../core/domain/html.ts';

/** What a page passes to the layout. Every string is escaped here; `body` is trusted HTML built by our templates. */
export interface LayoutProps {
  serviceName: string;
  title: string;
  description: string;
  /** Absolute canonical URL, or null for pages that should not be indexed. */
  canonical: string | null;
  body: string;
  /** Extra trusted tags for <head> (metadata built with escapeHtml). */
  head?: string;
  /** Module scripts loaded with `defer` semantics. */
  scripts?: string[];
  noindex?: boolean;
}

/** Render a full HTML document. */
export function layout(p: LayoutProps): string {
  const title = p.title === p.serviceName ? p.serviceName : `${p.title} · ${p.serviceName}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(p.description)}">
${p.canonical ? `<link rel="canonical" href="${escapeHtml(p.canonical)}">` : ''}
${p.noindex ? '<meta name="robots" content="noindex">' : ''}
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="/assets/site.css">
${p.head ?? ''}
${(p.scripts ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('\n')}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="/">${escapeHtml(p.serviceName)}</a><nav aria-label="Main"><a href="/today">Today</a></nav></header>
<main id="main">
${p.body}
</main>
<footer class="site-footer"><p>${escapeHtml(p.serviceName)} shows only calm, constructive stories, and links to the publishers who wrote them.</p></footer>
</body>
</html>
`;
}
