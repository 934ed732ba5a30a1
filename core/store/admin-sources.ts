/**
 * The admin's writes on `sources`: status (with the `active` mirror), visibility and the review
 * flag. Each returns the updated source, or null when no such source exists (404 in the routes).
 * Visibility changes what readers may see, so it bumps the pool version (readers' processes and the
 * next site build drop or restore the articles); saved lists and history are never touched.
 */
import type { Db } from 'mongodb';
import { nextStatus, type SourceDoc, type SourceStatus } from '../domain/source.ts';
import { sourcesCollection } from './collections.ts';
import { bumpPoolVersion } from './meta.ts';
import { refreshSourceMetrics } from './sources.ts';

/** Every source (any status), by name. The collection is small (hundreds), so it is sorted in code. */
export async function listAllSources(db: Db): Promise<SourceDoc[]> {
  const all = await sourcesCollection(db).find({}).toArray();
  return all.sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
}

/**
 * Apply a requested status through the state table; the mirror is written in the same update.
 * Resuming polling schedules the next poll now, so a resumed source is fetched promptly.
 */
export async function setSourceStatus(db: Db, id: string, requested: SourceStatus, now: Date): Promise<SourceDoc | null> {
  const current = await sourcesCollection(db).findOne({ _id: id }, { projection: { status: 1 } });
  if (!current) return null;
  const status = nextStatus(current.status, requested);
  const set: Partial<SourceDoc> = { status, active: status === 'active', updated_at: now };
  if (status === 'active' && current.status !== 'active') set.next_poll_at = now;
  return sourcesCollection(db).findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
}

/** Show or hide a source's articles; bumps the pool version when the flag changed. */
export async function setSourceVisibility(db: Db, id: string, visible: boolean, now: Date): Promise<SourceDoc | null> {
  const before = await sourcesCollection(db).findOneAndUpdate(
    { _id: id },
    { $set: { content_visible: visible, updated_at: now } },
    { returnDocument: 'before' },
  );
  if (!before) return null;
  if (before.content_visible === visible) return { ...before, content_visible: visible, updated_at: now };
  await bumpPoolVersion(db, now);
  // `served` counts what readers can see, so it follows visibility (docs/ingestion.md).
  await refreshSourceMetrics(db, id, now);
  return sourcesCollection(db).findOne({ _id: id });
}

/** Flag a source for review with a reason, or clear the flag (reason null). */
export function setSourceReview(db: Db, id: string, reason: string | null, now: Date): Promise<SourceDoc | null> {
  return sourcesCollection(db).findOneAndUpdate({ _id: id }, { $set: { review_reason: reason, updated_at: now } }, { returnDocument: 'after' });
}
