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
import { READING_QUERY, type ReadingParams } from '../core/readmodel/params.ts';
import { rememberedQuery } from './validate.ts';

const rememberedQueries = boundedCache<string, ReadingParams>('readmodel.queries', 512, { admitOnSecondSight: true });

/** The validator of the reading routes; the handler reads `c.req.valid('query')`. */
export const readingQuery = rememberedQuery(READING_QUERY, rememberedQueries);

/** The reading query already validated for this raw query string (after `?`), or undefined (a miss is left to the validator, which counts it). */
export const knownReadingQuery = (search: string): ReadingParams | undefined => rememberedQueries.known(search);
