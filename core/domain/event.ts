/**
 * Analytics events (SPEC.md "Events"): the kind whitelist, the visitor hash and the UTC day.
 *
 * Privacy model: the client's visitor token is a random value kept on the device. We keep only an
 * HMAC of it keyed with SESSION_SECRET, so a leaked database cannot be joined back to a device
 * without the secret, and no IP address, user agent, referrer or URL is part of a record.
 */
import { createHash, createHmac } from 'node:crypto';
import { utcDay } from './days.ts';

/** The whitelisted kinds, in SPEC.md's order; anything else is dropped. */
export const EVENT_KINDS = [
  'visit',
  'open',
  'share_svc',
  'copy_source',
  'native_share',
  'source_click',
  'summary_viewed',
  'full_story',
  'not_today',
  'less_like_this',
  'hide_topic',
  'replace_used',
  'replace_none',
  'paywall_replace',
  'paywalled_source_open',
] as const;

/** One whitelisted event kind. */
export type EventKind = (typeof EVENT_KINDS)[number];

const kinds: ReadonlySet<string> = new Set(EVENT_KINDS);

/** True when `value` is a whitelisted kind. */
export function isEventKind(value: unknown): value is EventKind {
  return typeof value === 'string' && kinds.has(value);
}

/** The stored visitor hash: hex HMAC-SHA256 of the token keyed with the session secret. */
export function visitorHash(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`visitor:${token}`).digest('hex');
}

/** An event row as stored in the `events` collection (exactly these keys, nothing else). */
export interface EventDoc {
  _id: string;
  kind: EventKind;
  article_id: string | null;
  visitor_hash: string;
  day: string;
}

/**
 * The row for one event. Its `_id` is derived from the uniqueness key (day, visitor hash, kind,
 * article), so repeats collapse onto one document even before the unique index exists.
 */
export function eventRecord(input: { kind: EventKind; articleId: string | null; visitorHash: string; now: Date }): EventDoc {
  const day = utcDay(input.now);
  const key = [day, input.visitorHash, input.kind, input.articleId ?? ''].join('\n');
  const _id = createHash('sha256').update(key).digest('base64url').slice(0, 24);
  return { _id, kind: input.kind, article_id: input.articleId, visitor_hash: input.visitorHash, day };
}
