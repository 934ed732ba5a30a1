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

/** The style of our mails' body: the site's text colour and a readable line (digest.ts widens it to a column). */
export const MAIL_BODY_STYLE = 'font-family:system-ui,sans-serif;line-height:1.55;color:#1f2d2a';

/**
 * An HTML mail body as a whole document, with its language, charset and title: a mail client's
 * screen reader reads them (axe's html-has-lang and document-title), and every mail we send goes
 * through here. `body` is HTML the caller escaped; `title` is text.
 */
export function mailDocument(title: string, body: string, bodyStyle: string = MAIL_BODY_STYLE): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>\n<body style="${escapeHtml(bodyStyle)}">\n${body}\n</body></html>`;
}
