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

/** True for a plain (non-array) object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
