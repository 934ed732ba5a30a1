/**
 * The taxonomy as readers browse it (SPEC.md "Taxonomy"): the lane pool (moods, primary topics and
 * high-volume Discovery tags; Highlights and Latest pinned; the moods selected by default) and the
 * tag families with per-tag counts, both counted over the current public pool.
 */
import { MOODS, TAG_FAMILIES, TOPICS, displayName } from '../domain/taxonomy.ts';
import { listsOf, type Snapshot } from './snapshot.ts';

/** One quick-access lane. `id` is `<kind>:<value>` except for the two pinned lanes. */
export interface Lane {
  id: string;
  kind: 'pinned' | 'mood' | 'topic' | 'tag';
  value: string;
  name: string;
  /** Articles in the public pool for topic and tag lanes. */
  count?: number;
}

/** A Discovery tag becomes a lane from this many public articles on. */
export const HIGH_VOLUME_MIN = 3;
/** At most this many tag lanes, the busiest first. */
export const MAX_TAG_LANES = 6;

/** The `/api/lanes` body. */
export function lanePool(s: Snapshot): { pinned: Lane[]; pool: Lane[]; default: string[] } {
  const pinned: Lane[] = [
    { id: 'highlights', kind: 'pinned', value: 'highlights', name: 'Highlights' },
    { id: 'latest', kind: 'pinned', value: 'latest', name: 'Latest' },
  ];
  const moods: Lane[] = MOODS.map((m) => ({ id: `mood:${m.id}`, kind: 'mood', value: m.id, name: m.name }));
  const topics: Lane[] = TOPICS.map((t) => ({
    id: `topic:${t.id}`, kind: 'topic', value: t.id, name: t.name, count: listsOf(s.byTopic, t.id).ranked.length,
  }));
  const discovery = TAG_FAMILIES.find((f) => f.id === 'discovery')?.tags ?? [];
  const tags: Lane[] = discovery
    .map((id): Lane => ({ id: `tag:${id}`, kind: 'tag', value: id, name: displayName(id), count: listsOf(s.byTag, id).ranked.length }))
    .filter((l) => (l.count ?? 0) >= HIGH_VOLUME_MIN)
    .sort((a, b) => (b.count ?? 0) - (a.count ?? 0))
    .slice(0, MAX_TAG_LANES);
  return { pinned, pool: [...moods, ...topics, ...tags], default: moods.map((l) => l.id) };
}

/** The `/api/families` body: every family with each tag's public article count. */
export function familyCounts(s: Snapshot): { families: Array<{ id: string; name: string; tags: Array<{ id: string; name: string; count: number }> }> } {
  return {
    families: TAG_FAMILIES.map((f) => ({
      id: f.id,
      name: f.name,
      tags: f.tags.map((id) => ({ id, name: displayName(id), count: listsOf(s.byTag, id).ranked.length })),
    })),
  };
}

/** One source a reader can see: its id, name and how many public articles it has. */
export interface SourceEntry {
  id: string;
  name: string;
  count: number;
}

/** The `/api/sources` body: the visible sources with articles in the public pool, by name. */
export function sourceList(s: Snapshot): { sources: SourceEntry[] } {
  const sources: SourceEntry[] = [];
  for (const [id, lists] of s.bySource) {
    const first = lists.ranked[0];
    if (first) sources.push({ id, name: first.card.source_name, count: lists.ranked.length });
  }
  return { sources: sources.sort((a, b) => a.name.localeCompare(b.name, 'en')) };
}
