/**
 * Shows a sent reply's `message_html` without ever assigning HTML to the page: the (already
 * server-sanitized) markup is parsed in an inert document and rebuilt as Preact elements from the
 * reply allowlist only (strong, em, p, br, ul, ol, li, span with one of the four sizes); anything
 * else contributes its text. Defence in depth: a bad row in the database still cannot run script.
 */
import type { ComponentChild } from 'preact';
import { isOneOf } from '../../../core/domain/guards.ts';
import { REPLY_SIZES } from '../../lib/admin.ts';

const TAGS = ['strong', 'em', 'p', 'ul', 'ol', 'li'] as const;
const SIZES = new Set<string>(REPLY_SIZES.map((s) => `${s.px}px`));

function rebuild(node: Node, key: number): ComponentChild {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const children = [...node.childNodes].map((child, i) => rebuild(child, i));
  const tag = node.tagName.toLowerCase();
  if (tag === 'br') return <br key={key} />;
  if (isOneOf(TAGS, tag)) {
    const Tag = tag;
    return <Tag key={key}>{children}</Tag>;
  }
  const size = node instanceof HTMLElement ? node.style.fontSize : '';
  if (tag === 'span' && SIZES.has(size)) return <span key={key} style={`font-size:${size}`}>{children}</span>;
  return children;
}

/** The reply as elements. */
export function SafeReply({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return <div class="reply-body">{[...doc.body.childNodes].map((n, i) => rebuild(n, i))}</div>;
}
