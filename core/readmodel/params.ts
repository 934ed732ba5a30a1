/**
 * Query parameters of the reading endpoints, parsed once and the same way everywhere. Tolerant where
 * SPEC.md asks for it (`prefs`, `exclude`, booleans, `ts`), strict where a wrong value is a client
 * bug (a malformed id, an unknown `sort` or `mood`, a non-numeric `offset` / `limit`: 422). Huge
 * numbers are clamped. Nothing here throws anything but a ValidationError.
 */
import { isValidId } from '../domain/ids.ts';
import { activeBoundaries, MAX_PREFS_CHARS, parsePrefs, type Boundaries } from '../domain/prefs.ts';
import { findMood, type Mood } from '../domain/taxonomy.ts';
import type { FeedFilter } from '../domain/filter.ts';
import { boundedCache } from '../platform/cache.ts';
import { ValidationError } from '../platform/errors.ts';

/** Feed paging (CONTRACT.md): default 20, at most 50. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Offsets beyond this are clamped (no pool is that large; it keeps arithmetic exact). */
export const MAX_OFFSET = 1_000_000;
/** At most this many ids are honoured in `exclude`. */
export const MAX_EXCLUDE = 500;

/** A parsed reading request. */
export interface ReadingQuery {
  boundaries: Boundaries;
  tag: string | null;
  topic: string | null;
  mood: Mood | null;
  sourceId: string | null;
  exclude: Set<string>;
  following: boolean;
  gentle: boolean;
  sort: 'ranked' | 'latest';
  offset: number;
  limit: number;
  /**
   * Identifies the answer among all requests when it depends on nothing but the pool (and, for
   * the brief, the recent window): null when `prefs` carries a pause (the clock decides) or
   * `following` is set (the caller decides). See core/readmodel/answers.ts.
   */
  answerKey: string | null;
}

/** First non-empty value of a parameter, trimmed, or null. */
function single(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value : null;
}

function id(params: URLSearchParams, name: string): string | null {
  const value = single(params, name);
  if (value === null) return null;
  if (!isValidId(value)) throw new ValidationError(`${name} must be an id of letters, digits, "_" or "-".`);
  return value;
}

function count(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const value = single(params, name);
  if (value === null) return fallback;
  if (!/^\d+$/.test(value)) throw new ValidationError(`${name} must be a whole number.`);
  return Math.min(max, Math.max(min, Number(value)));
}

/** True for `true`, `1`, `yes`, `on` (any case); anything else is false. */
export function flag(params: URLSearchParams, name: string): boolean {
  return /^(?:true|1|yes|on)$/i.test(single(params, name) ?? '');
}

/** `exclude` as comma-separated ids, repeated or both; malformed entries are skipped. */
export function excludeIds(params: URLSearchParams): Set<string> {
  const out = new Set<string>();
  for (const value of params.getAll('exclude')) {
    for (const part of value.split(',')) {
      const trimmed = part.trim();
      if (isValidId(trimmed)) out.add(trimmed);
      if (out.size >= MAX_EXCLUDE) return out;
    }
  }
  return out;
}

// Boundaries of recent `prefs` strings without pauses (then they do not depend on `now`): a reader
// sends the same blob on every request, and parsing it compiles a Unicode regular expression.
// Boundaries are read-only, so one object serves every request with that blob.
const rememberedPrefs = boundedCache<string, Boundaries>('readmodel.prefs', 256);

/** The boundaries of `raw` at `now`, and whether they hold at every instant (no pause: remembered). */
function readPrefs(raw: string | null, now: Date): { boundaries: Boundaries; timeless: boolean } {
  if (raw === null) return { boundaries: activeBoundaries(parsePrefs(raw), now), timeless: true };
  const known = rememberedPrefs.get(raw);
  if (known) return { boundaries: known, timeless: true };
  const prefs = parsePrefs(raw);
  const boundaries = activeBoundaries(prefs, now);
  const timeless = prefs.pauses.length === 0 && raw.length <= MAX_PREFS_CHARS;
  if (timeless) rememberedPrefs.set(raw, boundaries);
  return { boundaries, timeless };
}

/** `activeBoundaries(parsePrefs(raw), now)`, remembered for pause-free blobs. */
export function boundariesOf(raw: string | null, now: Date): Boundaries {
  return readPrefs(raw, now).boundaries;
}

/** Parse every reading parameter. `now` decides which pauses are still running. */
export function parseReadingQuery(params: URLSearchParams, now: Date): ReadingQuery {
  const sort = single(params, 'sort') ?? 'ranked';
  if (sort !== 'ranked' && sort !== 'latest') throw new ValidationError('sort must be "ranked" or "latest".');
  const moodId = id(params, 'mood');
  const mood = moodId === null ? null : findMood(moodId);
  if (moodId !== null && mood === null) throw new ValidationError(`mood "${moodId}" is not one of /api/moods.`, 'unknown_mood');
  const raw = params.get('prefs');
  const { boundaries, timeless } = readPrefs(raw, now);
  const q: ReadingQuery = {
    boundaries,
    tag: id(params, 'tag'),
    topic: id(params, 'topic'),
    mood,
    sourceId: id(params, 'source_id'),
    exclude: excludeIds(params),
    following: flag(params, 'following'),
    gentle: flag(params, 'gentle'),
    sort,
    offset: count(params, 'offset', 0, 0, MAX_OFFSET),
    limit: count(params, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    answerKey: null,
  };
  if (timeless && !q.following) {
    q.answerKey = JSON.stringify([raw, q.tag, q.topic, q.mood?.id ?? null, q.sourceId, [...q.exclude], q.gentle, q.sort, q.offset, q.limit]);
  }
  return q;
}

// Parsed queries whose answer depends on nothing but the pool (`answerKey` set), by their raw query
// string: whether a query string has that property never changes (it is a property of the text),
// so a repeated request skips URL and query parsing. Shared, so never mutated.
const rememberedQueries = boundedCache<string, Readonly<ReadingQuery>>('readmodel.queries', 512);
const MAX_REMEMBERED_QUERY_CHARS = 4096;

/** `parseReadingQuery` of an absolute request URL's query string, remembered for shareable answers. */
export function parseReadingUrl(url: string, now: Date): Readonly<ReadingQuery> {
  const at = url.indexOf('?');
  const search = at < 0 ? '' : url.slice(at + 1);
  const known = rememberedQueries.get(search);
  if (known) return known;
  const q = parseReadingQuery(new URLSearchParams(search), now);
  if (q.answerKey !== null && search.length <= MAX_REMEMBERED_QUERY_CHARS) rememberedQueries.set(search, Object.freeze(q));
  return q;
}

/** The filter of a parsed request (`following` is resolved by the caller: null or the follows). */
export function toFilter(q: ReadingQuery, following: FeedFilter['following']): FeedFilter {
  return { boundaries: q.boundaries, tag: q.tag, topic: q.topic, mood: q.mood, sourceId: q.sourceId, exclude: q.exclude, following };
}

/**
 * `ts` of `/api/since`: ISO-8601, or epoch milliseconds as digits. Null when invalid or in the
 * future (SPEC.md: both yield count 0, not an error).
 */
export function parseSinceTs(raw: string | null | undefined, now: Date): Date | null {
  const value = raw?.trim();
  if (!value || value.length > 64) return null;
  // Digits are epoch ms; otherwise only ISO-8601 shapes (Date's lenient parser accepts too much).
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
  if (!/^\d{1,15}$/.test(value) && !iso.test(value)) return null;
  const when = /^\d{1,15}$/.test(value) ? new Date(Number(value)) : new Date(value);
  const t = when.getTime();
  if (Number.isNaN(t) || t > now.getTime()) return null;
  return when;
}
