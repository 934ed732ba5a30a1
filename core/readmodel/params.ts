/**
 * Query parameters of the reading endpoints: one reader of their rules (`readReadingQuery`), which
 * the routes read as zod schemas through `@hono/zod-validator` (api/reading-query.ts), the same
 * path as every other route's input, and the reading host calls as it is (api/reading-host.ts).
 * Tolerant where SPEC.md asks for it (`prefs`, `exclude`, booleans, `ts`), strict where a wrong
 * value is a client bug (a malformed id, an unknown `sort` or `mood`, a non-numeric `offset` /
 * `limit`: 422). Huge numbers are clamped.
 *
 * A parse is a pure function of the query string, never of the clock: a `prefs` blob with a pause
 * keeps its raw text (`timeless` is null) and `boundariesAt` reads it at each request's own time.
 * So a parse can be remembered by its raw query string and shared (it is never mutated).
 */
import { z } from 'zod';
import { isOn } from '../domain/guards.ts';
import { isValidId } from '../domain/ids.ts';
import { activeBoundaries, MAX_PREFS_CHARS, parsePrefs, type Boundaries } from '../domain/prefs.ts';
import { findMood, type Mood } from '../domain/taxonomy.ts';
import type { FeedFilter } from '../domain/filter.ts';
import { boundedCache } from '../platform/cache.ts';
import { invalidInput } from '../platform/errors.ts';
import { fieldsOf, fieldsOfSearch, type QueryIssue, type QueryRead, type ReadingFields } from './query-fields.ts';

/** Feed paging (CONTRACT.md): default 20, at most 50. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Offsets beyond this are clamped (no pool is that large; it keeps arithmetic exact). */
export const MAX_OFFSET = 1_000_000;
/** At most this many ids are honoured in `exclude`. */
export const MAX_EXCLUDE = 500;

/** A parsed reading request: a pure function of its query string. */
export interface ReadingParams {
  /** The raw `prefs` value (first one), or null. */
  prefs: string | null;
  /** The boundaries of `prefs` when they hold at every instant (no pause), else null (see `boundariesAt`). */
  timeless: Boundaries | null;
  tag: string | null;
  topic: string | null;
  mood: Mood | null;
  sourceId: string | null;
  exclude: ReadonlySet<string>;
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

/** A parsed reading request read at one instant. */
export type ReadingQuery = ReadingParams & { boundaries: Boundaries };

/** Absent, empty or blank: the parameter's default. */
const blank = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';
/** A value trimmed, or null when blank. */
const single = (v: string | undefined): string | null => (blank(v) ? null : v.trim());

const ID_RULE = 'must be an id of letters, digits, "_" or "-"';

/** The first reading parameter of `v` that breaks its rule, in the parameters' order; null when none does. */
function brokenRule(v: ReadingFields): QueryIssue | null {
  for (const field of ['tag', 'topic', 'mood', 'source_id'] as const) {
    const value = v[field];
    if (blank(value)) continue;
    if (!isValidId(value.trim())) return { field, message: ID_RULE };
    // A mood id of /api/moods; an unknown one is a 422 with its own code.
    if (field === 'mood' && findMood(value.trim()) === null) return { field, message: `"${value.trim()}" is not one of /api/moods`, code: 'unknown_mood' };
  }
  const sort = single(v.sort);
  if (sort !== null && sort !== 'ranked' && sort !== 'latest') return { field: 'sort', message: 'must be "ranked" or "latest"' };
  for (const field of ['offset', 'limit'] as const) {
    const value = v[field];
    if (!blank(value) && !/^\d+$/.test(value.trim())) return { field, message: 'must be a whole number' };
  }
  return null;
}

const count = (v: string | undefined, fallback: number, min: number, max: number): number => (blank(v) ? fallback : Math.min(max, Math.max(min, Number(v.trim()))));

/** No ids: shared by every request without `exclude` (read-only, as every parse's output). */
const NO_IDS: ReadonlySet<string> = new Set();

/** `exclude` as comma-separated ids; malformed entries are skipped. */
function excludeIds(v: string | undefined): ReadonlySet<string> {
  if (v === undefined || v === '') return NO_IDS;
  const out = new Set<string>();
  for (const part of v.split(',')) {
    const trimmed = part.trim();
    if (isValidId(trimmed)) out.add(trimmed);
    if (out.size >= MAX_EXCLUDE) return out;
  }
  return out;
}

// Boundaries of recent `prefs` strings without pauses (then they do not depend on `now`): a reader
// sends the same blob with every query (other pages, other offsets), and parsing it compiles a
// Unicode regular expression. Boundaries are read-only, so one object serves every request. A blob
// is kept from its second request on (a one-off blob is parsed and let go: core/platform/cache.ts).
const rememberedPrefs = boundedCache<string, Boundaries>('readmodel.prefs', 256, { admitOnSecondSight: true });

/** The boundaries of a request without `prefs`: none, made once (read-only, like the remembered ones). */
const NO_PREFS: Boundaries = activeBoundaries(parsePrefs(null), new Date(0));

/** The boundaries of `raw` when they hold at every instant (no pause), else null. */
function timelessBoundaries(raw: string | null): Boundaries | null {
  if (raw === null) return NO_PREFS;
  const known = rememberedPrefs.get(raw);
  if (known) return known;
  const prefs = parsePrefs(raw);
  if (prefs.pauses.length > 0 || raw.length > MAX_PREFS_CHARS) return null;
  const boundaries = activeBoundaries(prefs, new Date(0));
  rememberedPrefs.set(raw, boundaries);
  return boundaries;
}

function toParams(v: ReadingFields): ReadingParams {
  const prefs = v.prefs ?? null;
  const timeless = timelessBoundaries(prefs);
  const moodId = single(v.mood);
  const q: ReadingParams = {
    prefs,
    timeless,
    tag: single(v.tag),
    topic: single(v.topic),
    mood: moodId === null ? null : findMood(moodId),
    sourceId: single(v.source_id),
    exclude: excludeIds(v.exclude),
    following: isOn(v.following),
    gentle: isOn(v.gentle),
    sort: single(v.sort) === 'latest' ? 'latest' : 'ranked',
    offset: count(v.offset, 0, 0, MAX_OFFSET),
    limit: count(v.limit, DEFAULT_LIMIT, 1, MAX_LIMIT),
    answerKey: null,
  };
  if (timeless !== null && !q.following) q.answerKey = answerKeyOf(q);
  return Object.freeze(q);
}

/**
 * The answer key of `q` (see `ReadingParams.answerKey`): its fields a line each, the raw `prefs`
 * last. No field before it can hold a line break (ids, the mood's id and `exclude`'s ids are
 * letters, digits, `_` and `-`; the rest are numbers and words of ours), so the lines read back
 * as the one query, and the blob goes in as it came, without JSON's escaping of its quotes.
 * Joined by `Array.join`, which makes one flat string: a template literal makes a rope of its
 * parts, and the answers cache's hash and its doorkeeper's fingerprint then read the key through
 * the rope (a first-seen brief 6 % and a first-seen feed page 10 % slower in process:
 * docs/benchmarks.md, "Keys made flat").
 */
function answerKeyOf(q: ReadingParams): string {
  const exclude = q.exclude.size === 0 ? '' : [...q.exclude].join(',');
  const prefs = q.prefs === null ? '' : `=${q.prefs}`;
  return [q.tag ?? '', q.topic ?? '', q.mood?.id ?? '', q.sourceId ?? '', exclude, q.gentle ? 1 : 0, q.sort, q.offset, q.limit, prefs].join('\n');
}

/**
 * The reading query's rules, read without zod: the reading host (api/reading-host.ts) answers
 * first-seen feed pages and briefs through this, and the routes' validator through `READING_QUERY`,
 * which is this function as a schema. Zod's run of the earlier object schema cost a first-seen feed
 * page 20-50 µs of server CPU (a throw-away A/B in the bench's cold sequence, three alternations,
 * 27 Nov 2026), though ~7 µs in a loop: its per-field steps, issues and result objects on a path
 * that parses a new query every time.
 */
export function readReadingQuery(query: unknown): QueryRead<ReadingParams> {
  return readWith(query, toParams);
}

/**
 * `readReadingQuery` of a raw query string (what follows `?`), without the object Hono's
 * `getQueryParams` makes of it: the same value for every string (test/reading/params.test.ts),
 * given `decode`, the decoding Hono gives each name and value (api/reading-query.ts).
 */
export function readReadingSearch(search: string, decode: (part: string) => string): QueryRead<ReadingParams> {
  return readFields(fieldsOfSearch(search, decode), toParams);
}

/** The query of `/api/since`: the reading parameters and the raw `ts` (read with `parseSinceTs`). */
export interface SinceParams {
  ts: string | null;
  reading: ReadingParams;
}

/** The fields of `query` made into a `T` by `make` when they break no rule. */
function readWith<T>(query: unknown, make: (v: ReadingFields) => T): QueryRead<T> {
  const fields = fieldsOf(query);
  return fields.ok ? readFields(fields.value, make) : fields;
}

/** `fields` made into a `T` by `make` when they break no rule. */
function readFields<T>(fields: ReadingFields, make: (v: ReadingFields) => T): QueryRead<T> {
  const issue = brokenRule(fields);
  return issue === null ? { ok: true, value: make(fields) } : { ok: false, issue };
}

/** `read` as a zod schema, for the routes' validator (api/validate.ts): its issue is the schema's one issue, so the 422 says the same. */
function schemaOf<T>(read: (query: unknown) => QueryRead<T>) {
  return z.unknown().transform((query, ctx): T => {
    const result = read(query);
    if (result.ok) return result.value;
    const { field, message, code } = result.issue;
    ctx.addIssue({ code: 'custom', path: field === '' ? [] : [field], message, ...(code === undefined ? {} : { params: { code } }) });
    return z.NEVER;
  });
}

/** The query of `/api/feed`, `/api/brief`, `/api/replacement`, `/api/categories`. */
export const READING_QUERY = schemaOf(readReadingQuery);

/** The query of `/api/since`. */
export const SINCE_QUERY = schemaOf((query) => readWith(query, (v): SinceParams => ({ ts: v.ts ?? null, reading: toParams(v) })));

/** `activeBoundaries(parsePrefs(raw), now)`, remembered for pause-free blobs. */
export function boundariesOf(raw: string | null, now: Date): Boundaries {
  return timelessBoundaries(raw) ?? activeBoundaries(parsePrefs(raw), now);
}

/** The boundaries of a parsed request at `now` (a running pause mutes; an ended one does not). */
export function boundariesAt(q: ReadingParams, now: Date): Boundaries {
  return q.timeless ?? activeBoundaries(parsePrefs(q.prefs), now);
}

/**
 * `READING_QUERY` of a query string outside a route (tests, the bench's growth route): the same
 * schema on the same value shape as the validator's, read at `now`. Throws a ValidationError.
 */
export function parseReadingQuery(params: URLSearchParams, now: Date): ReadingQuery {
  // Every value a list, as Hono's `getQueryParams` gives them (`oneValueEach` reads either shape).
  const result = READING_QUERY.safeParse(Object.fromEntries([...new Set(params.keys())].map((name) => [name, params.getAll(name)])));
  if (!result.success) throw invalidInput(result.error);
  return { ...result.data, boundaries: boundariesAt(result.data, now) };
}

/** The filter of a parsed request at `now` (`following` is resolved by the caller: null or the follows). */
export function toFilter(q: ReadingParams, now: Date, following: FeedFilter['following']): FeedFilter {
  return { boundaries: boundariesAt(q, now), tag: q.tag, topic: q.topic, mood: q.mood, sourceId: q.sourceId, exclude: q.exclude, following };
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
