/**
 * The feedback reply sanitizer (SPEC.md reply rules 3–9 and 14, CONTRACT.md): raw editor HTML in,
 * safe `message_html` and its derived plain text out. Threat model: the HTML comes from an admin's
 * browser but is pasted from anywhere, and it ends up in a reader's mail client, so nothing but a
 * handful of formatting tags may survive: no attributes except one whitelisted font size, no links,
 * no images, no scripts, no styles.
 */
import sanitizeHtml from 'sanitize-html';
import { decodeHTMLStrict } from 'entities/decode';
import { utcDay } from './days.ts';
import type { FeedbackDoc } from './feedback.ts';
import { escapeHtml, MAIL_BODY_STYLE, mailDocument } from './html.ts';

/** Raw HTML longer than this is truncated (not refused) before sanitizing. */
export const REPLY_RAW_MAX_CHARS = 20_000;
/** The four font sizes the editor offers. */
export const REPLY_FONT_SIZES: readonly string[] = ['13px', '15px', '18px', '22px'];
/** Legacy `<font size="N">` → one of the allowed sizes (CONTRACT.md). */
const LEGACY_FONT_SIZES: Record<string, string> = { '1': '13px', '2': '13px', '3': '15px', '4': '18px', '5': '22px', '6': '22px', '7': '22px' };

/** The allowed font size declared in an inline style, or null (the last `font-size` wins, as in CSS). */
export function allowedFontSize(style: string | undefined): string | null {
  if (!style) return null;
  let size: string | null = null;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    if (declaration.slice(0, colon).trim().toLowerCase() !== 'font-size') continue;
    size = declaration.slice(colon + 1).trim().toLowerCase();
  }
  // Exact match only: `113px` or `13px;` tricks are not `13px`.
  return size !== null && REPLY_FONT_SIZES.includes(size) ? size : null;
}

/**
 * A span carrying exactly the allowed size, or a bare span that `exclusiveFilter` unwraps (text
 * kept). Transforming into a disallowed tag name instead would trip sanitize-html's per-depth
 * rename map, which is not cleared for discarded tags and renames a later sibling's closing tag.
 */
function sizedSpan(size: string | null): sanitizeHtml.Tag {
  return { tagName: 'span', attribs: size ? { style: `font-size:${size}` } : {} };
}

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['strong', 'em', 'p', 'br', 'ul', 'ol', 'li', 'span'],
  allowedAttributes: { span: ['style'] },
  allowedStyles: { span: { 'font-size': [/^(?:13|15|18|22)px$/] } },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
  // Content of these is never text a reader should see (rule 7), so it is discarded with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'title', 'head', 'object', 'svg', 'math'],
  transformTags: {
    b: 'strong',
    i: 'em',
    div: 'p',
    span: (_name, attribs) => sizedSpan(allowedFontSize(attribs.style)),
    font: (_name, attribs) => sizedSpan(allowedFontSize(attribs.style) ?? LEGACY_FONT_SIZES[(attribs.size ?? '').trim()] ?? null),
  },
  // A span left without an allowed size is unwrapped: its text stays, the element goes.
  // (`frame.tag` is the source name: `span` or `font`, both of which become spans above.)
  exclusiveFilter: (frame) => ((frame.tag === 'span' || frame.tag === 'font') && !frame.attribs.style ? 'excludeTag' : false),
};

/** Sanitize raw editor HTML: cap, clean, close open tags, trim (rules 3–8, 14). */
export function sanitizeReplyHtml(raw: string): string {
  const capped = raw.slice(0, REPLY_RAW_MAX_CHARS);
  return sanitizeHtml(capped, POLICY).trim();
}

/** The plain-text form of sanitized reply HTML (rule 9): paragraphs, line breaks and list bullets kept. */
export function replyPlainText(html: string): string {
  const counters: number[] = [];
  const text = html.replace(/<(\/?)([a-z]+)[^>]*>/gi, (_tag, closing: string, name: string) => {
    const tag = name.toLowerCase();
    if (tag === 'br') return '\n';
    if (tag === 'p') return '\n\n';
    if (tag === 'ul' || tag === 'ol') {
      if (closing) counters.pop();
      else counters.push(tag === 'ol' ? 0 : -1);
      return '\n';
    }
    if (tag === 'li') {
      if (closing) return '\n';
      const depth = counters.length;
      const top = counters[depth - 1];
      const indent = '  '.repeat(Math.max(0, depth - 1));
      if (top !== undefined && top >= 0) {
        counters[depth - 1] = top + 1;
        return `${indent}${top + 1}. `;
      }
      return `${indent}- `;
    }
    return '';
  });
  return decodeHTMLStrict(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A sanitized reply: the stored HTML and its plain text (empty text means nothing to send). */
export interface SanitizedReply {
  html: string;
  text: string;
}

/** Sanitize raw editor HTML and derive its plain text. */
export function sanitizeReply(raw: string): SanitizedReply {
  const html = sanitizeReplyHtml(raw);
  return { html, text: replyPlainText(html) };
}

/** A sent reply in the `feedback_replies` collection (shape shared with the feedback engineer). */
export interface FeedbackReplyDoc {
  _id: string;
  feedback_id: string;
  /** The admin who sent it. */
  user_id: string;
  /** Plain text derived from `message_html`. */
  message: string;
  /** The sanitized HTML. */
  message_html: string;
  sent_to: string;
  sent_at: Date;
}

/** A feedback item as the inbox reads it: the `feedback` collection's document, declared once in feedback.ts. */
export type InboxFeedback = FeedbackDoc;

/** A reply as the inbox answers it: the stored reply with its date as ISO text. */
export type FeedbackReplyView = Omit<FeedbackReplyDoc, '_id' | 'sent_at'> & { id: string; sent_at: string };

/** A feedback item as the inbox answers it (`GET /api/admin/feedback`, the read toggle): dates as ISO text, with its replies. */
export type InboxItemView = Omit<InboxFeedback, '_id' | 'read_at' | 'created_at'> & {
  id: string;
  read_at: string | null;
  created_at: string;
  replies: FeedbackReplyView[];
};

/** The JSON shape of a reply. */
export function replyView(r: FeedbackReplyDoc): FeedbackReplyView {
  return { id: r._id, feedback_id: r.feedback_id, user_id: r.user_id, message: r.message, message_html: r.message_html, sent_to: r.sent_to, sent_at: r.sent_at.toISOString() };
}

/** The JSON shape of a feedback item with its replies. */
export function inboxItemView(f: InboxFeedback, replies: readonly FeedbackReplyDoc[]): InboxItemView {
  return {
    id: f._id,
    category: f.category,
    contact_email: f.contact_email,
    message: f.message,
    read_at: f.read_at ? f.read_at.toISOString() : null,
    created_at: f.created_at.toISOString(),
    replies: replies.map(replyView),
  };
}

/** The reply mail (rule 10): multipart, the subject, a quoted context block, nothing else about anyone. */
export function replyMail(input: { serviceName: string; reply: SanitizedReply; original: Pick<InboxFeedback, 'message' | 'created_at'> }): {
  subject: string;
  text: string;
  html: string;
} {
  const { serviceName, reply, original } = input;
  const when = utcDay(original.created_at);
  const quotedText = original.message.split(/\r?\n/).map((line) => `> ${line}`).join('\n');
  const text = `${reply.text}\n\n--\nOn ${when} you wrote to ${serviceName}:\n${quotedText}\n`;
  const quotedHtml = escapeHtml(original.message).replace(/\r?\n/g, '<br>');
  const subject = `Re: Your ${serviceName} feedback`;
  const html = mailDocument(
    subject,
    `<div>${reply.html}</div>` +
      `<p style="color:#5b6b66;font-size:13px;margin-top:2em">On ${when} you wrote to ${escapeHtml(serviceName)}:</p>` +
      `<blockquote style="margin:0 0 0 .8em;padding-left:.8em;border-left:3px solid #cdd;color:#445">${quotedHtml}</blockquote>`,
    `${MAIL_BODY_STYLE};font-size:15px`,
  );
  return { subject, text, html };
}
