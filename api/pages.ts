/** The calm HTML pages the API itself renders when the static build has none (404, 500). */
import { escapeHtml } from '../core/domain/html.ts';

/** A minimal calm page in the site's look, used when `dist/404.html` does not exist yet. */
export function calmPage(title: string, message: string, serviceName: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(serviceName)}</title>
<meta name="robots" content="noindex">
<style>body{font:18px/1.6 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#243;background:#f7f5ef}a{color:#2a6}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to ${escapeHtml(serviceName)}</a></p></main></body></html>`;
}
