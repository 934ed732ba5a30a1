/**
 * The reading parameters of a query, one value each, before any rule reads them
 * (core/readmodel/params.ts). Two shapes come in: the object the validator or Hono's
 * `getQueryParams` makes of a query (`fieldsOf`), and the raw query string the reading host reads
 * (`fieldsOfSearch`); both keep a value the one way (`keep`), so they agree on every query
 * (test/reading/params.test.ts holds them equal over generated strings).
 */

/** The names of the reading parameters (`/api/since` adds `ts`); any other parameter is ignored. */
type FieldName = 'prefs' | 'tag' | 'topic' | 'mood' | 'source_id' | 'exclude' | 'following' | 'gentle' | 'sort' | 'offset' | 'limit' | 'ts';

/** One value per reading parameter, as the rules read it; absent ones undefined. */
export type ReadingFields = Record<FieldName, string | undefined>;

/** A rule of one parameter broken: which one, why (as the 422's message says it), and the 422's code when the rule names one. */
export interface QueryIssue {
  readonly field: string;
  readonly message: string;
  readonly code?: string;
}

/** A query read: its value, or the first rule it breaks (parameters in a fixed order, so one query always names the same). */
export type QueryRead<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issue: QueryIssue };

/** Every reading parameter absent. */
const noFields = (): ReadingFields => ({ prefs: undefined, tag: undefined, topic: undefined, mood: undefined, source_id: undefined, exclude: undefined, following: undefined, gentle: undefined, sort: undefined, offset: undefined, limit: undefined, ts: undefined });

/** True when `name` is a reading parameter (any other parameter is ignored). */
const isField = (out: ReadingFields, name: string): name is FieldName => Object.hasOwn(out, name);

/**
 * Keep `value` of reading parameter `name` in `out`, in the order the query gives them: a repeated
 * parameter counts by its first value, and repeated `exclude` values join with commas
 * (`exclude=a&exclude=b` is `exclude=a,b`).
 */
function keep(out: ReadingFields, name: FieldName, value: string): void {
  if (name === 'exclude') out.exclude = out.exclude === undefined ? value : `${out.exclude},${value}`;
  else out[name] ??= value;
}

/**
 * The query as the validator hands it over (a repeated parameter is an array) or as Hono's
 * `getQueryParams` gives it (every value an array), kept value by value. A value that is not
 * text is refused (the validator and Hono only ever give text).
 */
export function fieldsOf(query: unknown): QueryRead<ReadingFields> {
  if (typeof query !== 'object' || query === null) return { ok: false, issue: { field: '', message: 'must be a query string' } };
  const out = noFields();
  for (const name of Object.keys(query)) {
    if (!isField(out, name)) continue;
    const raw: unknown = (query as Record<string, unknown>)[name];
    for (const value of Array.isArray(raw) ? (raw as unknown[]) : [raw]) {
      if (value === undefined) continue;
      if (typeof value !== 'string') return { ok: false, issue: { field: name, message: 'must be text' } };
      keep(out, name, value);
    }
  }
  return { ok: true, value: out };
}

/**
 * The fields of a raw query string (what follows `?`), read as `fieldsOf` reads Hono's
 * `getQueryParams` of the same string: split at each `&`, each part at its first `=` (a part
 * without one is a name with the empty value), names and values through `decode`, empty names
 * skipped. The reading host reads a first-seen query this way (api/reading-query.ts): through
 * Hono's reader, which builds a dictionary of lists over the whole URL (rebuilt for it), a
 * first-seen brief took 26.6 µs in process against 22.2 this way (docs/benchmarks.md, "The query
 * string read once").
 */
export function fieldsOfSearch(search: string, decode: (part: string) => string): ReadingFields {
  const out = noFields();
  // The next `=` at or after `at` (-1: none left), looked for again only once passed, so a string
  // of many parts without one is read once, not once a part.
  let eq = search.indexOf('=');
  for (let at = 0; ; ) {
    let next = search.indexOf('&', at);
    if (next < 0) next = search.length;
    if (eq >= 0 && eq < at) eq = search.indexOf('=', at);
    const valued = eq >= 0 && eq < next;
    const name = decode(search.slice(at, valued ? eq : next));
    if (isField(out, name)) keep(out, name, valued ? decode(search.slice(eq + 1, next)) : '');
    if (next >= search.length) return out;
    at = next + 1;
  }
}
