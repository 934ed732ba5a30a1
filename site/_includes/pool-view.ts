/**
 * Bridges from stored articles to what the pages and feeds show: the public card (the shape
 * `/api/brief` returns), the feed entry, and the mood feeds' selection.
 *
 * The card and mood rules belong to the reading path (core/domain/card.ts and filter.ts); until
 * those modules land this file keeps a copy of the two rules it needs, and will import them instead.
 */
import type { ArticleCard, ArticleDoc } from '../../core/domain/article.ts';
import { tagFamily, type Mood } from '../../core/domain/taxonomy.ts';
import type { PoolRow } from '../../core/store/site.ts';
import type { FeedEntry } from './feeds.ts';

const iso = (d: unknown): string => (d instanceof Date && !Number.isNaN(d.getTime()) ? d : new Date(0)).toISOString();
const summaryOf = (a: Pick<ArticleDoc, 'summary'>): string | null =>
  typeof a.summary?.summary === 'string' && a.summary.summary.trim() ? a.summary.summary : null;

/** The public card with the cached summary attached when there is one (brief items). */
export function briefCard(a: ArticleDoc, sourceName: string): ArticleCard {
  const card: ArticleCard = {
    id: a._id,
    title: String(a.title ?? ''),
    url: String(a.url ?? ''),
    image: typeof a.image === 'string' && a.image ? a.image : null,
    why: String(a.why ?? ''),
    source_id: a.source_id,
    source_name: sourceName,
    tags: Array.isArray(a.tags) ? a.tags.filter((t): t is string => typeof t === 'string') : [],
    topic: String(a.topic ?? ''),
    flavor: String(a.flavor ?? ''),
    paywalled: a.paywalled === true,
    published_at: iso(a.published_at),
    discovered_at: iso(a.discovered_at),
    cortisol: typeof a.cortisol === 'number' ? a.cortisol : 10,
    ragebait: typeof a.ragebait === 'number' ? a.ragebait : 10,
  };
  const summary = summaryOf(a);
  return summary ? { ...card, summary } : card;
}

/** The feed entry of an article. */
export function feedEntry(a: ArticleDoc, sourceName: string): FeedEntry {
  const published = a.published_at instanceof Date && !Number.isNaN(a.published_at.getTime()) ? a.published_at : new Date(0);
  return {
    id: a._id,
    title: String(a.title ?? ''),
    url: String(a.url ?? ''),
    text: summaryOf(a) ?? String(a.why ?? ''),
    source_name: sourceName,
    tags: Array.isArray(a.tags) ? a.tags.filter((t): t is string => typeof t === 'string') : [],
    image: typeof a.image === 'string' && a.image ? a.image : null,
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
export function effectiveTime(row: Pick<PoolRow, 'published_at' | 'discovered_at'>): number {
  const published = row.published_at?.getTime() ?? 0;
  const discovered = row.discovered_at?.getTime() ?? 0;
  return discovered > 0 ? Math.min(published, discovered) : published;
}

/** True when a row belongs to the mood preset (include topics, flavors OR tag families, ceilings). */
export function rowInMood(a: Pick<PoolRow, 'topic' | 'flavor' | 'tags' | 'cortisol' | 'ragebait'>, mood: Mood): boolean {
  if (mood.include_topics?.length && !mood.include_topics.includes(a.topic)) return false;
  if (mood.max_cortisol !== undefined && a.cortisol > mood.max_cortisol) return false;
  if (mood.max_ragebait !== undefined && a.ragebait > mood.max_ragebait) return false;
  const flavors = mood.include_flavors ?? [];
  const families = mood.include_tag_families ?? [];
  if (flavors.length === 0 && families.length === 0) return true;
  if (flavors.includes(a.flavor)) return true;
  return a.tags.some((t) => {
    const family = tagFamily(t);
    return family !== null && families.includes(family);
  });
}
