/**
 * The reading API client. Every request carries the reader's `prefs`; every answer is validated
 * before it reaches a component. Failures come back as null (the caller shows what it has).
 */
import { countsOf, isRecord } from '../../core/domain/guards.ts';
import { request } from './http.ts';
import { parseBrief, parseCards, parseReplacement, type Brief, type Card } from './cards.ts';

/** The id of the brief the static shell of `/` carries as JSON beside its cards (site/index.11ty.ts). */
export const SHELL_BRIEF_ID = 'brief-data';

/** GET a JSON document; null on any network or HTTP failure. */
export async function getJson(path: string, params: Record<string, string> = {}, signal?: AbortSignal): Promise<unknown> {
  const answer = await request(path, signal ? { params, signal } : { params });
  return answer.ok ? answer.body : null;
}

/** The brief built with the site (no prefs applied) that the shell carries and has drawn: the first paint. */
export function shellBrief(): Brief | null {
  const text = document.getElementById(SHELL_BRIEF_ID)?.textContent;
  if (!text) return null;
  try {
    return parseBrief(JSON.parse(text));
  } catch {
    return null;
  }
}

/** `GET /api/brief` for these prefs and excluded ids. */
export async function fetchBrief(prefs: string, exclude: string[]): Promise<Brief | null> {
  return parseBrief(await getJson('/api/brief', { prefs, exclude: exclude.join(',') }));
}

/** One page of `GET /api/feed`; null when the request failed. */
export async function fetchFeed(
  params: Record<string, string>,
  prefs: string,
  offset: number,
  exclude: string[],
  signal?: AbortSignal,
): Promise<Card[] | null> {
  const body = await getJson('/api/feed', { ...params, prefs, offset: String(offset), limit: '20', exclude: exclude.join(',') }, signal);
  return body === null ? null : parseCards(body);
}

/** The next replacement (`gentle` for the hero), or null when none remains; undefined when the request failed. */
export async function fetchReplacement(prefs: string, shown: string[], gentle: boolean): Promise<Card | null | undefined> {
  const body = await getJson('/api/replacement', { prefs, exclude: shown.join(','), gentle: gentle ? 'true' : '' });
  return body === null ? undefined : parseReplacement(body);
}

/** `GET /api/since`: how many new articles since `ts`. */
export async function fetchSinceCount(ts: string, prefs: string): Promise<number> {
  const body = await getJson('/api/since', { ts, prefs });
  return isRecord(body) && typeof body.count === 'number' && Number.isFinite(body.count) ? Math.max(0, Math.floor(body.count)) : 0;
}

/** Counts per topic and flavor (`/api/categories`). */
export interface CategoryCounts {
  topics: Record<string, number>;
  flavors: Record<string, number>;
}

/** `GET /api/categories` for these prefs; null when unavailable. */
export async function fetchCategories(prefs: string): Promise<CategoryCounts | null> {
  const body = await getJson('/api/categories', { prefs });
  return isRecord(body) ? { topics: countsOf(body.topics), flavors: countsOf(body.flavors) } : null;
}
