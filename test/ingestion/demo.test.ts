import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ingestJob } from '../../jobs/ingest.ts';
import { STARTUP_JOBS, prepareDemo } from '../../jobs/startup.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { readPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import type { JobContext } from '../../jobs/context.ts';

let ctx: TestContext;
let job: JobContext;
const progress: Array<[number, number]> = [];
test.before(async () => {
  ctx = await createTestContext({ env: { FETCH_ALLOW_PRIVATE: 'false' } });
  job = { db: ctx.db, config: ctx.config, log: ctx.log, mailer: ctx.mailer, model: ctx.model, now: () => new Date(), progress: (d, t) => progress.push([d, t]) };
});
test.after(async () => {
  await ctx.close();
});

test('start-up runs ingest first and build last', () => {
  assert.is(STARTUP_JOBS[0], 'ingest');
  assert.is(STARTUP_JOBS[STARTUP_JOBS.length - 1], 'build');
});

test('with no sources, the demo sources load and ingest offline through the same pipeline', async () => {
  await prepareDemo(job);
  const sources = await sourcesCollection(ctx.db).find({}).toArray();
  assert.is(sources.length, 4);
  assert.ok(sources.every((s) => s.feed_url.startsWith('tidings-demo:')));
  await prepareDemo(job);
  assert.is(await sourcesCollection(ctx.db).countDocuments({}), 4, 'loading twice adds nothing');

  const summary = await ingestJob.run(job);
  assert.is(summary.failed, 0);
  assert.ok(progress.length > 0, 'progress is reported');
  const articles = await articlesCollection(ctx.db).find({}).toArray();
  const pool = articles.filter((a) => a.accepted && a.duplicate_of === null);
  assert.ok(pool.length >= 10, 'calm stories are accepted');
  for (const reason of ['cortisol', 'ragebait', 'promotional']) assert.ok(articles.some((a) => a.reject_reason === reason), `something rejected for ${reason}`);
  assert.ok(articles.filter((a) => a.duplicate_of !== null).length >= 2, 'duplicates across sources');
  assert.ok(pool.some((a) => a.image !== null), 'some stories have images');
  assert.ok(articles.some((a) => a.paywalled), 'one paywalled domain');
  assert.not.ok(articles.some((a) => a.image?.includes('share-card')), 'a share card repeated across items is never the image');
  const paywalledTrees = articles.find((a) => a.url.includes('quiet-ledger.example/stories/millbrook-trees'));
  assert.ok(paywalledTrees?.duplicate_of, 'the readable copy wins over the paywalled one');
  assert.ok((await readPoolVersion(ctx.db)) > 0);
  const gazette = await sourcesCollection(ctx.db).findOne({ _id: 'harbour-light-gazette' });
  assert.ok(gazette!.total_articles > 0 && gazette!.served === gazette!.accepted_total && gazette!.with_image > 0);
});

test.run();
