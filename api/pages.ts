/** The calm HTML pages the API itself renders when the static build has none (404, 500). */
import { escapeHtml } from '../core/domain/html.ts';

/**
 * The site's palette (site/assets/site.css), light and dark, inline: these pages stand alone (no
 * built site needed). Accent links and buttons meet WCAG AA contrast on their background.
 */
const CALM_STYLE =
  ':root{color-scheme:light dark;--bg:#f7f5ef;--fg:#1f2d2a;--accent:#2f7d5b}' +
  '@media (prefers-color-scheme:dark){:root{--bg:#151a19;--fg:#e6ece9;--accent:#7fd1a8}}' +
  'body{font:18px/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}a{color:var(--accent)}' +
  'button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border-radius:.5rem;border:0;background:var(--accent);color:var(--bg);cursor:pointer}';

/** A minimal calm page in the site's look: the API's 404 and 500 when the build has none, the digest's unsubscribe pages. */
export function calmPage(title: string, message: string, serviceName: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(serviceName)}</title>
<meta name="robots" content="noindex">
<style>${CALM_STYLE}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to ${escapeHtml(serviceName)}</a></p></main></body></html>`;
}
