/** The data every template receives under `site` (injected by site/build.ts as global data). */
export interface SiteData {
  serviceName: string;
  baseUrl: string;
  builtAt: string;
}
