/** Escaping for the XML and JSON files the build writes (feeds, sitemaps, OPML, the brief JSON). */
// xmlText lives beside escapeHtml (core/domain/html.ts) so the OPML export uses the same escaping.
export { xmlText } from '../../core/domain/html.ts';

/** A W3C / RFC 3339 timestamp without milliseconds (sitemaps, Atom). */
export function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * JSON for a static file, with `<`, `>` and `&` written as \u escapes: the parsed value is the same,
 * and no raw markup from a feed ever appears in a file a browser might sniff as HTML.
 */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
