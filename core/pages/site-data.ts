import type { Config } from '../platform/config.ts';
import { assetVersions } from './assets.ts';
/** The data every template receives under `site` (injected by site/build.ts as global data). */
export interface SiteData {
  serviceName: string;
  /** Absolute base URL without a trailing slash (PUBLIC_BASE_URL). */
  baseUrl: string;
  /**
   * Versioned URL of each file under `site/assets` (`site.css` → `/assets/site.css?v=<hash>`), so
   * assets can be cached for a year and still change on the next deploy.
   */
  assets: Record<string, string>;
}

/** The versioned URL of an asset, or its plain path when it is not known (e.g. in a test). */
export function assetUrl(site: SiteData, name: string): string {
  return site.assets[name] ?? `/assets/${name}`;
}

/** The `site` data of the templates for a config (the site build and the on-demand `/a` route). */
export async function siteData(config: Pick<Config, 'serviceName' | 'publicBaseUrl'>): Promise<SiteData> {
  return { serviceName: config.serviceName, baseUrl: config.publicBaseUrl, assets: await assetVersions() };
}
