/**
 * The in-memory read model of the public pool, one per `Db` (so per API process and per test app
 * built on its own client). MongoDB stays the system of record; the model reloads when the pool
 * version in `meta` changes (every writer that changes what readers see bumps it), checked every
 * ~2 s by an unref'd timer, so every API process converges within seconds without a restart. It
 * also reloads in full every few minutes (a safety net for a writer that forgot to bump) and tops
 * up summaries of the stored brief's items between reloads (summaries do not bump the version).
 */
import type { Db } from 'mongodb';
import { describeError, UnavailableError } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import { readBrief } from '../store/briefs.ts';
import { readPoolVersion } from '../store/meta.ts';
import { loadPool, loadSummaries } from '../store/pool.ts';
import { buildSnapshot, patchSummaries, type Snapshot, type SnapshotBrief } from './snapshot.ts';

/** How often the version stamp is checked. */
export const POLL_INTERVAL_MS = 2000;
/** A full reload at least this often, whatever the version says. */
export const FULL_RELOAD_MS = 5 * 60_000;

/** A live read model. */
export interface ReadModel {
  /** The current snapshot (the first call waits for the first load). */
  snapshot(): Promise<Snapshot>;
  /** The current snapshot when one is loaded, else null (never waits; starts the watcher like `snapshot`). */
  current(): Snapshot | null;
  /** Reload now (tests; after a local write). */
  refresh(): Promise<Snapshot>;
  /** Stop watching (the timer is unref'd, so this is only for tidy shutdowns). */
  stop(): void;
}

const models = new WeakMap<Db, ReadModel>();

/** The read model of `db`, created (and its watcher started) on first use. */
export function readModelFor(db: Db, log?: Logger): ReadModel {
  let model = models.get(db);
  if (!model) {
    model = createReadModel(db, log);
    models.set(db, model);
  }
  return model;
}

async function readStoredBrief(db: Db): Promise<SnapshotBrief | null> {
  const doc = await readBrief(db);
  return doc ? { ids: doc.item_ids, generatedAt: doc.generated_at } : null;
}

function createReadModel(db: Db, log?: Logger): ReadModel {
  let current: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const load = (): Promise<Snapshot> => {
    loading ??= (async () => {
      try {
        // The version is read first: a bump during the load makes the next check reload again.
        const version = await readPoolVersion(db);
        const [data, brief] = await Promise.all([loadPool(db), readStoredBrief(db)]);
        current = buildSnapshot(data, version, brief, Date.now());
        return current;
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  const check = async (): Promise<void> => {
    if (!current || loading) return;
    const version = await readPoolVersion(db);
    if (version !== current.version || Date.now() - current.loadedAt > FULL_RELOAD_MS) {
      await load();
      return;
    }
    const brief = await readStoredBrief(db);
    const before = current.brief;
    if (brief?.generatedAt.getTime() !== before?.generatedAt.getTime() || brief?.ids.join() !== before?.ids.join()) {
      current = { ...current, brief };
    }
    const missing = (brief?.ids ?? []).filter((id) => current?.byId.get(id)?.summary === null);
    if (missing.length > 0) patchSummaries(current, await loadSummaries(db, missing));
  };

  const start = () => {
    if (timer) return;
    timer = setInterval(() => {
      check().catch((error: unknown) => log?.warn('read model check failed; serving the last snapshot', { error: describeError(error) }));
    }, POLL_INTERVAL_MS);
    timer.unref();
  };

  return {
    async snapshot() {
      start();
      if (current) return current;
      try {
        return await load();
      } catch (error) {
        throw new UnavailableError('The reading service is starting up; please try again shortly.', 'unavailable', { cause: error });
      }
    },
    current() {
      start();
      return current;
    },
    async refresh() {
      start();
      // A load already under way may have read the version before the caller's write: wait, then load anew.
      if (loading) await loading.catch(() => undefined);
      return load();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
