/**
 * The stored brief kept whole (SPEC.md "Brief": exactly 7 items; the site is regenerated whenever
 * `generated_at` advances). Two ways to store a selection, both from the database (not a read
 * model, so a source hidden a moment ago is already left out):
 * - `composeStoredBrief`: the brief job's fresh composition (about every 15 minutes);
 * - `refillStoredBrief`: after the pool changed (a source hidden or retired, an article rejected or
 *   deleted), the stored items still in the pool keep their places and the brief is refilled by
 *   the very rules `/api/brief` applies per request. The build job calls it before every build, so
 *   `/brief.json`, `/today` and `/api/brief` show the same 7 items under the same `generated_at`.
 */
import type { Db } from 'mongodb';
import { applyBriefRules, BRIEF_SIZE, composeBrief, recentCutoff, splitRecent, type BriefDoc } from '../domain/brief.ts';
import { buildSnapshot } from '../readmodel/snapshot.ts';
import { readBrief, saveBrief } from '../store/briefs.ts';
import { loadPool } from '../store/pool.ts';

/** What storing a selection did. */
export interface StoredBriefResult {
  items: number;
  /** True when the selection changed (and `generated_at` advanced). */
  changed: boolean;
  brief: BriefDoc;
  /** Articles in the public pool. */
  pool: number;
}

/** Compose the brief afresh from the recent public pool and store it (the brief job). */
export async function composeStoredBrief(db: Db, now: Date): Promise<StoredBriefResult> {
  const snapshot = buildSnapshot(await loadPool(db), 0, null, now.getTime());
  const items = composeBrief(snapshot.all.ranked, now);
  const { changed, brief } = await saveBrief(db, items.map((a) => a.id), now);
  return { items: items.length, changed, brief, pool: snapshot.byId.size };
}

/**
 * Keep the stored brief whole after a pool change: when one of its items left the public pool (or
 * it holds fewer than 7 while the pool has more), store the kept items refilled to 7 under the
 * request rules; otherwise nothing is written. Null before the first brief job.
 */
export async function refillStoredBrief(db: Db, now: Date): Promise<StoredBriefResult | null> {
  const stored = await readBrief(db);
  if (!stored) return null;
  const snapshot = buildSnapshot(await loadPool(db), 0, null, now.getTime());
  const kept = stored.item_ids.map((id) => snapshot.byId.get(id)).filter((a) => a !== undefined);
  const split = splitRecent(snapshot.all.ranked, recentCutoff(now));
  const items = kept.length === stored.item_ids.length && kept.length >= Math.min(BRIEF_SIZE, snapshot.byId.size)
    ? null
    : applyBriefRules(kept, [split.recent, split.older], () => true);
  if (!items) return { items: kept.length, changed: false, brief: stored, pool: snapshot.byId.size };
  const { changed, brief } = await saveBrief(db, items.map((a) => a.id), now);
  return { items: items.length, changed, brief, pool: snapshot.byId.size };
}
