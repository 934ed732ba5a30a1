/**
 * Lanes (SPEC.md Taxonomy): Highlights and Latest are pinned; the rest come from the `/api/lanes`
 * pool (moods, topics, Discovery tags). The default selection is the moods; the reader's own
 * selection lives in `prefs.lanes`.
 */
import { isRecord, isSlug, textOf } from '../../core/domain/guards.ts';
import { findMood, isTag, isTopic, MOODS } from '../../core/domain/taxonomy.ts';
import type { FeedQuery } from './route.ts';

/** A lane in the bar. */
export interface Lane {
  /** Stable key, e.g. `highlights`, `latest`, `mood:wonder`. */
  key: string;
  name: string;
  /** null for Highlights (the brief). */
  feed: FeedQuery | null;
}

/** The two pinned lanes. */
export const PINNED: readonly Lane[] = [
  { key: 'highlights', name: 'Highlights', feed: null },
  { key: 'latest', name: 'Latest', feed: { kind: 'latest', value: '' } },
];

const KINDS = new Set(['mood', 'topic', 'tag']);

function laneFrom(entry: unknown): Lane | null {
  if (!isRecord(entry)) return null;
  const rawKind = textOf(entry.kind, textOf(entry.type));
  const rawId = textOf(entry.id);
  const [idKind, idValue] = rawId.includes(':') ? rawId.split(':', 2) : ['', rawId];
  const kind = KINDS.has(rawKind) ? rawKind : idKind ?? '';
  const value = typeof entry.value === 'string' ? entry.value : idValue ?? '';
  const name = typeof entry.name === 'string' ? entry.name : typeof entry.label === 'string' ? entry.label : value;
  if ((kind !== 'mood' && kind !== 'topic' && kind !== 'tag') || !isSlug(value)) return null;
  return { key: `${kind}:${value}`, name: name.slice(0, 40), feed: { kind, value } };
}

/** Parse the `/api/lanes` answer into the unpinned pool (pinned entries are ours, so they are skipped). */
export function parseLanePool(value: unknown): Lane[] {
  const list = Array.isArray(value)
    ? value
    : isRecord(value)
      ? [value.pool, value.lanes, value.items].find(Array.isArray) ?? []
      : [];
  const out: Lane[] = [];
  for (const entry of list) {
    const lane = laneFrom(entry);
    if (lane && !out.some((l) => l.key === lane.key)) out.push(lane);
  }
  return out;
}

/**
 * The moods, the default lanes, known before `/api/lanes` answers (they are the taxonomy's, not the
 * pool's): the shell draws them and the app starts with them, so the answer changes nothing on screen.
 */
export const MOOD_LANES: readonly Lane[] = MOODS.map((m) => ({ key: `mood:${m.id}`, name: m.name, feed: { kind: 'mood', value: m.id } }));

/** The stories of the sources and tags a signed-in reader follows (issue 21, item 3). */
export const FOLLOWING: Lane = { key: 'following', name: 'Following', feed: { kind: 'following', value: '' } };

/** The lanes shown: pinned first, Following when asked for, then the reader's selection (or the moods by default). */
export function selectedLanes(pool: readonly Lane[], selection: string[] | null, following = false): Lane[] {
  const chosen = selection
    ? selection.map((key) => pool.find((l) => l.key === key)).filter((l): l is Lane => l !== undefined)
    : pool.filter((l) => l.feed?.kind === 'mood');
  return [...PINNED, ...(following ? [FOLLOWING] : []), ...chosen];
}

/** The lane key matching a feed (or Highlights for null). */
export function laneKey(feed: FeedQuery | null): string {
  if (!feed) return 'highlights';
  return feed.kind === 'latest' || feed.kind === 'following' ? feed.kind : `${feed.kind}:${feed.value}`;
}

/**
 * Whether a mood, topic or tag feed names one of the taxonomy's (SPEC.md Taxonomy); latest,
 * following and source feeds are always known here (a source's existence is the server's to say).
 * A mood the server does not know is refused (422 `unknown_mood`), so the app asks only for known
 * ones; an unknown topic or tag holds no story.
 */
export function isKnownFeed(feed: FeedQuery): boolean {
  switch (feed.kind) {
    case 'mood':
      return findMood(feed.value) !== null;
    case 'topic':
      return isTopic(feed.value);
    case 'tag':
      return isTag(feed.value);
    default:
      return true;
  }
}

/**
 * What an empty feed says: that the reader's Calm Filters hold its stories back when they filter
 * anything (`filtering`), else that the feed itself has none right now; for a mood, topic or tag
 * the taxonomy does not have, that there is no such thing (not that the filters hid it).
 */
export function emptyFeedText(feed: FeedQuery, filtering: boolean): string {
  if (!isKnownFeed(feed)) return `Tidings has no ${feed.kind} called “${feed.value}”. The lanes above lead to the ones it has.`;
  if (filtering) return 'Nothing here fits your Calm Filters right now.';
  switch (feed.kind) {
    case 'mood':
      return 'No stories in this mood right now. New ones arrive through the day.';
    case 'topic':
      return 'No stories on this topic right now. New ones arrive through the day.';
    case 'tag':
      return 'No stories with this tag right now. New ones arrive through the day.';
    case 'source':
      return 'No stories from this source right now.';
    default:
      return 'No stories yet. New ones arrive through the day.';
  }
}
