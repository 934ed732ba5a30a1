/**
 * Calm Filters: the device-local boundaries (CONTRACT.md `prefs` field names), their tolerant
 * parsing from storage, the compact JSON sent as `prefs` on every request, and a pure client-side
 * filter used only to hide cards of the pre-built brief before the server answers (the server
 * applies the same boundaries authoritatively).
 */
import { isRecord, type Card } from './cards.ts';

/** A pause: hide a topic, flavor, tag, term or source until a moment. */
export interface Pause {
  kind: 'topic' | 'flavor' | 'tag' | 'term' | 'source';
  value: string;
  /** ISO-8601. */
  until: string;
}

/** The prefs blob. */
export interface Prefs {
  include_topics: string[];
  mute_topics: string[];
  include_flavors: string[];
  mute_flavors: string[];
  mute_tags: string[];
  avoid_terms: string[];
  pauses: Pause[];
  max_cortisol: number | null;
  max_ragebait: number | null;
  /** The reader's lane selection (ids from /api/lanes); null means the default (the moods). */
  lanes: string[] | null;
}

/** No boundaries at all. */
export const EMPTY_PREFS: Prefs = {
  include_topics: [],
  mute_topics: [],
  include_flavors: [],
  mute_flavors: [],
  mute_tags: [],
  avoid_terms: [],
  pauses: [],
  max_cortisol: null,
  max_ragebait: null,
  lanes: null,
};

const PAUSE_KINDS = new Set(['topic', 'flavor', 'tag', 'term', 'source']);

function strings(value: unknown, max = 100): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value) {
    if (typeof v !== 'string') continue;
    const s = v.trim().slice(0, 80);
    if (s && !out.includes(s)) out.push(s);
  }
  return out.slice(0, max);
}

function ceiling(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10 ? value : null;
}

function isPauseKind(value: unknown): value is Pause['kind'] {
  return typeof value === 'string' && PAUSE_KINDS.has(value);
}

/** Parse prefs from untrusted JSON (storage, an account); malformed parts are dropped, never thrown. */
export function parsePrefs(value: unknown): Prefs {
  if (!isRecord(value)) return { ...EMPTY_PREFS };
  const pauses: Pause[] = [];
  if (Array.isArray(value.pauses)) {
    for (const p of value.pauses) {
      if (!isRecord(p) || !isPauseKind(p.kind) || typeof p.value !== 'string' || !p.value.trim()) continue;
      if (typeof p.until !== 'string' || Number.isNaN(Date.parse(p.until))) continue;
      pauses.push({ kind: p.kind, value: p.value.trim().slice(0, 80), until: new Date(p.until).toISOString() });
    }
  }
  return {
    include_topics: strings(value.include_topics),
    mute_topics: strings(value.mute_topics),
    include_flavors: strings(value.include_flavors),
    mute_flavors: strings(value.mute_flavors),
    mute_tags: strings(value.mute_tags),
    avoid_terms: strings(value.avoid_terms),
    pauses,
    max_cortisol: ceiling(value.max_cortisol),
    max_ragebait: ceiling(value.max_ragebait),
    lanes: Array.isArray(value.lanes) ? strings(value.lanes, 30) : null,
  };
}

/** Drop pauses whose time has come (an expired pause does nothing, and clutters the panel). */
export function withoutExpired(prefs: Prefs, now: Date): Prefs {
  const pauses = prefs.pauses.filter((p) => Date.parse(p.until) > now.getTime());
  return pauses.length === prefs.pauses.length ? prefs : { ...prefs, pauses };
}

/** The moment the next active pause expires, or null (the app re-filters then). */
export function nextExpiry(prefs: Prefs, now: Date): number | null {
  const times = prefs.pauses.map((p) => Date.parse(p.until)).filter((t) => t > now.getTime());
  return times.length ? Math.min(...times) : null;
}

/** The compact `prefs` query value: only non-empty fields; '' when there is nothing to send. */
export function prefsParam(prefs: Prefs, now: Date): string {
  const active = withoutExpired(prefs, now);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(active)) {
    if (Array.isArray(value) ? value.length > 0 : value !== null) out[key] = value;
  }
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

/** True when any boundary (not counting the lane selection) is set. */
export function hasBoundaries(prefs: Prefs, now: Date): boolean {
  const { lanes: _lanes, ...rest } = withoutExpired(prefs, now);
  return prefsParam({ ...rest, lanes: null }, now) !== '';
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when `term` occurs in `text` on word boundaries, case-insensitively (SPEC.md avoid-terms). */
export function matchesTerm(text: string, term: string): boolean {
  const t = term.trim();
  if (!t) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(t)}(?=$|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

/** True when the card passes the reader's boundaries at `now` (client-side mirror of the server filter). */
export function passes(card: Card, prefs: Prefs, now: Date): boolean {
  const p = withoutExpired(prefs, now);
  const text = `${card.title} ${card.summary ?? ''} ${card.why}`;
  const terms = [...p.avoid_terms, ...p.pauses.filter((x) => x.kind === 'term').map((x) => x.value)];
  if (terms.some((term) => matchesTerm(text, term))) return false;
  const paused = (kind: Pause['kind'], value: string) => p.pauses.some((x) => x.kind === kind && x.value === value);
  if (p.mute_topics.includes(card.topic) || paused('topic', card.topic)) return false;
  if (p.mute_flavors.includes(card.flavor) || paused('flavor', card.flavor)) return false;
  if (card.tags.some((tag) => p.mute_tags.includes(tag) || paused('tag', tag))) return false;
  if (paused('source', card.source_id)) return false;
  if (p.include_topics.length && !p.include_topics.includes(card.topic)) return false;
  if (p.include_flavors.length && !p.include_flavors.includes(card.flavor)) return false;
  if (p.max_cortisol !== null && card.cortisol !== null && card.cortisol > p.max_cortisol) return false;
  if (p.max_ragebait !== null && card.ragebait !== null && card.ragebait > p.max_ragebait) return false;
  return true;
}

/** Add a value to a list field once. */
export function addTo(list: string[], value: string): string[] {
  const v = value.trim();
  return v && !list.some((x) => x.toLowerCase() === v.toLowerCase()) ? [...list, v] : list;
}
