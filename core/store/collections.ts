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
