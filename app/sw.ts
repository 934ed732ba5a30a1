/**
 * The service worker: network first for the pages, the brief JSON and the app's files, keeping a
 * copy of each; when the network fails, the copy is served (the brief and its `/a` pages read
 * offline). API calls are never cached: offline, the app falls back to the built brief.
 *
 * The page asks it to fill the cache (`{type: 'precache', urls}`, app/lib/offline.ts): the shell,
 * the app's files and the brief's `/a` pages are fetched and stored here, on the worker's thread,
 * not the page's, and the page is told when they are in (`{type: 'precached', pages}`).
 */

import { CACHED, precachePaths } from './lib/precache.ts';

const CACHE = 'tidings-pages-v1';
const MAX_ARTICLE_PAGES = 60;

/** The parts of a FetchEvent this worker uses. */
interface FetchEventLike extends Event {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

/** The parts of an ExtendableEvent this worker uses. */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

function isFetchEvent(event: Event): event is FetchEventLike {
  return 'respondWith' in event && 'request' in event;
}

function isExtendable(event: Event): event is ExtendableEventLike {
  return 'waitUntil' in event;
}

/** An ExtendableMessageEvent, as far as this worker reads it. */
interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  source: { postMessage(message: unknown): void } | null;
}

function isMessageEvent(event: Event): event is MessageEventLike {
  return isExtendable(event) && 'data' in event && 'source' in event;
}

async function precache(paths: string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(path, { credentials: 'same-origin' });
      if (response.ok) await cache.put(path, response);
    }).map((p) => p.catch(() => undefined)),
  );
  await trim(cache);
}

/** Drop the oldest `/a` pages past the cap, so the cache stays small. */
async function trim(cache: Cache): Promise<void> {
  const pages = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith('/a/'));
  for (const request of pages.slice(0, Math.max(0, pages.length - MAX_ARTICLE_PAGES))) await cache.delete(request);
}

async function networkFirst(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      await cache.put(path, response.clone());
      if (path.startsWith('/a/')) await trim(cache);
    }
    return response;
  } catch (error) {
    const copy = (await cache.match(path)) ?? (request.mode === 'navigate' ? await cache.match('/') : undefined);
    if (copy) return copy;
    throw error;
  }
}

addEventListener('install', (event) => {
  const scope: unknown = globalThis;
  if (isExtendable(event) && typeof scope === 'object' && scope !== null && 'skipWaiting' in scope && typeof scope.skipWaiting === 'function') {
    event.waitUntil(Promise.resolve(scope.skipWaiting.call(scope)));
  }
});

addEventListener('activate', (event) => {
  const scope: unknown = globalThis;
  if (!isExtendable(event) || typeof scope !== 'object' || scope === null || !('clients' in scope)) return;
  const clients: unknown = scope.clients;
  if (typeof clients === 'object' && clients !== null && 'claim' in clients && typeof clients.claim === 'function') {
    event.waitUntil(Promise.resolve(clients.claim.call(clients)));
  }
});

addEventListener('message', (event) => {
  if (!isMessageEvent(event)) return;
  const paths = precachePaths(event.data, location.origin);
  if (!paths) return;
  const source = event.source;
  const pages = paths.filter((p) => p.startsWith('/a/')).length;
  event.waitUntil(precache(paths).then(() => source?.postMessage({ type: 'precached', pages })));
});

addEventListener('fetch', (event) => {
  if (!isFetchEvent(event)) return;
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin || !CACHED.test(url.pathname)) return;
  // Navigations to `/?lane=…` share the shell; other query strings name the same file.
  event.respondWith(networkFirst(request, url.pathname));
});
