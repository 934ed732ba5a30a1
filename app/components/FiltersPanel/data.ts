/** Data the Calm Filters panel shows: tag families (`/api/families`) and the live hidden counts. */
import { fetchCategories, getJson, type CategoryCounts } from '../../lib/api.ts';
import { isRecord } from '../../../core/domain/guards.ts';
import { EMPTY_PREFS, prefsParam, type Prefs } from '../../lib/prefs.ts';

/** A tag family with its tags and their counts. */
export interface Family {
  id: string;
  name: string;
  tags: Array<{ id: string; name: string; count: number | null }>;
}

function tagFrom(entry: unknown, counts: unknown): Family['tags'][number] | null {
  const id = typeof entry === 'string' ? entry : isRecord(entry) && typeof entry.id === 'string' ? entry.id : null;
  if (!id || !/^[a-z0-9-]{1,40}$/.test(id)) return null;
  const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name : id.charAt(0).toUpperCase() + id.slice(1).replace(/-/g, ' ');
  const raw = isRecord(entry) ? entry.count : isRecord(counts) ? counts[id] : null;
  return { id, name, count: typeof raw === 'number' ? raw : null };
}

/** Parse `/api/families` tolerantly (a list, or `{families: [...]}`). */
export function parseFamilies(value: unknown): Family[] {
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.families) ? value.families : [];
  const out: Family[] = [];
  for (const f of list) {
    if (!isRecord(f) || typeof f.id !== 'string' || !Array.isArray(f.tags)) continue;
    const tags = f.tags.map((t) => tagFrom(t, f.counts)).filter((t): t is Family['tags'][number] => t !== null);
    out.push({ id: f.id, name: typeof f.name === 'string' ? f.name : f.id, tags });
  }
  return out;
}

/** Load the families once. */
export async function fetchFamilies(): Promise<Family[]> {
  return parseFamilies(await getJson('/api/families'));
}

/** What the filters hide: in total, and per topic / flavor if muted. */
export interface HiddenCounts {
  total: number;
  /** Counts under every boundary except the topic and flavor mutes: what muting each would hide. */
  byCategory: CategoryCounts;
}

const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);

/** Three `/api/categories` calls: no prefs, all prefs, and all prefs but the mutes. */
export async function fetchHiddenCounts(prefs: Prefs, now: Date): Promise<HiddenCounts | null> {
  const withoutMutes = { ...prefs, mute_topics: [], mute_flavors: [] };
  const [all, filtered, base] = await Promise.all([
    fetchCategories(prefsParam(EMPTY_PREFS, now)),
    fetchCategories(prefsParam(prefs, now)),
    fetchCategories(prefsParam(withoutMutes, now)),
  ]);
  if (!all || !filtered || !base) return null;
  return { total: Math.max(0, sum(all.topics) - sum(filtered.topics)), byCategory: base };
}
