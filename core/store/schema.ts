/**
 * Creates every collection's indexes, idempotently, then runs the migrations. Called by the worker
 * and `npm start`, never by the read-only API (SPEC.md: the health check performs no schema work).
 */
import type { Db } from 'mongodb';
import type { Logger } from '../platform/log.ts';
import type { CollectionIndexes } from './collections.ts';
import { indexes as digestIndexes } from './digests.ts';
import { runMigrations } from './migrations.ts';
import { indexes as userIndexes } from './users.ts';
import { indexes as sessionIndexes } from './sessions.ts';
import { indexes as magicLinkIndexes } from './magic-links.ts';
import { indexes as identityIndexes } from './identities.ts';
import { indexes as followIndexes } from './follows.ts';
import { indexes as savedIndexes } from './saved.ts';
import { indexes as historyIndexes } from './history.ts';
import { indexes as rateLimitIndexes } from './rate-limits.ts';
import { indexes as eventIndexes } from './events.ts';
import { indexes as feedbackIndexes } from './feedback.ts';
import { indexes as summaryIndexes } from './summaries.ts';
import { indexes as sourceIndexes } from './sources.ts';
import { indexes as articleIndexes } from './articles.ts';
import { indexes as siteIndexes } from './site.ts';
import { indexes as adminFeedbackIndexes } from './admin-feedback.ts';
import { indexes as adminStatsIndexes } from './admin-stats.ts';
import { indexes as candidateIndexes } from './candidates.ts';
import { indexes as puzzleIndexes } from './puzzles.ts';
import { indexes as briefIndexes } from './briefs.ts';
import { indexes as poolIndexes } from './pool.ts';

/** Every collection's indexes. Add a store module's `indexes` here. */
export const ALL_INDEXES: CollectionIndexes[] = [sourceIndexes, articleIndexes, siteIndexes, ...digestIndexes, eventIndexes, feedbackIndexes, summaryIndexes, candidateIndexes, adminFeedbackIndexes, ...adminStatsIndexes, userIndexes, sessionIndexes, magicLinkIndexes, identityIndexes, followIndexes, savedIndexes, historyIndexes, rateLimitIndexes, puzzleIndexes, briefIndexes, ...poolIndexes];

/** Create all indexes (createIndexes is idempotent for identical definitions) and migrate. */
export async function ensureSchema(db: Db, log: Logger): Promise<void> {
  for (const { collection, indexes } of ALL_INDEXES) {
    if (indexes.length > 0) await db.collection(collection).createIndexes(indexes);
  }
  await runMigrations(db, log);
}
