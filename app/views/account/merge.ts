/**
 * Pure rules of the first sign-in and of prefs sync: how the device's Calm Filters and the
 * account's combine, the device history kept for anonymous readers until they sign in, and the
 * canonical form that decides whether the account needs a `PUT /api/prefs`.
 *
 * Merging never loosens a boundary: lists are united, a pause keeps its later end, a ceiling keeps
 * the stricter value. Only the lane selection is a taste rather than a boundary: the account's wins.
 */
import { isValidId, isRecord } from '../../../core/domain/guards.ts';
import { isHistoryEvent, type HistoryEvent } from '../../../core/domain/user.ts';
import { addTo, withoutExpired, type Pause, type Prefs } from '../../lib/prefs.ts';

/** A history entry kept on the device while signed out (CONTRACT.md import body entry). */
export interface DeviceHistoryEntry {
  article_id: string;
  event: HistoryEvent;
  /** ISO-8601. */
  at: string;
}

/** Most entries kept on the device: one `POST /api/import` takes at most 500. */
export const DEVICE_HISTORY_MAX = 500;
/** Entries per list after a merge (the parser's own cap). */
const LIST_MAX = 100;

function union(a: string[], b: string[]): string[] {
  let out: string[] = [];
  for (const v of [...a, ...b]) out = addTo(out, v);
  return out.slice(0, LIST_MAX);
}

function stricter(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

function mergePauses(a: Pause[], b: Pause[]): Pause[] {
  const byKey = new Map<string, Pause>();
  for (const p of [...a, ...b]) {
    const key = `${p.kind}\u0000${p.value.toLowerCase()}`;
    const seen = byKey.get(key);
    if (!seen || Date.parse(p.until) > Date.parse(seen.until)) byKey.set(key, p);
  }
  return [...byKey.values()];
}

/** The device's and the account's prefs combined (account null: it has none yet, the device's stand). */
export function mergePrefs(device: Prefs, account: Prefs | null, now: Date): Prefs {
  const d = withoutExpired(device, now);
  if (!account) return d;
  const a = withoutExpired(account, now);
  return {
    include_topics: union(a.include_topics, d.include_topics),
    mute_topics: union(a.mute_topics, d.mute_topics),
    include_flavors: union(a.include_flavors, d.include_flavors),
    mute_flavors: union(a.mute_flavors, d.mute_flavors),
    mute_tags: union(a.mute_tags, d.mute_tags),
    avoid_terms: union(a.avoid_terms, d.avoid_terms),
    pauses: mergePauses(a.pauses, d.pauses),
    max_cortisol: stricter(a.max_cortisol, d.max_cortisol),
    max_ragebait: stricter(a.max_ragebait, d.max_ragebait),
    lanes: a.lanes ?? d.lanes,
  };
}

/**
 * The body of `PUT /api/prefs`: active pauses only, and `lanes` omitted while it is the default
 * (null), because the server stores a sent `lanes` as a list and `[]` would mean "no lanes".
 */
export function prefsForServer(prefs: Prefs, now: Date): Record<string, unknown> {
  const { lanes, ...rest } = withoutExpired(prefs, now);
  return lanes === null ? { ...rest } : { ...rest, lanes };
}

/** A stable string of what the account would store; equal strings need no sync. */
export function canonicalPrefs(prefs: Prefs, now: Date): string {
  return JSON.stringify(prefsForServer(prefs, now));
}

/** True when the account holds no prefs yet (`GET /api/prefs` answers `{}`). */
export function isEmptyAccountPrefs(value: unknown): boolean {
  return isRecord(value) && Object.keys(value).length === 0;
}

/** Parse the device history from storage, dropping malformed entries. */
export function parseDeviceHistory(value: unknown): DeviceHistoryEntry[] {
  if (!Array.isArray(value)) return [];
  const out: DeviceHistoryEntry[] = [];
  const seen = new Set<string>();
  for (const v of value) {
    if (!isRecord(v) || !isValidId(v.article_id) || seen.has(v.article_id)) continue;
    if (!isHistoryEvent(v.event)) continue;
    if (typeof v.at !== 'string' || Number.isNaN(Date.parse(v.at))) continue;
    seen.add(v.article_id);
    out.push({ article_id: v.article_id, event: v.event, at: new Date(v.at).toISOString() });
  }
  return out.slice(0, DEVICE_HISTORY_MAX);
}

/** Record a deliberate event: one entry per article (the latest wins), newest first, capped. */
export function addDeviceHistory(list: DeviceHistoryEntry[], articleId: string, event: DeviceHistoryEntry['event'], now: Date): DeviceHistoryEntry[] {
  if (!isValidId(articleId)) return list;
  const rest = list.filter((e) => e.article_id !== articleId);
  return [{ article_id: articleId, event, at: now.toISOString() }, ...rest].slice(0, DEVICE_HISTORY_MAX);
}

/** The hour as the reader's clock shows it (`07:00`, or `7 AM` where that is the custom). */
export function hourLabel(hour: number, locale?: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2020, 0, 1, hour));
  } catch {
    return `${String(hour).padStart(2, '0')}:00`;
  }
}
