/**
 * The rebuild job: runs every minute, builds when the brief's `generated_at` or the pool version
 * moved since the last build (or this process has not built yet, or dist is incomplete), skips
 * otherwise, and records the stamps it built from in `meta`.
 */
import { rm } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { readLastBuild, type BuildTriggers } from '../../core/store/site.ts';
import { buildJob, needsBuild } from '../../jobs/build.ts';
import type { JobContext } from '../../jobs/context.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { distFile, storeBrief } from './helpers.ts';

let ctx: TestContext;
let job: JobContext;
const source = makeSource();
const first = makeArticle({ source_id: source._id, title: 'First story' });
const second = makeArticle({ source_id: source._id, title: 'Second story' });

test.before(async () => {
  ctx = await createTestContext();
  job = { db: ctx.db, config: ctx.config, log: ctx.log, mailer: ctx.mailer, model: ctx.model, now: () => new Date(), progress: () => undefined };
  await insertFixtures(ctx.db, { sources: [source], articles: [first] });
});
test.after(async () => {
  await ctx.close();
});

const t = (brief: string | null, version: number): BuildTriggers => ({ brief_generated_at: brief, pool_version: version });
const cases: Array<[string, BuildTriggers, BuildTriggers | null, boolean, boolean, boolean]> = [
  ['never built', t(null, 0), null, true, true, true],
  ['first run in this process', t('a', 1), t('a', 1), false, true, true],
  ['dist incomplete', t('a', 1), t('a', 1), true, false, true],
  ['nothing moved', t('a', 1), t('a', 1), true, true, false],
  ['brief generated_at advanced', t('b', 1), t('a', 1), true, true, true],
  ['pool version bumped', t('a', 2), t('a', 1), true, true, true],
];
for (const [name, current, last, builtHere, complete, expected] of cases) {
  test(`needsBuild: ${name} → ${expected}`, () => {
    assert.is(needsBuild(current, last, builtHere, complete), expected);
  });
}

test('the job is scheduled every minute', () => {
  assert.is(buildJob.every, '1 minute');
});

test('the job builds, skips when nothing moved, and rebuilds on a pool bump or a new brief', async () => {
  const built = await buildJob.run(job);
  assert.is(built.skipped, undefined);
  // Its retelling of the first story (stored without one) moved the pool version; that version is the one it built.
  assert.equal(await readLastBuild(ctx.db), { brief_generated_at: null, pool_version: 1 });
  assert.match((await distFile(ctx, 'today/index.html')) ?? '', 'being prepared', 'no brief yet');

  assert.is((await buildJob.run(job)).skipped, true);

  await insertFixtures(ctx.db, { articles: [second] });
  assert.is((await buildJob.run(job)).skipped, true, 'an insert alone does not trigger: writers bump the version');
  await bumpPoolVersion(ctx.db);
  assert.is((await buildJob.run(job)).skipped, undefined);
  assert.ok(await distFile(ctx, `a/${second._id}/index.html`));

  await storeBrief(ctx, [first._id, second._id], new Date('2026-11-21T09:00:00Z'));
  assert.is((await buildJob.run(job)).skipped, undefined);
  assert.match((await distFile(ctx, 'today/index.html')) ?? '', 'Second story');
  // 1, the bump above (2), the second story's retelling (3).
  assert.equal(await readLastBuild(ctx.db), { brief_generated_at: '2026-11-21T09:00:00.000Z', pool_version: 3 });

  await rm(ctx.config.distDir, { recursive: true, force: true });
  assert.is((await buildJob.run(job)).skipped, undefined, 'a removed dist is rebuilt');
  assert.ok(await distFile(ctx, 'index.html'));
});

test.run();
