/**
 * The web app manifest (`/manifest.webmanifest`) and the head tags that name it and the icons
 * (issue 18, item 6): with the service worker (app/sw.ts) this makes the reader installable. The
 * icons are drawn from site/assets/icon.svg by scripts/icons.ts.
 */
import { escapeHtml } from '../domain/html.ts';
import { assetUrl, type SiteData } from './site-data.ts';

/** The light page background and the accent (site.css `--bg`, `--accent`; dark: `--bg` of the dark scheme). */
export const THEME = { background: '#f7f5ef', accent: '#2f7d5b', darkBackground: '#151a19' } as const;

/** The manifest's JSON text. */
export function renderManifest(site: SiteData): string {
  const icon = (name: string, size: number) => ({ src: assetUrl(site, name), sizes: `${size}x${size}`, type: 'image/png', purpose: 'any maskable' });
  return `${JSON.stringify(
    {
      name: site.serviceName,
      short_name: site.serviceName,
      description: 'Calm, constructive news: a daily brief of seven good stories.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: THEME.background,
      theme_color: THEME.accent,
      icons: [icon('icon-192.png', 192), icon('icon-512.png', 512)],
    },
    null,
    2,
  )}\n`;
}

/** The `<head>` links: the manifest, the favicon (SVG, with the ICO at the root for old clients), the touch icon, the theme colours. */
export function iconLinks(site: SiteData): string {
  return [
    `<link rel="manifest" href="/manifest.webmanifest">`,
    `<link rel="icon" href="${escapeHtml(assetUrl(site, 'icon.svg'))}" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(assetUrl(site, 'apple-touch-icon.png'))}">`,
    `<meta name="theme-color" content="${THEME.background}" media="(prefers-color-scheme: light)">`,
    `<meta name="theme-color" content="${THEME.darkBackground}" media="(prefers-color-scheme: dark)">`,
  ].join('\n');
}
