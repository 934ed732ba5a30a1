/**
 * Query parameters of the reading endpoints, as zod schemas: the routes read them through
 * `@hono/zod-validator` (api/reading-query.ts), the same path as every other route's input.
 * Tolerant where SPEC.md asks for it (`prefs`, `exclude`, booleans, `ts`), strict where a wrong
 * value is a client bug (a malformed id, an unknown `sort` or `mood`, a non-numeric `offset` /
 * `limit`: 422). Huge numbers are clamped.
 *
 * A parse is a pure function of the query string, never of the clock: a `prefs` blob with a pause
 * keeps its raw text (`timeless` is null) and `boundariesAt` reads it at each request's own time.
 * So a parse can be remembered by its raw query string and shared (it is never mutated).
 */
import { z } from 'zod';
import { isValidId } from '../domain/ids.ts';
import { activeBoundaries, MAX_PREFS_CHARS, parsePrefs, type Boundaries } from '../domain/prefs.ts';
import { findMood, type Mood } from '../domain/taxonomy.ts';
import type { FeedFilter } from '../domain/filter.ts';
import { boundedCache } from '../platform/cache.ts';
import { invalidInput } from '../platform/errors.ts';

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

/**
 * The query as the validator hands it over (a repeated parameter is an array) or as Hono's
 * `getQueryParams` gives it (every value an array), with one value per name: a repeated
 * single-valued parameter counts by its first value, and repeated `exclude` values join with
 * commas (`exclude=a&exclude=b` is `exclude=a,b`). One pass here, so every field below is
 * a plain string check: zod's per-field transforms cost ~4 µs a query, this ~1 µs (measured in
 * process, 50,000 parses), and the reading routes parse a new query on every cold request.
 */
function oneValueEach(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) out[name] = Array.isArray(value) ? (name === 'exclude' ? value.join(',') : value[0]) : value;
  return out;
}

const text = z.string().optional();
/** Absent, empty or blank: the parameter's default. */
const blank = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';
/** A value trimmed, or null when blank. */
const single = (v: string | undefined): string | null => (blank(v) ? null : v.trim());

const id = text.refine((v) => blank(v) || isValidId(v.trim()), 'must be an id of letters, digits, "_" or "-"');
const whole = text.refine((v) => blank(v) || /^\d+$/.test(v.trim()), 'must be a whole number');
const sort = text.refine((v) => blank(v) || v.trim() === 'ranked' || v.trim() === 'latest', 'must be "ranked" or "latest"');
/** A mood id of /api/moods; an unknown one is a 422 with its own code (`params.code`, api/validate.ts). */
const mood = id.superRefine((v, ctx) => {
  if (!blank(v) && isValidId(v.trim()) && findMood(v.trim()) === null) {
    ctx.addIssue({ code: 'custom', message: `"${v.trim()}" is not one of /api/moods`, params: { code: 'unknown_mood' } });
  }
});

const count = (v: string | undefined, fallback: number, min: number, max: number): number => (blank(v) ? fallback : Math.min(max, Math.max(min, Number(v.trim()))));

/** True for `true`, `1`, `yes`, `on` (any case); anything else is false. */
const flag = (v: string | undefined): boolean => /^(?:true|1|yes|on)$/i.test(single(v) ?? '');

/** No ids: shared by every request without `exclude` (read-only, as every parse's output). */
const NO_IDS: ReadonlySet<string> = new Set();

/** `exclude` as comma-separated ids; malformed entries are skipped. */
function excludeIds(v: string | undefined): ReadonlySet<string> {
  if (v === undefined || v === '') return NO_IDS;
  const out = new Set<string>();
  for (const part of (v ?? '').split(',')) {
    const trimmed = part.trim();
    if (isValidId(trimmed)) out.add(trimmed);
    if (out.size >= MAX_EXCLUDE) return out;
  }
  return out;
}

/** The reading parameters before they become `ReadingParams` (`/api/since` adds `ts`). */
const READING_FIELDS = z.object({ prefs: text, tag: id, topic: id, mood, source_id: id, exclude: text, following: text, gentle: text, sort, offset: whole, limit: whole });

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

function toParams(v: z.output<typeof READING_FIELDS>): ReadingParams {
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
    following: flag(v.following),
    gentle: flag(v.gentle),
    sort: single(v.sort) === 'latest' ? 'latest' : 'ranked',
    offset: count(v.offset, 0, 0, MAX_OFFSET),
    limit: count(v.limit, DEFAULT_LIMIT, 1, MAX_LIMIT),
    answerKey: null,
  };
  if (timeless !== null && !q.following) {
    q.answerKey = JSON.stringify([prefs, q.tag, q.topic, q.mood?.id ?? null, q.sourceId, [...q.exclude], q.gentle, q.sort, q.offset, q.limit]);
  }
  return Object.freeze(q);
}

/**
 * `READING_QUERY` of a query whose one parameter is `prefs` (every reader's brief, and any first
 * page of the feed), given the parameter's value: the schema's checks cannot refuse that shape
 * (`prefs` takes any text and no other field is there), so this is the schema's own transform on
 * it, without zod's run. The reading host takes a first-seen brief this way: 57-72 µs of server
 * CPU against 82-151 through the schema, in seven `bench-profile` rounds alternating with it on
 * 27 Nov 2026 (docs/benchmarks.md, "Prefs-only queries"). test/reading/params.test.ts holds it equal
 * to the schema on every string.
 */
export function prefsOnlyParams(prefs: string): ReadingParams {
  return toParams({ prefs });
}

/** The query of `/api/feed`, `/api/brief`, `/api/replacement`, `/api/categories`. */
export const READING_QUERY = z.preprocess(oneValueEach, READING_FIELDS.transform(toParams));

/** The query of `/api/since`: the reading parameters and the raw `ts` (read with `parseSinceTs`). */
export const SINCE_QUERY = z.preprocess(oneValueEach, READING_FIELDS.extend({ ts: text }).transform((v) => ({ ts: v.ts ?? null, reading: toParams(v) })));

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
