/**
 * What the service worker (app/sw.ts) keeps: the paths it caches, and the page's request to fill
 * the cache (`{type: 'precache', urls}`, app/lib/offline.ts) read as those paths. A message is
 * input like any other: anything but same-origin paths the worker caches is dropped.
 */

/** The paths the worker keeps a copy of: the shell, the brief JSON, `/today`, `/a` pages, assets and the app's files. */
export const CACHED = /^\/(?:$|brief\.json$|today$|a\/[A-Za-z0-9_-]{1,64}$|assets\/|app\/)/;

/** At most this many files a request (the shell, its stylesheets, the app's files, seven pages). */
export const MAX_PRECACHE = 64;

/** The same-origin paths of a precache request that the worker caches, or null when `data` is not one. */
export function precachePaths(data: unknown, origin: string): string[] | null {
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'precache' || !('urls' in data) || !Array.isArray(data.urls)) return null;
  const paths = new Set<string>();
  for (const url of data.urls.slice(0, MAX_PRECACHE)) {
    if (typeof url !== 'string') continue;
    let parsed: URL;
    try {
      parsed = new URL(url, origin);
    } catch {
      continue;
    }
    if (parsed.origin === origin && CACHED.test(parsed.pathname)) paths.add(parsed.pathname);
  }
  return [...paths];
}
