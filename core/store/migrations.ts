/**
 * A versioned, idempotent migration runner. Applied versions are recorded in `migrations`; each
 * migration is itself idempotent, so a crash between its work and its record is harmless.
 */
import type { Db } from 'mongodb';
import type { Logger } from '../platform/log.ts';

/** One migration step. */
export interface Migration {
  version: number;
  name: string;
  up(db: Db): Promise<void>;
}

/** SPEC.md: the old boolean `active` became `status`; every source starts with `content_visible` true. */
const sourceStatusFromActive: Migration = {
  version: 1,
  name: 'source status from the old active flag',
  async up(db) {
    const sources = db.collection('sources');
    await sources.updateMany(
      { status: { $exists: false }, active: true },
      { $set: { status: 'active', active: true } },
    );
    await sources.updateMany(
      { status: { $exists: false } },
      { $set: { status: 'paused', active: false } },
    );
    await sources.updateMany({ content_visible: { $exists: false } }, { $set: { content_visible: true } });
  },
};

/** Every migration, in order. Append new ones; never edit an applied one. */
export const MIGRATIONS: readonly Migration[] = [sourceStatusFromActive];

/** Apply every migration not yet recorded. Returns the versions applied in this call. */
export async function runMigrations(db: Db, log: Logger, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  const applied = db.collection<{ _id: number; name: string; applied_at: Date }>('migrations');
  const done = new Set((await applied.find({}).toArray()).map((m) => m._id));
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(migration.version)) continue;
    await migration.up(db);
    await applied.updateOne(
      { _id: migration.version },
      { $setOnInsert: { name: migration.name, applied_at: new Date() } },
      { upsert: true },
    );
    log.info('migration applied', { version: migration.version, name: migration.name });
    ran.push(migration.version);
  }
  return ran;
}
