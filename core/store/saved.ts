/**
 * Queries on the `saved` collection (unique per user and article), and the card lookup the reader's
 * library lists share: ids whose article no longer exists are skipped, never errors.
 */
import type { Db } from 'mongodb';
import type { ArticleCard } from '../domain/article.ts';
import { toCard } from '../domain/card.ts';
import { summaryText } from '../domain/summary.ts';
import { randomId } from '../domain/ids.ts';
import type { SavedDoc } from '../domain/user.ts';
import { articlesCollection, sourcesCollection, type CollectionIndexes } from './collections.ts';
import { withOtherOutlets } from './pool.ts';

/** At most this many saved articles are listed (newest first). */
export const SAVED_LIST_LIMIT = 500;

/** The `saved` collection. */
export const savedCollection = (db: Db) => db.collection<SavedDoc>('saved');

/** Indexes serving the queries below. */
export const indexes: CollectionIndexes = {
  collection: 'saved',
  indexes: [
    // save (upsert), unsave, ids and count by user (prefix), delete account (prefix)
    { key: { user_id: 1, article_id: 1 }, name: 'user_article', unique: true },
    // list: find({ user_id }).sort({ saved_at: -1 })
    { key: { user_id: 1, saved_at: -1 }, name: 'user_saved_at' },
  ],
};

/** Save an article (idempotent); true when it was not saved before. */
export async function addSaved(db: Db, userId: string, articleId: string, now: Date): Promise<boolean> {
  const result = await savedCollection(db).updateOne(
    { user_id: userId, article_id: articleId },
    { $setOnInsert: { _id: randomId(), user_id: userId, article_id: articleId, saved_at: now } },
    { upsert: true },
  );
  return result.upsertedCount === 1;
}

/** Unsave; true when it was saved. */
export async function removeSaved(db: Db, userId: string, articleId: string): Promise<boolean> {
  const result = await savedCollection(db).deleteOne({ user_id: userId, article_id: articleId });
  return result.deletedCount === 1;
}

/** A user's saved entries, newest first. */
export function listSaved(db: Db, userId: string): Promise<SavedDoc[]> {
  return savedCollection(db).find({ user_id: userId }).sort({ saved_at: -1 }).limit(SAVED_LIST_LIMIT).toArray();
}

/** How many articles a user has saved. */
export function countSaved(db: Db, userId: string): Promise<number> {
  return savedCollection(db).countDocuments({ user_id: userId });
}

/** True when an article with this id exists (any state: hiding a source does not touch libraries). */
export async function articleExists(db: Db, id: string): Promise<boolean> {
  return (await articlesCollection(db).countDocuments({ _id: id }, { limit: 1 })) > 0;
}

/** Which of `ids` exist as articles. */
export async function existingArticleIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const docs = await articlesCollection(db).find({ _id: { $in: ids } }, { projection: { _id: 1 } }).toArray();
  return new Set(docs.map((d) => d._id));
}

/** Cards for `ids` keyed by id (the reading path's card, with the cached summary); ids with no article are absent. */
export async function findArticleCards(db: Db, ids: string[]): Promise<Map<string, ArticleCard>> {
  const cards = new Map<string, ArticleCard>();
  if (ids.length === 0) return cards;
  const articles = await articlesCollection(db).find({ _id: { $in: ids } }, { projection: { teaser: 0 } }).toArray();
  // Every source (a small collection): the duplicates' outlets are named only when visible.
  const sources = await sourcesCollection(db).find({}, { projection: { _id: 1, name: 1, content_visible: 1 } }).toArray();
  const names = new Map(sources.map((s) => [s._id, s.name]));
  const visible = new Map(sources.filter((s) => s.content_visible === true).map((s) => [s._id, s.name]));
  for (const a of await withOtherOutlets(db, articles, (id) => visible.get(id))) {
    const card = toCard(a, names.get(a.source_id) ?? '');
    const summary = summaryText(a);
    cards.set(a._id, summary ? { ...card, summary } : card);
  }
  return cards;
}
