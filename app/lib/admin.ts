/**
 * The admin UI's client logic (docs/games-admin-ui.md): the `/api/admin/*` client (same-origin
 * cookies), tolerant readers of its answers (every field checked before a component sees it), the
 * sources table's filters and actions, and the chart geometry. Pure (calls go through http.ts's
 * `request`); loaded only in the admin chunk, never with the reader.
 */
import { isRecord } from '../../core/domain/guards.ts';
import { SOURCE_STATUSES, type SourceHealthView } from '../../core/domain/source.ts';
import { errorMessage, UNREACHABLE, type Answer } from './http.ts';

/** A plain object from JSON. */
export type Rec = Record<string, unknown>;

/** A finite number, or 0. */
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** A finite number, or null. */
export const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A string, or ''. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A string, or null. */
export const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** The records of an array (anything else dropped). */
export const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRecord) : []);

/** A calm sentence for a failed call: the contract error's message, else a generic one. */
export function failureText(answer: Answer): string {
  if (answer.status === UNREACHABLE) return 'Tidings could not be reached. Nothing changed; please try again.';
  return errorMessage(answer.body) || `That did not work (${answer.status}). Nothing changed.`;
}

// ---- Sources ----

/** One row of the sources table: the fields it shows of the server's health view (`GET /api/admin/sources`). */
export type AdminSource = Pick<
  SourceHealthView,
  'id' | 'name' | 'feed_url' | 'homepage' | 'status' | 'content_visible' | 'paywalled' | 'review_reason' | 'last_error' | 'last_success_at' | 'failures' | 'served' | 'acceptance_rate'
>;

/** A source status from a form value, or '' for anything else. */
export const sourceStatus = (v: unknown): '' | AdminSource['status'] => SOURCE_STATUSES.find((s) => s === v) ?? '';

/** Read one source (null when its id, name or status is unusable). */
export function readSource(v: unknown): AdminSource | null {
  if (!isRecord(v)) return null;
  const status = sourceStatus(v.status);
  if (!status || !str(v.id) || typeof v.name !== 'string') return null;
  return {
    id: str(v.id),
    name: str(v.name),
    feed_url: str(v.feed_url),
    homepage: str(v.homepage),
    status,
    content_visible: v.content_visible !== false,
    paywalled: v.paywalled === true,
    review_reason: strOrNull(v.review_reason),
    last_error: strOrNull(v.last_error),
    last_success_at: strOrNull(v.last_success_at),
    failures: num(v.failures),
    served: num(v.served),
    acceptance_rate: num(v.acceptance_rate),
  };
}

// ---- OPML import ----


/** One line of an import summary. */
export interface ImportLine {
  name: string;
  url: string;
  /** The status it was added with, or why it is present or refused. */
  note: string;
}

/** What `POST /api/admin/sources/import` answered, read tolerantly. */
export interface ImportView {
  added: ImportLine[];
  present: ImportLine[];
  refused: ImportLine[];
}

const importLines = (v: unknown, note: (r: Rec) => string): ImportLine[] =>
  recs(v).map((r) => ({ name: str(r.name), url: str(r.feed_url) || str(r.url), note: note(r) }));

/** Read an import summary (null when the answer is not one). */
export function readImportSummary(v: unknown): ImportView | null {
  if (!isRecord(v) || !Array.isArray(v.added) || !Array.isArray(v.present) || !Array.isArray(v.refused)) return null;
  return {
    added: importLines(v.added, (r) => str(r.status)),
    present: importLines(v.present, (r) => str(r.reason)),
    refused: importLines(v.refused, (r) => str(r.reason)),
  };
}

/** The one-sentence outcome of an import. */
export function importSentence(view: ImportView, status: 'paused' | 'active'): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const added = view.added.length === 0 ? 'No new sources' : `${n(view.added.length, 'source', 'sources')} added${status === 'paused' ? ' (paused until you resume them)' : ' (active)'}`;
  return `${added}; ${n(view.present.length, 'was', 'were')} already present; ${n(view.refused.length, 'outline', 'outlines')} refused.`;
}

/** The sources table's filters. */
export interface SourceFilter {
  status: '' | AdminSource['status'];
  visibility: '' | 'visible' | 'hidden';
  flagged: boolean;
  failing: boolean;
}

/** Whether a source is failing (the same rule as the stats' `source_health.failing`). */
export const isFailing = (s: AdminSource): boolean => s.failures > 0 || s.last_error !== null;

/** The sources a filter keeps, in their order. */
export function filterSources(items: readonly AdminSource[], f: SourceFilter): AdminSource[] {
  return items.filter(
    (s) =>
      (!f.status || s.status === f.status) &&
      (!f.visibility || (f.visibility === 'visible') === s.content_visible) &&
      (!f.flagged || s.review_reason !== null) &&
      (!f.failing || isFailing(s)),
  );
}

/** The status buttons a source offers: pause/retire an active one, resume/retire a paused one, restore a retired one. */
export function statusActions(status: AdminSource['status']): Array<{ label: string; to: AdminSource['status'] }> {
  if (status === 'active') return [{ label: 'Pause', to: 'paused' }, { label: 'Retire', to: 'retired' }];
  if (status === 'paused') return [{ label: 'Resume', to: 'active' }, { label: 'Retire', to: 'retired' }];
  return [{ label: 'Restore', to: 'paused' }];
}

// ---- Charts ----

/** A numeric axis: nice ticks from 0 to at least `max`. */
export function niceTicks(max: number, count = 4): number[] {
  const top = Math.max(1, max);
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  // Counts are whole numbers, so a step is at least 1.
  const whole = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let t = 0; t < top + whole; t += whole) ticks.push(t);
  return ticks;
}

/** Plot box of a chart (SVG user units). */
export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Points of a line series across the box (x evenly spaced, y from 0 to `max`). */
export function linePoints(values: readonly number[], max: number, box: Box): Array<[number, number]> {
  const w = box.width - box.left - box.right;
  const h = box.height - box.top - box.bottom;
  const step = values.length > 1 ? w / (values.length - 1) : 0;
  const top = Math.max(1, max);
  return values.map((v, i) => [round2(box.left + i * step), round2(box.top + h - (h * Math.min(top, Math.max(0, v))) / top)]);
}

/** The `d` of an SVG path through the points. */
export const pathOf = (points: ReadonlyArray<[number, number]>): string => points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');

/** Horizontal bar widths for `values` within `width` (the largest fills it). */
export function barWidths(values: readonly number[], width: number): number[] {
  const max = Math.max(1, ...values);
  return values.map((v) => round2((width * Math.max(0, v)) / max));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A day key `YYYY-MM-DD` as a short label (`22 Nov`), read as UTC. */
export function shortDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  if (!Number.isFinite(t)) return day;
  return new Date(t).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

// ---- Reply editor ----

/** The four reply text sizes (SPEC.md reply rules), with the editor's names. */
export const REPLY_SIZES = [
  { px: 13, label: 'Small' },
  { px: 15, label: 'Normal' },
  { px: 18, label: 'Large' },
  { px: 22, label: 'Larger' },
] as const;

/** The px size a legacy `<font size>` (what `execCommand('fontSize')` writes) stands for, as the server maps it. */
export function legacySizePx(size: string | null): number | null {
  const n = Number(size);
  if (!Number.isInteger(n) || n < 1 || n > 7) return null;
  return n <= 2 ? 13 : n === 3 ? 15 : n === 4 ? 18 : 22;
}

/** The `<font size>` value the editor asks for to get `px` (mapped back by `legacySizePx`). */
export function legacySizeFor(px: number): string {
  return px <= 13 ? '2' : px <= 15 ? '3' : px <= 18 ? '4' : '5';
}

/** Whether an editor's HTML has any text worth sending. */
export function hasReplyText(text: string): boolean {
  return text.replace(/\s+/g, '') !== '';
}
