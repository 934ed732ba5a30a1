/**
 * Calm Filters as a reader's device keeps them (the reader app bundles this module): the `prefs`
 * JSON it stores and sends (CONTRACT.md field names, pauses with ISO `until`, plus its lane
 * selection, which the server ignores), and the boundary filter it runs on the brief it paints
 * before the server answers. Both go through the server's own rules: `parsePrefs` reads the blob,
 * `activeBoundaries` + `withinBoundaries` filter, and a card's avoid-term text is `avoidText`, so the
 * device and the server cannot disagree about which card a boundary hides.
 */
import type { DeviceCard } from './article.ts';
import { withinBoundaries, type Filterable } from './filter.ts';
import { isRecord } from './guards.ts';
import { activeBoundaries, avoidText, EMPTY_PREFS, parsePrefs, stringList, type Pause, type Prefs } from './prefs.ts';

/** A pause as JSON: `until` is ISO-8601 text. */
export type DevicePause = Omit<Pause, 'until'> & { until: string };

/** The device's prefs blob. */
export type DevicePrefs = Omit<Prefs, 'pauses'> & {
  pauses: DevicePause[];
  /** The reader's lane selection (ids from /api/lanes); null means the default (the moods). */
  lanes: string[] | null;
};

/** No boundaries at all. */
export const EMPTY_DEVICE_PREFS: DevicePrefs = Object.freeze({ ...EMPTY_PREFS, pauses: [], lanes: null });

/** Lane selections kept at most. */
const MAX_LANES = 30;

/**
 * Parse the device's blob (storage, an account) with the server's parser; avoid-terms keep the
 * reader's spelling. Malformed parts are dropped, never thrown.
 */
export function parseDevicePrefs(raw: unknown): DevicePrefs {
  const prefs = parsePrefs(raw, { keepCase: true });
  const lanes = isRecord(raw) && Array.isArray(raw.lanes) ? stringList(raw.lanes).slice(0, MAX_LANES) : null;
  return { ...prefs, pauses: prefs.pauses.map((p) => ({ ...p, until: p.until.toISOString() })), lanes };
}

/** Drop pauses whose time has come (an expired pause does nothing, and clutters the panel). */
export function withoutExpired(prefs: DevicePrefs, now: Date): DevicePrefs {
  const pauses = prefs.pauses.filter((p) => Date.parse(p.until) > now.getTime());
  return pauses.length === prefs.pauses.length ? prefs : { ...prefs, pauses };
}

/** The moment the next active pause expires, or null (the app re-filters then). */
export function nextExpiry(prefs: DevicePrefs, now: Date): number | null {
  const times = prefs.pauses.map((p) => Date.parse(p.until)).filter((t) => t > now.getTime());
  return times.length ? Math.min(...times) : null;
}

/** The compact `prefs` query value: only non-empty fields; '' when there is nothing to send. */
export function prefsParam(prefs: DevicePrefs, now: Date): string {
  const active = withoutExpired(prefs, now);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(active)) {
    if (Array.isArray(value) ? value.length > 0 : value !== null) out[key] = value;
  }
  return Object.keys(out).length ? JSON.stringify(out) : '';
}

/** True when any boundary (not counting the lane selection) is set. */
export function hasBoundaries(prefs: DevicePrefs, now: Date): boolean {
  return prefsParam({ ...prefs, lanes: null }, now) !== '';
}

/** Add a value to a list field once (case-insensitively). */
export function addTo(list: string[], value: string): string[] {
  const v = value.trim();
  return v && !list.some((x) => x.toLowerCase() === v.toLowerCase()) ? [...list, v] : list;
}

/** What the boundary filter reads from a card. */
export type FilterableCard = Pick<DeviceCard, 'id' | 'title' | 'why' | 'line' | 'summary' | 'source_id' | 'topic' | 'flavor' | 'tags' | 'cortisol' | 'ragebait'>;

/** The card as the server's filter sees an article: its avoid-term text built as the server builds it. */
function filterable(card: FilterableCard): Filterable {
  const { id, source_id, topic, flavor, tags, cortisol, ragebait } = card;
  return { id, source_id, topic, flavor, tags, cortisol, ragebait, text: avoidText(card, card.summary) };
}

/** The cards that pass the reader's boundaries at `now`: the server's `withinBoundaries`, fed what the device sends. */
export function passingCards<C extends FilterableCard>(cards: readonly C[], prefs: DevicePrefs, now: Date): C[] {
  const boundaries = activeBoundaries(parsePrefs(prefsParam(prefs, now)), now);
  return cards.filter((card) => withinBoundaries(filterable(card), boundaries));
}
