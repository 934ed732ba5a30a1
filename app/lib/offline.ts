/**
 * Offline reading: the service worker (`/sw.js`) answers from its cache when the network is gone;
 * the page asks it to fill that cache with the shell (which carries the brief) and the brief's
 * seven `/a` pages.
 */

/**
 * Run `work` once the page has loaded and the main thread is idle (at most 5 s after the load):
 * offline caching is never worth delaying the first screen. Registering the worker and filling
 * its cache at start-up fetched ~20 files while the brief was still being drawn, the largest
 * share of the home page's blocking time on Lighthouse's throttled phone.
 */
function whenIdle(work: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work(), { timeout: 5000 }) : setTimeout(work, 0));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Register the service worker once the page is idle (no-op where unsupported, e.g. plain http on a non-local host). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  whenIdle(() => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined));
}

/**
 * Cache the shell, its stylesheets, this bundle and the `/a` pages of these ids, once the page is
 * idle: the service worker fetches and stores them on its own thread (app/sw.ts), and says when
 * they are in (`data-offline-ready` on the root element, the number of pages). Never throws.
 */
export function precacheBrief(ids: string[]): void {
  if (!('serviceWorker' in navigator)) return;
  whenIdle(() => {
    // The app's own files, chunks included, as this page loaded them (before the worker controlled it).
    const appFiles = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name, location.href))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/app/'))
      .map((u) => u.pathname);
    const urls = ['/', '/assets/site.css', '/assets/app.css', new URL(import.meta.url).pathname, ...appFiles, ...ids.map((id) => `/a/${id}`)];
    const worker = navigator.serviceWorker;
    const done = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'precached' || !('pages' in data)) return;
      worker.removeEventListener('message', done);
      document.documentElement.dataset.offlineReady = String(data.pages);
    };
    worker.addEventListener('message', done);
    void worker.ready.then((registration) => registration.active?.postMessage({ type: 'precache', urls })).catch(() => undefined);
  });
}
