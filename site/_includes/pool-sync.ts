/**
 * The build's copy of the public pool (every source's accepted, canonical articles as light rows),
 * kept in the build record and brought up to date at each build by reading only what changed:
 *
 * - articles whose change marker (`changed_at`, set by every store write path) is at or after the
 *   last read minus `MARGIN_MS` (a write in flight during that read, or a writer's clock slightly
 *   behind, is read again next time; rows read twice merge to the same result), including those that
 *   left the pool (rejected, made a duplicate);
 * - public-pool articles without a marker (written around the store: bulk inserts, older data): the
 *   `count` command says how many there are; when it exceeds the unmarked rows already known, the
 *   newest in natural order are read and checked to be exactly the unknown ones (the count is taken
 *   first, so an article marked or added in between makes the check fail rather than pass wrongly).
 *
 * Anything unexpected (a count that does not add up, a mass change, a copy made from another
 * database or older than `RESCAN_MS`) falls back to one light scan of the whole pool, so the copy
 * never drifts for long. Visibility is not part of the copy: the build filters by the sources it
 * reads every time.
 */
import type { Db } from 'mongodb';
import type { ArticleDoc } from '../../core/domain/article.ts';
import {
  loadPoolArticles, poolRowOf, readChangedArticles, readUnmarkedPool, scanPool, type PoolRow,
} from '../../core/store/site.ts';

/** Changes marked up to this long before the last read are read again (writes in flight, clock skew). */
export const MARGIN_MS = 5 * 60_000;
/** The whole pool is scanned again when the copy's last scan is this old (a safety net, not a need). */
export const RESCAN_MS = 60 * 60_000;

/** The build's copy of the public pool. */
export interface PoolView {
  /** The database it was read from (`databaseToken`). */
  token: string;
  /** Wall-clock ms taken before the last read. */
  checked: number;
  /** Wall-clock ms taken before the last whole-pool read. */
  scanned: number;
  /** Unmarked public-pool articles that could not become rows (malformed id or source). */
  malformed: number;
  /** Every public-pool article by id, any source. */
  rows: Map<string, PoolRow>;
}

/** How a sync read the pool. */
export type SyncKind = 'full' | 'scan' | 'changes';

/** A synced copy and the full articles read on the way (usable for rendering). */
export interface PoolSync {
  view: PoolView;
  docs: ArticleDoc[];
  kind: SyncKind;
}

/** What `syncPool` needs. */
export interface SyncInput {
  db: Db;
  /** The copy in the build record, or null. */
  previous: PoolView | null;
  /** This database's token. */
  token: string;
  /** Read the whole pool in full (a build with no pages to reuse needs every article anyway). */
  full: boolean;
  /**
   * Public-pool articles without a change marker (`countUnmarkedPool`), counted before any read of
   * this sync: a marker written after the count then shows up as a count that does not add up.
   */
  unmarked: number;
  /** The wall clock (ms), the same clock the writers' markers come from. */
  clock: () => number;
}

/** Bring the copy up to date (see the module comment). */
export async function syncPool(input: SyncInput): Promise<PoolSync> {
  const { db, previous, token } = input;
  const started = input.clock();
  if (input.full) {
    const { rows, docs, malformedUnmarked } = await loadPoolArticles(db);
    return { view: viewOf(token, started, rows, malformedUnmarked), docs, kind: 'full' };
  }
  const usable = previous !== null && previous.token === token && started - previous.scanned < RESCAN_MS && started >= previous.checked - MARGIN_MS;
  const changed = usable ? await readChanges(db, previous, started, input.unmarked) : null;
  if (changed) return { ...changed, kind: 'changes' };
  const { rows, malformedUnmarked } = await scanPool(db);
  return { view: viewOf(token, started, rows, malformedUnmarked), docs: [], kind: 'scan' };
}

function viewOf(token: string, at: number, rows: readonly PoolRow[], malformed: number): PoolView {
  return { token, checked: at, scanned: at, malformed, rows: new Map(rows.map((r) => [r._id, r])) };
}

/** How many unmarked public-pool articles a copy knows of (rows, and those it could not use). */
function knownUnmarked(rows: ReadonlyMap<string, PoolRow>, malformed: number): number {
  let known = malformed;
  for (const row of rows.values()) if (row.changed_at === null) known += 1;
  return known;
}

/** The copy updated from the changed and the unknown unmarked articles; null when a scan is needed. */
async function readChanges(db: Db, previous: PoolView, started: number, unmarked: number): Promise<Omit<PoolSync, 'kind'> | null> {
  // More changes than this and one light scan is cheaper than reading them in full.
  const limit = Math.max(1000, Math.ceil(previous.rows.size / 5));
  const knownBefore = knownUnmarked(previous.rows, previous.malformed);
  // The unknown unmarked articles are read along with the changes, assuming none of the known ones
  // was marked meanwhile (read again below when one was).
  const [changed, early] = await Promise.all([
    readChangedArticles(db, new Date(previous.checked - MARGIN_MS), limit + 1),
    unmarked > knownBefore ? readUnmarkedPool(db, knownBefore) : null,
  ]);
  if (changed.length > limit) return null;
  const rows = new Map(previous.rows);
  const docs: ArticleDoc[] = [];
  for (const doc of changed) {
    const row = poolRowOf(doc);
    if (row) {
      rows.set(row._id, row);
      docs.push(doc);
    } else {
      rows.delete(String(doc._id));
    }
  }
  let malformed = previous.malformed;
  const known = knownUnmarked(rows, malformed);
  // Unmarked articles leave the count only when a writer marks them (read above): fewer than known
  // means one left the pool without a marker; a scan settles it.
  if (unmarked < known) return null;
  if (unmarked > known) {
    const fresh = early && known === knownBefore ? early : await readUnmarkedPool(db, known);
    // The count was taken before these reads: the newest in natural order must be exactly that
    // many unknown articles (anything else, such as an article marked in between, means a scan).
    if (fresh.length !== unmarked - known || fresh.some((d) => rows.has(String(d._id)))) return null;
    for (const doc of fresh) {
      const row = poolRowOf(doc);
      if (!row) {
        malformed += 1;
        continue;
      }
      rows.set(row._id, row);
      docs.push(doc);
    }
  }
  return { view: { token: previous.token, checked: started, scanned: previous.scanned, malformed, rows }, docs };
}
