/**
 * Builders for test data: a source or an article with sensible defaults, overridable per field,
 * and a helper inserting them. Tests describe only what matters to the rule they prove.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { stableId } from '../../core/domain/ids.ts';
import { newSourceDefaults, type SourceDoc } from '../../core/domain/source.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';

let counter = 0;

/** A source (active, visible) with a unique id and feed URL. */
export function makeSource(overrides: Partial<SourceDoc> = {}): SourceDoc {
  counter += 1;
  const id = overrides._id ?? `source-${counter}`;
  return {
    ...newSourceDefaults(new Date('2026-01-01T00:00:00Z')),
    _id: id,
    name: `Source ${counter}`,
    feed_url: `http://127.0.0.1:1/${id}.xml`,
    homepage: `http://127.0.0.1:1/${id}`,
    ...overrides,
  };
}

/** An accepted, calm, non-duplicate article with a unique URL and id. */
export function makeArticle(overrides: Partial<ArticleDoc> & { source_id: string }): ArticleDoc {
  counter += 1;
  const url = overrides.url ?? `https://news.example.org/story-${counter}`;
  const published = overrides.published_at ?? new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - counter * 60_000);
  return {
    _id: overrides._id ?? stableId(url),
    guid: null,
    url,
    title: `A calm story number ${counter}`,
    teaser: 'Volunteers planted a small forest near the school, and the children named every tree.',
    image: null,
    paywalled: false,
    published_at: published,
    discovered_at: published,
    topic: 'community',
    tags: ['kindness'],
    flavor: 'heartwarming',
    cortisol: 1,
    ragebait: 0,
    promotional: 0,
    why: 'Neighbours working together on something lasting.',
    accepted: true,
    reject_reason: null,
    classified_by: 'seed',
    duplicate_of: null,
    fingerprint: `fp-${counter}`,
    summary: null,
    updated_at: published,
    ...overrides,
  };
}

/** Insert sources and articles. */
export async function insertFixtures(db: Db, data: { sources?: SourceDoc[]; articles?: ArticleDoc[] }): Promise<void> {
  if (data.sources?.length) await sourcesCollection(db).insertMany(data.sources);
  if (data.articles?.length) await articlesCollection(db).insertMany(data.articles);
}
