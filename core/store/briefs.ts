/** Queries on the `briefs` collection: one document, `_id: 'current'` (shared shapes). */
import type { Db } from 'mongodb';
import { sameSelection, type BriefDoc } from '../domain/brief.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `_id` of the one stored brief. */
export const CURRENT_BRIEF_ID = 'current';

/** Only `_id` lookups: no secondary index. */
export const indexes: CollectionIndexes = { collection: 'briefs', indexes: [] };

const briefs = (db: Db) => db.collection<BriefDoc>('briefs');

/** The stored brief, or null before the first brief job. */
export async function readBrief(db: Db): Promise<BriefDoc | null> {
  const doc = await briefs(db).findOne({ _id: CURRENT_BRIEF_ID });
  if (!doc || !Array.isArray(doc.item_ids) || !(doc.generated_at instanceof Date)) return null;
  return doc;
}

/**
 * Store a composed selection. An unchanged selection only records `checked_at`, so `generated_at`
 * advances exactly when the selection changes (SPEC.md "Brief" state table).
 */
export async function saveBrief(db: Db, itemIds: readonly string[], now: Date): Promise<{ changed: boolean; brief: BriefDoc }> {
  const current = await readBrief(db);
  if (current && sameSelection(current.item_ids, itemIds)) {
    await briefs(db).updateOne({ _id: CURRENT_BRIEF_ID }, { $set: { checked_at: now } });
    return { changed: false, brief: { ...current, checked_at: now } };
  }
  // Strictly later than the previous stamp, even when two changes land in the same millisecond.
  const stamp = current && current.generated_at.getTime() >= now.getTime() ? new Date(current.generated_at.getTime() + 1) : now;
  const brief: BriefDoc = { _id: CURRENT_BRIEF_ID, item_ids: [...itemIds], generated_at: stamp, checked_at: now };
  await briefs(db).replaceOne({ _id: CURRENT_BRIEF_ID }, brief, { upsert: true });
  return { changed: true, brief };
}
