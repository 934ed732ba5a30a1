/**
 * The app's location: which view is shown, read from and written to the query string so every
 * view has a shareable address (SPEC.md intent parameters `?source=`, `?view=`, `?open=`).
 */
import { isSlug, isValidId } from '../../core/domain/guards.ts';

/** What a feed shows. */
export interface FeedQuery {
  kind: 'latest' | 'following' | 'mood' | 'topic' | 'tag' | 'source';
  value: string;
}

/** Views loaded on demand (separate chunks; never part of the reader bundle). */
export const LAZY_VIEWS = ['feedback', 'games', 'account', 'signin', 'saved', 'admin'] as const;
/** A lazily loaded view's name. */
export type LazyView = (typeof LAZY_VIEWS)[number];

/** Where the app is. */
export type Route =
  | { view: 'brief' }
  | { view: 'feed'; feed: FeedQuery }
  | { view: 'filters' }
  | { view: 'open'; id: string }
  | { view: 'lazy'; name: LazyView };

function isLazy(value: string): value is LazyView {
  return (LAZY_VIEWS as readonly string[]).includes(value);
}

/** Read the route from a query string (unknown or malformed values fall back to the brief). */
export function parseRoute(search: string): Route {
  const q = new URLSearchParams(search);
  const open = q.get('open');
  if (open !== null && isValidId(open)) return { view: 'open', id: open };
  const source = q.get('source');
  if (source !== null && isValidId(source)) return { view: 'feed', feed: { kind: 'source', value: source } };
  const view = q.get('view') ?? '';
  if (view === 'filters') return { view: 'filters' };
  if (isLazy(view)) return { view: 'lazy', name: view };
  for (const kind of ['mood', 'topic', 'tag'] as const) {
    const value = q.get(kind);
    if (isSlug(value)) return { view: 'feed', feed: { kind, value } };
  }
  if (q.get('lane') === 'latest' || view === 'latest') return { view: 'feed', feed: { kind: 'latest', value: '' } };
  if (q.get('lane') === 'following') return { view: 'feed', feed: { kind: 'following', value: '' } };
  return { view: 'brief' };
}

/** The query string (with `?`, or '' for the brief) addressing a route. */
export function routeSearch(route: Route): string {
  switch (route.view) {
    case 'brief':
      return '';
    case 'filters':
      return '?view=filters';
    case 'open':
      return `?open=${encodeURIComponent(route.id)}`;
    case 'lazy':
      return `?view=${route.name}`;
    case 'feed':
      return route.feed.kind === 'latest' || route.feed.kind === 'following' ? `?lane=${route.feed.kind}` : `?${route.feed.kind}=${encodeURIComponent(route.feed.value)}`;
  }
}

/** The `/api/feed` query parameters for a feed (CONTRACT.md: `mood`, `topic`, `tag`, `source_id`, `sort`, `following`). */
export function feedParams(feed: FeedQuery): Record<string, string> {
  switch (feed.kind) {
    case 'latest':
      return { sort: 'latest' };
    case 'following':
      return { following: 'true' };
    case 'source':
      return { source_id: feed.value };
    default:
      return { [feed.kind]: feed.value };
  }
}

/**
 * Record on the document (`<html data-acted>`) that the reader has acted since the page loaded: a
 * click, a key, Back or Forward inside the app. From then on a lazy view that opens or changes takes
 * focus to its heading (`focusViewTitle`, app/components/View). On the document, not in a module:
 * a module shared by the reader and the lazy views would become a chunk the reader loads.
 */
export function noteAction(): void {
  document.documentElement.dataset.acted = 'true';
}
