/**
 * UTC calendar days as `YYYY-MM-DD`: the one rule for the day a moment falls on and for counting
 * days, shared by the word games (their daily puzzle, streaks), the privacy-safe events (one visit a
 * device a day), the admin's daily series, the feedback caps and the browser app. Pure: callers
 * pass the moment.
 */

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of `now`, as `YYYY-MM-DD`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** True when `value` is a real `YYYY-MM-DD` day. */
export function isUtcDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The day `days` after `day` (negative goes back). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date((dayNumber(day) + days) * DAY_MS));
}
