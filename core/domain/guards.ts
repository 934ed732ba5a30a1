/**
 * Pure guards for untrusted JSON, shared by the server and the reader app's bundle (no Node-only
 * imports here: ids.ts, which mints ids with node:crypto, re-exports the id pattern from this file).
 */

/** Every public id matches this: letters, digits, `_` and `-`, 1–64 characters. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** True when `value` is a syntactically valid id. */
export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/** A mood, topic or tag id as a link or a lane names it: lower-case letters, digits and `-`, 1–41 characters. */
const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,40}$/;

/** True when `value` can name a mood, topic or tag (the reader app's routes and lanes read them with this). */
export function isSlug(value: unknown): value is string {
  return typeof value === 'string' && SLUG_PATTERN.test(value);
}

/** A switch that is on: `1`, `true`, `yes` or `on`, in any case. */
const ON_PATTERN = /^(?:1|true|yes|on)$/i;

/** True when `value`, trimmed, switches something on (a query flag, a setting); anything else, absent included, is off. */
export function isOn(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && ON_PATTERN.test(value.trim());
}

/** A visitor token: 16–128 url-safe characters (a UUID or a base64url random value both fit). */
const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** True when `value` can be a device's visitor token (SPEC.md "Events"): what the server takes and the app keeps. */
export function isVisitorToken(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_TOKEN_PATTERN.test(value);
}

/** True when `value` is one of `list` (a fixed list of statuses, kinds, windows…): the one membership check for such lists. */
export function isOneOf<T extends string | number>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

/** True for a plain (non-array) object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- Tolerant field readers: a value from untrusted JSON, or a default when it is not one ----

/** `value` when it is a string, else `fallback` (''). */
export function textOf(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** `value` when it is a string, else null. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `value` when it is a finite number, else `fallback` (0). */
export function numberOf(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** `value` when it is a finite number, else null. */
export function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The plain objects of an array (anything else dropped; not an array: none). */
export function recordsOf(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** The strings of an array (anything else dropped; not an array: none). */
export function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : [];
}

/** A name → count table: the finite numbers of an object (anything else dropped; not an object: empty). */
export function countsOf(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (isRecord(value)) for (const [name, n] of Object.entries(value)) if (typeof n === 'number' && Number.isFinite(n)) out[name] = n;
  return out;
}
