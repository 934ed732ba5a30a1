/**
 * Polite polling as pure rules: when a source is polled next after a success, a 304 or a failure.
 * Failures back off exponentially with jitter, capped at 24 h and never giving up for good;
 * `Retry-After` on 429/503 is honoured (miniflux#3334, FreshRSS#7571 ask for exactly this).
 */

/** Normal interval between successful polls of one source. */
export const POLL_INTERVAL_MS = 30 * 60 * 1000;
/** First backoff step after a failure. */
export const BACKOFF_BASE_MS = 10 * 60 * 1000;
/** No wait is ever longer than this (backoff and Retry-After alike): a source is never abandoned. */
export const MAX_WAIT_MS = 24 * 60 * 60 * 1000;

/** `random` returns a number in [0, 1); injected so tests are deterministic. */
export type Random = () => number;

/** Backoff after `failures` consecutive failures (1 = first): base·2^(n-1), ±20 % jitter, capped at 24 h. */
export function backoffMs(failures: number, random: Random): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 20);
  const raw = BACKOFF_BASE_MS * 2 ** exponent;
  const jittered = raw * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, MAX_WAIT_MS));
}

/** The normal interval with ±10 % jitter so sources do not all fall due in the same minute. */
export function intervalMs(random: Random): number {
  return Math.round(POLL_INTERVAL_MS * (0.9 + 0.2 * random()));
}

/**
 * Parse `Retry-After` (delta-seconds or an HTTP date) into milliseconds from `now`, capped at 24 h;
 * null when absent or unparsable, 0 when it names the past.
 */
export function retryAfterMs(header: string | null | undefined, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, MAX_WAIT_MS);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.min(Math.max(date - now.getTime(), 0), MAX_WAIT_MS);
}

/** What happened on one poll attempt. */
export type PollOutcome =
  | { kind: 'ok'; etag: string | null; lastModified: string | null }
  | { kind: 'not_modified' }
  | { kind: 'failed'; error: string; status?: number; retryAfterMs?: number | null };

/** The source health fields one attempt sets (SourceDoc names). */
export interface HealthUpdate {
  last_attempt_at: Date;
  next_poll_at: Date;
  failures: number;
  retry_after: Date | null;
  last_error: string | null;
  last_success_at?: Date;
  etag?: string | null;
  last_modified?: string | null;
}

/** The health update for an outcome, given the failures so far. A 304 counts as a success. */
export function healthAfter(outcome: PollOutcome, previousFailures: number, now: Date, random: Random): HealthUpdate {
  const at = (ms: number) => new Date(now.getTime() + ms);
  if (outcome.kind === 'failed') {
    const failures = previousFailures + 1;
    const backoff = backoffMs(failures, random);
    const retry = outcome.retryAfterMs ?? null;
    const wait = retry !== null ? Math.max(retry, backoff) : backoff;
    return {
      last_attempt_at: now,
      next_poll_at: at(Math.min(wait, MAX_WAIT_MS)),
      failures,
      retry_after: retry !== null ? at(retry) : null,
      last_error: outcome.error.slice(0, 300),
    };
  }
  const update: HealthUpdate = { last_attempt_at: now, last_success_at: now, next_poll_at: at(intervalMs(random)), failures: 0, retry_after: null, last_error: null };
  if (outcome.kind === 'ok') {
    update.etag = outcome.etag;
    update.last_modified = outcome.lastModified;
  }
  return update;
}
