/**
 * Device storage (localStorage) that never throws: private modes and full quotas make the app
 * forget, never break. Values are JSON and are re-validated by their readers.
 */

const PREFIX = 'tidings.';

/** Read and JSON-parse a key; null when missing, unreadable or not JSON. */
export function readJson(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + key);
    return raw === null || raw === undefined ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** JSON-serialise and store a value (silently skipped when storage is unavailable). */
export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app keeps working for this visit.
  }
}

/** Remove a key. */
export function removeKey(key: string): void {
  try {
    globalThis.localStorage?.removeItem(PREFIX + key);
  } catch {
    // ignore
  }
}
