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

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
// en-GB's short months, as ICU writes them (node 24 and Debian's chromium agree: "Sept").
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** A date's four written forms. */
interface WhenForms {
  full: string;
  short: string;
  shortYear: string;
  year: string;
}

/** The calendar fields of a date, in the reader's zone or in UTC. */
interface Fields {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

const fieldsOf = (d: Date, utc: boolean): Fields =>
  utc
    ? { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay(), hour: d.getUTCHours(), minute: d.getUTCMinutes() }
    : { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), weekday: d.getDay(), hour: d.getHours(), minute: d.getMinutes() };

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The en-GB forms written from the date's fields, in the reader's zone (no `timeZone`) or in UTC,
 * for the years 1000-9999; other zones and years go through `Intl.DateTimeFormat`. Making an
 * `Intl.DateTimeFormat` costs far more than formatting: a brief of 7 cards made 28 of them, about
 * 250 ms of main thread on Lighthouse's throttled phone, the largest self time of the home page.
 * The output is the same (test/app/words.test.ts compares the two over many dates).
 */
export function ownForms(date: Date, timeZone: string | undefined): WhenForms | null {
  if (timeZone !== undefined && timeZone !== 'UTC') return null;
  const f = fieldsOf(date, timeZone === 'UTC');
  if (f.year < 1000 || f.year > 9999) return null;
  const short = `${f.day} ${SHORT_MONTHS[f.month]}`;
  return {
    full: `${DAYS[f.weekday]}, ${f.day} ${MONTHS[f.month]} ${f.year} at ${two(f.hour)}:${two(f.minute)}`,
    short,
    shortYear: `${short} ${f.year}`,
    year: String(f.year),
  };
}

/** The same forms through `Intl.DateTimeFormat` (any zone, any year); `ownForms`' reference. */
export function intlForms(date: Date, timeZone: string | undefined): WhenForms {
  const zone = timeZone ? { timeZone } : {};
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, ...zone }).format(date);
  return {
    full: format({ dateStyle: 'full', timeStyle: 'short' }),
    short: format({ day: 'numeric', month: 'short' }),
    shortYear: format({ day: 'numeric', month: 'short', year: 'numeric' }),
    year: format({ year: 'numeric' }),
  };
}

const whenForms = (date: Date, timeZone?: string) => ownForms(date, timeZone) ?? intlForms(date, timeZone);

/** How `at` reads at `now` (null `now`: no relative form); null for an invalid date. */
export function formatWhen(at: Date | string | number, now: Date | null, timeZone?: string): WhenText | null {
  const date = at instanceof Date ? at : new Date(at);
  const t = date.getTime();
  if (Number.isNaN(t)) return null;
  const forms = whenForms(date, timeZone);
  const full = forms.full;
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
  const withYear = !now || whenForms(now, timeZone).year !== forms.year;
  const text = withYear ? forms.shortYear : forms.short;
  return { text, full, iso };
}
