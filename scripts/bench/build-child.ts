/**
 * The site build measured in its own process (so its peak RSS is its own): a full build of the
 * seeded pool into an empty `dist`, then 100 new articles (teasers like real ones, with the offline
 * summaries the ingest stores) and the incremental rebuild, three times. Prints one
 * `BENCH_RESULT {json}` line. Arguments: `<mongodb uri> <database> <dataDir> <distDir> <added> <firstNewIndex>`.
 */
import { buildSite } from '../../site/build.ts';
import { createLogger } from '../../core/platform/log.ts';
import { MongoClient } from 'mongodb';
import { CLIENT_OPTIONS } from '../../core/store/db.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { makeArticles, withStoredOffline } from './fixtures.ts';
import { benchConfig, insertPool } from './seed.ts';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { insertArticles } from '../../core/store/articles.ts';

/** Rebuilds after new stories, each measured (see below). */
const INCREMENTAL_ROUNDS = 3;

const [uri, dbName, dataDir, distDir, addedRaw, startRaw] = process.argv.slice(2);
if (!uri || !dbName || !dataDir || !distDir || !addedRaw || !startRaw) {
  process.stderr.write('usage: build-child.ts <uri> <database> <dataDir> <distDir> <added> <firstNewIndex>\n');
  process.exit(2);
}
const config = benchConfig({ dataDir, distDir, mongodbUri: uri });
const log = createLogger('warn');
const client = await new MongoClient(uri, CLIENT_OPTIONS).connect();
const db = client.db(dbName);
try {
  const now = new Date();
  const full = await buildSite({ db, config, log, now });
  const sources = await sourcesCollection(db).find({}).toArray();
  // New stories as the ingest stores them: teasers the offline writer retells (as real ones), each
  // with its offline summary, written at acceptance (outside the measured rebuild), through the
  // store's `insertArticles`, which sets the change marker the build reads changes by. Until 28 Nov
  // 2026 they were inserted around the store, without it, so every rebuild measured the fallback for
  // such writes (skipping every unmarked article in natural order: 44-213 ms of the embedded
  // database's scan a rebuild, against 16-26 ms for the marked changes); that path is now measured
  // after, in three more rounds, and reported without a target. Three rounds of
  // `added` new stories and a rebuild: one rebuild's time moved 0.034-0.164 of the full build
  // between runs of one code (the database's scan), the parent reports the median.
  const added = Number(addedRaw);
  const first = Number(startRaw);
  const addAndRebuild = async (round: number, write: (docs: ArticleDoc[]) => Promise<unknown>) => {
    await write(withStoredOffline(makeArticles(added, sources, now, first + round * added, { storyTeasers: true })));
    await bumpPoolVersion(db, new Date());
    return buildSite({ db, config, log, now: new Date() });
  };
  const incrementals = [];
  for (let round = 0; round < INCREMENTAL_ROUNDS; round += 1) incrementals.push(await addAndRebuild(round, (docs) => insertArticles(db, docs)));
  // Then the same through a bulk import's path (no change marker), reported without a target.
  const bulkIncrementals = [];
  for (let round = INCREMENTAL_ROUNDS; round < 2 * INCREMENTAL_ROUNDS; round += 1) bulkIncrementals.push(await addAndRebuild(round, (docs) => insertPool(db, [], docs)));
  // maxRSS is in kilobytes.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`BENCH_RESULT ${JSON.stringify({ full, incrementals, bulkIncrementals, peakRssMb })}\n`);
} finally {
  await client.close();
}
