/** The base layout: one stylesheet, no render-blocking script, semantic landmarks. */
import { escapeHtml, safeHref } from '../domain/html.ts';
import { iconLinks } from './manifest.ts';
import { assetUrl, type SiteData } from './site-data.ts';

/** What a page passes to the layout. Every string is escaped here; `body` is trusted HTML built by our templates. */
export interface LayoutProps {
  site: SiteData;
  title: string;
  description: string;
  /** Absolute canonical URL, or null for pages that should not be indexed. */
  canonical: string | null;
  body: string;
  /** Extra trusted tags for <head> (metadata built with escapeHtml). */
  head?: string;
  /** Asset names (under site/assets) loaded as deferred module scripts: they never block rendering. */
  scripts?: string[];
  noindex?: boolean;
}

/** Render a full HTML document. */
export function layout(p: LayoutProps): string {
  const name = p.site.serviceName;
  const title = p.title === name ? name : `${p.title} · ${name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(p.description)}">
${p.canonical ? `<link rel="canonical" href="${escapeHtml(p.canonical)}">\n` : ''}${p.noindex ? '<meta name="robots" content="noindex">\n' : ''}<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="${escapeHtml(assetUrl(p.site, 'site.css'))}">
${iconLinks(p.site)}
${p.head ?? ''}${(p.scripts ?? []).map((s) => `<script type="module" src="${escapeHtml(assetUrl(p.site, s))}"></script>\n`).join('')}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="/">${escapeHtml(name)}</a><nav aria-label="Main"><a href="/today">Today</a></nav></header>
<main id="main">
${p.body}
</main>
<footer class="site-footer"><p>${escapeHtml(name)} shows only calm, constructive stories, and links to the publishers who wrote them.</p></footer>
</body>
</html>
`;
}

/** Open Graph and Twitter card tags for a page (all values escaped). */
export function socialMeta(m: { site: SiteData; type: 'website' | 'article'; title: string; description: string; url: string; image?: string | null }): string {
  const href = m.image ? safeHref(m.image) : '#';
  const image = /^https?:\/\//i.test(href) ? href : null;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:site_name', m.site.serviceName],
    ['property', 'og:type', m.type],
    ['property', 'og:title', m.title],
    ['property', 'og:description', m.description],
    ['property', 'og:url', m.url],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', m.title],
    ['name', 'twitter:description', m.description],
  ];
  if (image) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`).join('');
}
