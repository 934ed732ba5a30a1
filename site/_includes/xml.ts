/** Escaping for the XML and JSON files the build writes (feeds, sitemaps, OPML, the brief JSON). */
import { escapeHtml } from '../../core/domain/html.ts';

// Characters XML 1.0 forbids even when escaped (a feed can carry them; one would break the file).
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escape text for XML element content or a quoted attribute, dropping characters XML forbids. */
export function xmlText(value: unknown): string {
  return escapeHtml(String(value ?? '').replace(XML_INVALID, ''));
}

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
