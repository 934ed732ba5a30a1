/**
 * The query of the reading routes (`/api/brief`, `/api/feed`, `/api/replacement`,
 * `/api/categories`): `READING_QUERY` (core/readmodel/params.ts) through `@hono/zod-validator`,
 * remembered by the raw query string. A reader's app asks the same query again and again (the
 * same prefs blob with every request), and the parse of that string never changes: the warm
 * request then costs one look-up instead of URL parsing, the schema and a prefs parse. A query is
 * kept from its second request on (`admitOnSecondSight`, core/platform/cache.ts): the one-off
 * queries of readers passing through are parsed and let go.
 */
import { boundedCache } from '../core/platform/cache.ts';
import { READING_QUERY, readReadingSearch, type ReadingParams } from '../core/readmodel/params.ts';
import { tryDecodeURIComponent } from 'hono/utils/url';
import { MAX_REMEMBERED_QUERY_CHARS, rememberedQuery } from './validate.ts';

const rememberedQueries = boundedCache<string, ReadingParams>('readmodel.queries', 512, { admitOnSecondSight: true });

/** The validator of the reading routes; the handler reads `c.req.valid('query')`. */
export const readingQuery = rememberedQuery(READING_QUERY, rememberedQueries);

/**
 * A name or value of a query string decoded as Hono's `getQueryParams` decodes it: `+` as a space,
 * then `decodeURIComponent`, and where that throws (a malformed escape) only the escapes that decode.
 */
export function decodeQueryPart(part: string): string {
  return tryDecodeURIComponent(part.includes('+') ? part.replaceAll('+', ' ') : part);
}

/**
 * The reading query of a request Node's server answers itself (api/reading-host.ts), from its raw
 * query string `search` (what follows `?`): the values Hono's own `getQueryParams` gives the app's
 * validator for the same URL, read straight from the string (`readReadingSearch`,
 * core/readmodel/params.ts) by the rules `READING_QUERY` wraps, without zod's run, and remembered
 * as the validator remembers them. Undefined when a rule refuses it: the app then answers the 422.
 */
export function readingQueryOf(search: string): ReadingParams | undefined {
  const known = rememberedQueries.get(search);
  if (known !== undefined) return known;
  const read = readReadingSearch(search, decodeQueryPart);
  if (!read.ok) return undefined;
  const q = read.value;
  // Only a query Node's server answers is offered to the cache here; the others (a pause, `following`)
  // go to the app, whose validator parses and offers them as it does every query it sees.
  if (q.answerKey !== null && search.length <= MAX_REMEMBERED_QUERY_CHARS) rememberedQueries.set(search, q);
  return q;
}
