/**
 * The one date format of Tidings (issue 21, item 6), for the app, the pages and the admin: relative
 * within 24 hours of `now` ("just now", "5 minutes ago", "3 hours ago", "in 2 hours"), otherwise a
 * short date ("20 Nov", with the year when it is not `now`'s year, and always on static pages, which
 * have no `now`); `full` is the complete date and time for a `<time>` element's title.
 */

/** A date as shown: its text, its full form and its ISO value (for `datetime`). */
export interface WhenText {
  text: string;
  full: string;
  iso: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How `at` reads at `now` (null `now`: no relative form); null for an invalid date. */
export function formatWhen(at: Date | string | number, now: Date | null, timeZone?: string): WhenText | null {
  const date = at instanceof Date ? at : new Date(at);
  const t = date.getTime();
  if (Number.isNaN(t)) return null;
  const zone = timeZone ? { timeZone } : {};
  const full = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', ...zone }).format(date);
  const iso = date.toISOString();
  if (now) {
    const diff = now.getTime() - t;
    const ahead = diff < 0;
    const gap = Math.abs(diff);
    if (gap < MINUTE) return { text: 'just now', full, iso };
    if (gap < DAY) {
      const span = gap < HOUR ? plural(Math.floor(gap / MINUTE), 'minute') : plural(Math.floor(gap / HOUR), 'hour');
      return { text: ahead ? `in ${span}` : `${span} ago`, full, iso };
    }
  }
  const yearOf = (d: Date) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', ...zone }).format(d);
  const withYear = !now || yearOf(now) !== yearOf(date);
  const text = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), ...zone }).format(date);
  return { text, full, iso };
}
