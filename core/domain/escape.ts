/**
 * A character written as a `\u` escape: the one spelling shared by a log line's controls
 * (core/platform/log.ts) and a reading answer's wide characters (core/readmodel/json.ts). JSON reads
 * it back as the same character, and a terminal shows it as six plain characters.
 */

/** One UTF-16 unit as `\u` and four lower-case hex digits. */
const unitEscape = (unit: string): string => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` with every UTF-16 unit that `all` (a global pattern of single units) matches written as a
 * `\u` escape; `text` itself when `any` (the same pattern, not global) finds none.
 */
export function escapeUnits(text: string, any: RegExp, all: RegExp): string {
  return any.test(text) ? text.replace(all, unitEscape) : text;
}
