/** Queries on the `candidates` collection (SPEC.md "Source candidate"). "Not found" is null here, 404 in the routes. */
import type { Db } from 'mongodb';
import type { CandidateDoc, CandidateStatus } from '../domain/candidate.ts';
import type { CollectionIndexes } from './collections.ts';

/** The `candidates` collection. */
export const candidatesCollection = (db: Db) => db.collection<CandidateDoc>('candidates');

/** Indexes of `candidates`. */
export const indexes: CollectionIndexes = {
  collection: 'candidates',
  indexes: [
    // findCandidateByUrl: { url } — one candidate per feed URL
    { key: { url: 1 }, name: 'url', unique: true },
    // listCandidates: all, newest first
    { key: { created_at: -1 }, name: 'created_desc' },
  ],
};

/** Every candidate, newest first. */
export function listCandidates(db: Db): Promise<CandidateDoc[]> {
  return candidatesCollection(db).find({}).sort({ created_at: -1 }).toArray();
}

/** One candidate by id, or null. */
export function findCandidate(db: Db, id: string): Promise<CandidateDoc | null> {
  return candidatesCollection(db).findOne({ _id: id });
}

/** The candidate staged for this URL, or null. */
export function findCandidateByUrl(db: Db, url: string): Promise<CandidateDoc | null> {
  return candidatesCollection(db).findOne({ url });
}

/** Stage a new candidate. */
export async function insertCandidate(db: Db, doc: CandidateDoc): Promise<void> {
  await candidatesCollection(db).insertOne(doc);
}

/** Store a fresh preview; the status is left as it is (a re-preview never revives a rejected candidate). */
export function savePreview(db: Db, id: string, preview: unknown, name: string, now: Date): Promise<CandidateDoc | null> {
  return candidatesCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: { preview_json: preview, name, previewed_at: now, updated_at: now } },
    { returnDocument: 'after' },
  );
}

/**
 * Move a candidate from one of `from` to `to` in one atomic step; null when it was not in `from`
 * any more (a concurrent reject or promote won).
 */
export function transitionCandidate(
  db: Db,
  id: string,
  from: readonly CandidateStatus[],
  to: CandidateStatus,
  now: Date,
  extra: Partial<Pick<CandidateDoc, 'source_id'>> = {},
): Promise<CandidateDoc | null> {
  return candidatesCollection(db).findOneAndUpdate(
    { _id: id, status: { $in: [...from] } },
    { $set: { status: to, updated_at: now, ...extra } },
    { returnDocument: 'after' },
  );
}
