/**
 * A character written as a `\u` escape: the one spelling shared by a log line's controls
 * (core/platform/log.ts) and a reading answer's wide characters (core/readmodel/json.ts). JSON reads
 * it back as the same character, and a terminal shows it as six plain characters.
 */

/** One UTF-16 unit as `\u` and four lower-case hex digits. */
const unitEscape = (unit: string): string => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * A function writing every UTF-16 unit that `units` (a character class of single units) matches in
 * a text as a `\u` escape, and returning the text itself when there is none. Both patterns it needs
 * (a test and a global replace) are made here, once, from the one given.
 */
export function unitEscaper(units: RegExp): (text: string) => string {
  const flags = units.flags.replace('g', '');
  const any = new RegExp(units.source, flags);
  const all = new RegExp(units.source, `${flags}g`);
  return (text) => (any.test(text) ? text.replace(all, unitEscape) : text);
}
