/**
 * Eleventy configuration (thin root config, Eleventy base blog style). Templates are `.11ty.ts`
 * functions returning HTML strings; the build runs under tsx, so they are imported as TypeScript.
 * Eleventy renders only the few templated pages (`/`, `/today`, `/404.html`) and copies the assets;
 * the `/a` pages, feeds and sitemaps are rendered by site/build.ts in its own incremental loop.
 */
import type { SiteData } from '../core/pages/site-data.ts';
import type { TodayData } from './_includes/today-page.ts';

/** The subset of Eleventy's config API we use. */
export interface EleventyConfigApi {
  addExtension(ext: string | string[], options: { key: string }): void;
  addTemplateFormats(formats: string | string[]): void;
  addPassthroughCopy(paths: Record<string, string> | string): void;
  addGlobalData(name: string, value: unknown): void;
  ignores: { add(glob: string): void };
  setQuietMode(quiet: boolean): void;
}

/** Global data passed in by site/build.ts. */
export interface BuildData {
  site: SiteData;
  today: TodayData;
  [name: string]: unknown;
}

/** Build the config function for one build with its data. */
export function eleventyConfig(data: BuildData) {
  return function configure(config: EleventyConfigApi) {
    config.addExtension(['11ty.ts'], { key: '11ty.js' });
    config.addTemplateFormats('11ty.ts');
    config.addPassthroughCopy({ 'site/assets': 'assets' });
    // Clients that ask for /favicon.ico without reading the page's icon link.
    config.addPassthroughCopy({ 'site/assets/favicon.ico': 'favicon.ico' });
    // The bundled demo feeds' pictures (core/demo), referenced as {PUBLIC_BASE_URL}/demo/images/….
    config.addPassthroughCopy({ 'core/demo/images': 'demo/images' });
    config.ignores.add('site/_includes/**');
    config.ignores.add('site/build.ts');
    config.ignores.add('site/eleventy.config.ts');
    config.setQuietMode(true);
    for (const [name, value] of Object.entries(data)) config.addGlobalData(name, value);
  };
}
