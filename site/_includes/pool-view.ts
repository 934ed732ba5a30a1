/**
 * Bridges from stored articles to what the pages and feeds show: the public card (the shape
 * `/api/brief` returns, built by core/domain/card.ts), the feed entry, and the mood feeds'
 * selection (the reading path's one mood rule, `inMood` in core/domain/filter.ts).
 */
import type { ArticleCard, ArticleDoc } from '../../core/domain/article.ts';
import { toCard } from '../../core/domain/card.ts';
import { stringsOf, textOf } from '../../core/domain/guards.ts';
import { summaryText } from '../../core/domain/summary.ts';
import { inMood } from '../../core/domain/filter.ts';
import type { Mood } from '../../core/domain/taxonomy.ts';
import type { PoolRow } from '../../core/store/site.ts';
import type { FeedEntry } from './feeds.ts';


/** The public card with the cached summary attached when there is one (as `/api/brief` items). */
export function briefCard(a: ArticleDoc, sourceName: string): ArticleCard {
  const card = toCard(a, sourceName);
  const summary = summaryText(a);
  return summary ? { ...card, summary } : card;
}

/** The feed entry of an article. */
export function feedEntry(a: ArticleDoc, sourceName: string): FeedEntry {
  const published = a.published_at instanceof Date && !Number.isNaN(a.published_at.getTime()) ? a.published_at : new Date(0);
  return {
    id: a._id,
    title: textOf(a.title),
    url: textOf(a.url),
    text: summaryText(a) ?? textOf(a.why),
    source_name: sourceName,
    tags: stringsOf(a.tags),
    image: textOf(a.image) || null,
    published,
    updated: lastChanged(a),
  };
}

/** When an article's page last changed: its update or its summary, whichever is later. */
export function lastChanged(a: { updated_at?: Date | null; summary?: { generated_at?: Date } | null; published_at?: Date | null }): Date {
  const times = [a.updated_at, a.summary?.generated_at, a.published_at].filter((d): d is Date => d instanceof Date && !Number.isNaN(d.getTime()));
  return times.reduce((m, d) => (d > m ? d : m), new Date(0));
}

/** Effective publication time: published_at, never later than discovered_at (future-dated items do not pin the top). */
export function effectiveTime(row: PoolRow): number {
  const published = row.facets.published_at?.getTime() ?? 0;
  const discovered = row.discovered_at?.getTime() ?? 0;
  return discovered > 0 ? Math.min(published, discovered) : published;
}

/** True when a row belongs to the mood preset (the reading path's rule; moods match no text). */
export function rowInMood(r: PoolRow, mood: Mood): boolean {
  const f = r.facets;
  return inMood({ id: r._id, source_id: r.source_id, topic: f.topic, flavor: f.flavor, tags: f.tags, cortisol: f.cortisol, ragebait: f.ragebait, text: '' }, mood);
}
