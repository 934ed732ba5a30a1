/** HTML escaping for every string that reaches a page, an attribute, XML or a mail. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escape text for HTML element content and quoted attribute values (also valid in XML). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

// Characters XML 1.0 forbids even when escaped (a feed can carry them; one would break the file).
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escape text for XML element content or a quoted attribute, dropping characters XML forbids. */
export function xmlText(value: unknown): string {
  return escapeHtml(String(value ?? '').replace(XML_INVALID, ''));
}

/** A URL safe to put in an href: only http(s) absolute URLs or site-relative paths, else `#`. */
export function safeHref(value: string): string {
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '#';
  } catch {
    return '#';
  }
}
