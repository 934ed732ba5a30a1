/**
 * Sorting the short lists of per-item work (a title's words, a classification's scored topics):
 * `Array.prototype.sort` allocates a work copy on every call, which dominates for a handful of
 * elements sorted thousands of times per ingest.
 */

/** Longer lists go to `Array.prototype.sort` (insertion sort is quadratic). */
const SHORT = 24;

/**
 * Sort `list` in place and return it, exactly as `list.sort(compare)` would: a stable insertion
 * sort for short lists (both sorts are stable, so a consistent `compare` gives the same order).
 */
export function sortShort<T>(list: T[], compare: (a: T, b: T) => number): T[] {
  if (list.length > SHORT) return list.sort(compare);
  for (let i = 1; i < list.length; i += 1) {
    const item = list[i]!;
    let j = i - 1;
    while (j >= 0 && compare(list[j]!, item) > 0) {
      list[j + 1] = list[j]!;
      j -= 1;
    }
    list[j + 1] = item;
  }
  return list;
}

/** The order of `Array.prototype.sort` without a comparator, for strings: by UTF-16 code units. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
