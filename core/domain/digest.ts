/**
 * The daily digest (SPEC.md: a daily e-mail with List-Unsubscribe and one-click unsubscribe,
 * RFC 8058): when a reader is due, the signed unsubscribe token, and the message itself. Pure:
 * the clock, the secret and the items come in as arguments.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isValidId } from './guards.ts';
import { escapeHtml, MAIL_BODY_STYLE, mailDocument, safeHref } from './html.ts';

/** A reader's digest preference as stored in `digest_subscriptions` (`_id` is the user id). */
export interface DigestSubscription {
  _id: string;
  enabled: boolean;
  /** Local hour of day 0–23 at which the digest is sent (default 7). */
  hour: number;
  /** IANA time zone of the reader (default UTC). */
  time_zone: string;
  updated_at: Date;
}

/** The digest preference as answered (`GET` / `PUT /api/digest`) and as the reader app reads it. */
export type DigestPrefView = Pick<DigestSubscription, 'enabled' | 'hour' | 'time_zone'>;

/** Default send hour (07:00 local). */
export const DEFAULT_DIGEST_HOUR = 7;

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The reader's local calendar day (`YYYY-MM-DD`) and hour at `now`. */
export function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** The local day a subscription is due for at `now`, or null when its hour has not come yet today. */
export function dueDay(sub: Pick<DigestSubscription, 'enabled' | 'hour' | 'time_zone'>, now: Date): string | null {
  if (!sub.enabled) return null;
  const { day, hour } = localDayAndHour(now, sub.time_zone);
  return hour >= sub.hour ? day : null;
}

/** Delay before retry `attempt` (1-based) of a failed send: 5, 10, 20 … minutes, capped at 2 hours. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000 * 2 ** Math.max(0, attempt - 1), 2 * 60 * 60_000);
}

function signature(userId: string, secret: string): string {
  return createHmac('sha256', secret).update(`digest-unsubscribe:${userId}`).digest('base64url');
}

/** The signed unsubscribe token for a user: `<user id>.<HMAC>`. */
export function unsubscribeToken(userId: string, secret: string): string {
  return `${userId}.${signature(userId, secret)}`;
}

/** The user id a token was signed for, or null when it is malformed or tampered with. */
export function verifyUnsubscribeToken(token: unknown, secret: string): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  if (!isValidId(userId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(userId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** One story in the digest. */
export interface DigestItem {
  id: string;
  title: string;
  summary: string;
  source_name: string;
  url: string;
}

/** The composed e-mail: subject, both parts and the RFC 2369 / RFC 8058 headers. */
export interface DigestMessage {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The mailbox part of a From header (`Name <a@b>` → `a@b`). */
export function mailboxOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Compose the digest mail. No tracking pixels and no tracking links: `/a` links are plain. */
export function composeDigest(input: {
  serviceName: string;
  baseUrl: string;
  mailFrom: string;
  day: string;
  items: DigestItem[];
  unsubscribeUrl: string;
}): DigestMessage {
  const { serviceName, baseUrl, items } = input;
  const link = (id: string) => `${baseUrl}/a/${encodeURIComponent(id)}`;
  const subject = `Your calm brief for ${input.day} · ${serviceName}`;
  const text = [
    `Good morning. Here are today's ${items.length} calm stories from ${serviceName}.`,
    '',
    ...items.flatMap((item, i) => [`${i + 1}. ${item.title}`, `   ${item.summary}`, `   ${item.source_name} · ${link(item.id)}`, '']),
    `You receive this because you turned on the daily digest. Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  const html = mailDocument(
    subject,
    `<h1 style="font-size:1.3rem">Today's calm brief</h1>
<ol style="padding-left:1.2rem">
${items
  .map(
    (item) => `<li style="margin-bottom:1rem"><a href="${escapeHtml(safeHref(link(item.id)))}" style="font-weight:600;color:#2f7d5b">${escapeHtml(item.title)}</a><br>
<span>${escapeHtml(item.summary)}</span><br><small style="color:#5b6b66">${escapeHtml(item.source_name)}</small></li>`,
  )
  .join('\n')}
</ol>
<p style="font-size:.85rem;color:#5b6b66">You receive this because you turned on the daily digest of ${escapeHtml(serviceName)}. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a>.</p>`,
    `${MAIL_BODY_STYLE};max-width:36rem;margin:0 auto;padding:1rem`,
  );
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>, <mailto:${mailboxOf(input.mailFrom)}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
