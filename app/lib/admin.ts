/**
 * The admin UI's client logic (docs/games-admin-ui.md): a failed call's sentence, the sources
 * table's filters and actions, the import's outcome, the chart geometry and the reply editor's
 * sizes (the answers' readers are admin-answers.ts). Pure (calls go through http.ts's
 * `request`); loaded only in the admin chunk, never with the reader.
 */
import type { ImportSummary } from '../../core/domain/opml.ts';
import { isFailingSource, type ImportStatus } from '../../core/domain/source.ts';
import type { AdminSource } from './admin-answers.ts';
import { errorMessage, UNREACHABLE, type Answer } from './http.ts';

/** A calm sentence for a failed call: the contract error's message, else a generic one. */
export function failureText(answer: Answer): string {
  if (answer.status === UNREACHABLE) return 'Tidings could not be reached. Nothing changed; please try again.';
  return errorMessage(answer.body) || `That did not work (${answer.status}). Nothing changed.`;
}

// ---- Sources ----

/** The one-sentence outcome of an OPML import. */
export function importSentence(summary: ImportSummary, status: ImportStatus): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const added = summary.added.length === 0 ? 'No new sources' : `${n(summary.added.length, 'source', 'sources')} added${status === 'paused' ? ' (paused until you resume them)' : ' (active)'}`;
  return `${added}; ${n(summary.present.length, 'was', 'were')} already present; ${n(summary.refused.length, 'outline', 'outlines')} refused.`;
}

/** The sources table's filters. */
export interface SourceFilter {
  status: '' | AdminSource['status'];
  visibility: '' | 'visible' | 'hidden';
  flagged: boolean;
  failing: boolean;
}


/** The sources a filter keeps, in their order. */
export function filterSources(items: readonly AdminSource[], f: SourceFilter): AdminSource[] {
  return items.filter(
    (s) =>
      (!f.status || s.status === f.status) &&
      (!f.visibility || (f.visibility === 'visible') === s.content_visible) &&
      (!f.flagged || s.review_reason !== null) &&
      (!f.failing || isFailingSource(s)),
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
