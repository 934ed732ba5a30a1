/**
 * Dates that `Date.parse` refuses but a feed reader can still read: day and month names in other
 * languages ('Seg, 24 Set 2018 19:42:40 -0300', 'Τρι, 29 Ιούν 2004 12:53:00 GMT', '16. März 2022'),
 * a time written without a colon ('03 Apr 02 1500 GMT'), and Unix epoch seconds or milliseconds
 * ('1518478934'). Only the fallback after `Date.parse`: a date it reads is never read again here.
 * The text is cut to 120 characters and split once on spaces and commas (no backtracking).
 */

/** Month names and abbreviations, lower case with accents folded, in the languages feeds come in. */
const MONTH_WORDS: ReadonlyArray<readonly [number, string]> = [
  // English, Portuguese, Spanish, French, German, Italian, Dutch, Greek (abbreviations and full names)
  [1, 'jan january janeiro ene enero janv janvier januar jan gen gennaio januari ιαν ιανουαριου ιανουαριος'],
  [2, 'feb february fev fevereiro febrero fevr fevrier februar febbraio februari φεβ φεβρουαριου φεβρουαριος'],
  [3, 'mar march marco marzo mars marz maerz mrz maart mrt μαρ μαρτιου μαρτιος'],
  [4, 'apr april abr abril avr avril aprile απρ απριλιου απριλιος'],
  [5, 'may mai maio mayo mag maggio mei μαι μαιου μαιος'],
  [6, 'jun june junho junio juin juni giu giugno ιουν ιουνιου ιουνιος'],
  [7, 'jul july julho julio juil juillet juli lug luglio ιουλ ιουλιου ιουλιος'],
  [8, 'aug august ago agosto aout augustus αυγ αυγουστου αυγουστος'],
  [9, 'sep sept september set setembro septiembre setiembre septembre settembre σεπ σεπτεμβριου σεπτεμβριος'],
  [10, 'oct october out outubro octubre octobre okt oktober ott ottobre οκτ οκτωβριου οκτωβριος'],
  [11, 'nov november novembro noviembre novembre νοε νοεμβριου νοεμβριος'],
  [12, 'dec december dez dezembro dic diciembre decembre dezember dicembre δεκ δεκεμβριου δεκεμβριος'],
];

const MONTHS = new Map<string, number>(MONTH_WORDS.flatMap(([month, words]) => words.split(' ').map((w) => [w, month] as const)));

/** Offsets of the zone names RFC 822 allows besides numeric ones, in minutes east of UTC. */
const ZONES = new Map<string, number>([
  ['z', 0], ['ut', 0], ['utc', 0], ['gmt', 0],
  ['est', -300], ['edt', -240], ['cst', -360], ['cdt', -300], ['mst', -420], ['mdt', -360], ['pst', -480], ['pdt', -420],
]);

/** Lower case, accents folded (NFD without combining marks), a trailing dot dropped. */
function fold(word: string): string {
  return word.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\.$/, '');
}

/** A month from a word: the whole word, else its first four then three letters ('setembro' → 'set'). */
function monthOf(word: string): number | null {
  const folded = fold(word);
  return MONTHS.get(folded) ?? (folded.length > 3 ? MONTHS.get(folded.slice(0, 4)) ?? MONTHS.get(folded.slice(0, 3)) ?? null : null);
}

/** Epoch seconds (9–10 digits) or milliseconds (12–13 digits), else null. */
function epochTime(text: string): number | null {
  if (!/^\d{9,13}$/.test(text)) return null;
  if (text.length <= 10) return Number(text) * 1000;
  return text.length >= 12 ? Number(text) : null;
}

/** The parts of a day-month-year date, filled in as the tokens are read. */
interface Parts {
  day: number | null;
  month: number | null;
  year: number | null;
  hour: number;
  minute: number;
  second: number;
  offsetMinutes: number;
  pm: boolean | null;
}

/** Read one token into `parts`: a time, a zone, a month word, a year or a day. */
function readToken(token: string, parts: Parts): void {
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(token);
  if (time) {
    parts.hour = Number(time[1]);
    parts.minute = Number(time[2]);
    parts.second = Number(time[3] ?? 0);
    return;
  }
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(token);
  if (offset) {
    parts.offsetMinutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
    return;
  }
  const folded = fold(token);
  if (folded === 'am' || folded === 'pm') {
    parts.pm = folded === 'pm';
    return;
  }
  const zone = ZONES.get(folded);
  if (zone !== undefined) {
    parts.offsetMinutes = zone;
    return;
  }
  if (/^\d+\.?$/.test(token)) {
    const digits = token.replace('.', '');
    const value = Number(digits);
    if (digits.length === 4 && value >= 1970 && value <= 2100 && parts.year === null) parts.year = value;
    else if (digits.length === 4 && parts.year !== null) {
      // '1500' after the year: a time without its colon.
      parts.hour = Math.floor(value / 100);
      parts.minute = value % 100;
    } else if (digits.length <= 2 && parts.day === null && value >= 1 && value <= 31) parts.day = value;
    else if (digits.length === 2 && parts.day !== null && parts.year === null) parts.year = 2000 + value - (value >= 70 ? 100 : 0);
    return;
  }
  // Weekday names come before the month, so the last month word wins ('mar, 16 nov' is November).
  const month = monthOf(token);
  if (month !== null) parts.month = month;
}

/**
 * The time of a date `Date.parse` refuses (epoch or day and month names in another language),
 * or NaN. A date without a zone is read as UTC.
 */
export function parseLooseDate(raw: string): number {
  const text = raw.trim().slice(0, 120);
  const epoch = epochTime(text);
  if (epoch !== null) return epoch;
  const parts: Parts = { day: null, month: null, year: null, hour: 0, minute: 0, second: 0, offsetMinutes: 0, pm: null };
  for (const token of text.split(/[\s,]+/)) if (token) readToken(token, parts);
  const { day, month, year } = parts;
  if (day === null || month === null || year === null) return NaN;
  let hour = parts.hour;
  if (parts.pm === true && hour < 12) hour += 12;
  if (parts.pm === false && hour === 12) hour = 0;
  if (hour > 23 || parts.minute > 59 || parts.second > 60) return NaN;
  const time = Date.UTC(year, month - 1, day, hour, parts.minute, Math.min(parts.second, 59)) - parts.offsetMinutes * 60_000;
  // Date.UTC rolls 31 February over into March: such a date is not a date.
  return new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day ? time : NaN;
}
