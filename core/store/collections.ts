/**
 * Typed access to the collections. Index definitions live in the store module of each noun
 * (`core/store/<noun>s.ts` exports `indexes`); `schema.ts` creates them all at start-up.
 */
import type { Db, IndexDescription } from 'mongodb';
import type { ArticleDoc } from '../domain/article.ts';
import type { SourceDoc } from '../domain/source.ts';

/** One collection's index list. */
export interface CollectionIndexes {
  collection: string;
  indexes: IndexDescription[];
}

/** The `sources` collection. */
export const sourcesCollection = (db: Db) => db.collection<SourceDoc>('sources');
/** The `articles` collection. */
export const articlesCollection = (db: Db) => db.collection<ArticleDoc>('articles');

/**
 * Every collection Tidings keeps data in. The embedded default saves and restores exactly these
 * (core/store/snapshot.ts): jongodb has no `listCollections`, so the list is written down, and a
 * test fails when code names a collection that is in neither list.
 */
export const PERSISTED_COLLECTIONS = [
  'articles',
  'briefs',
  'candidates',
  'digest_sends',
  'digest_subscriptions',
  'events',
  'feedback',
  'feedback_replies',
  'follows',
  'history',
  'identities',
  'magic_links',
  'meta',
  'migrations',
  'puzzles',
  'rate_limits',
  'saved',
  'sessions',
  'sources',
  'summary_claims',
  'users',
] as const;

/**
 * Collections that are not saved: Agenda's job records (recreated by the worker at start; a saved
 * lock would hold a job for its lock lifetime after a restart) and the embedded mode's own write
 * marks.
 */
export const TRANSIENT_COLLECTIONS = ['agendaJobs', 'embedded_writes'] as const;
