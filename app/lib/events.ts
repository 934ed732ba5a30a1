/**
 * Analytics events (SPEC.md "Events"): a random visitor token kept on the device (the server only
 * stores its keyed hash), sent with `navigator.sendBeacon` so a click that navigates away still
 * counts; `visit` at most once per UTC day. Nothing else about the reader is sent.
 */
import { utcDay } from '../../core/domain/days.ts';
import type { EventKind } from '../../core/domain/event.ts';
import { isVisitorToken } from '../../core/domain/guards.ts';
import { request } from './http.ts';
import { readJson, writeJson } from './storage.ts';

/** A fresh random visitor token (128 bits, url-safe). */
export function newVisitorToken(random: (bytes: Uint8Array) => Uint8Array): string {
  const bytes = random(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device's visitor token, created once. */
export function visitorToken(): string {
  const stored = readJson('visitor');
  if (isVisitorToken(stored)) return stored;
  const token = newVisitorToken((b) => crypto.getRandomValues(b));
  writeJson('visitor', token);
  return token;
}

/** True when a `visit` should be sent: none was sent on this UTC day. */
export function shouldSendVisit(lastVisitDay: unknown, now: Date): boolean {
  return lastVisitDay !== utcDay(now);
}

/** The JSON body of `POST /api/events` (CONTRACT.md). */
export function eventBody(kind: EventKind, articleId: string | null, visitor: string): string {
  return JSON.stringify(articleId ? { kind, article_id: articleId, visitor } : { kind, visitor });
}

/** Send one event; a beacon when the browser has one, else a keepalive fetch. Never throws. */
export function sendEvent(kind: EventKind, articleId: string | null = null): void {
  try {
    const body = eventBody(kind, articleId, visitorToken());
    // A string beacon goes as text/plain (CORS-safelisted); the events route parses it as JSON.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/events', body)) return;
    void request('/api/events', { jsonText: body, keepalive: true });
  } catch {
    // Analytics must never get in the reader's way.
  }
}

/** POST a record that must survive navigation (history entries): a keepalive fetch with the session cookie. */
export function sendKeepalive(path: string, payload: unknown): void {
  void request(path, { json: payload, keepalive: true });
}

/** Send `visit` once per UTC day. */
export function recordVisit(now: Date): void {
  if (!shouldSendVisit(readJson('visit_day'), now)) return;
  writeJson('visit_day', utcDay(now));
  sendEvent('visit');
}
