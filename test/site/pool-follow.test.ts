/**
 * The worker's pool follower (jobs/worker.ts `followPool`): it takes its first reading of the pool
 * version before it resolves, so a source hidden right after the worker starts (before the first
 * tick) still prompts a build, and every later move prompts one more. Before, the first tick took
 * the baseline: a change made in the worker's first two seconds was never seen as a move, and the
 * site waited for the next scheduled build (browser/brief-everywhere failed its 15 s by this).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { followPool } from '../../jobs/worker.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { until } from '../helpers/until.ts';

let ctx: TestContext;
test.before(async () => {
  ctx = await createTestContext();
});
test.after(async () => {
  await ctx.close();
});

test('a pool change made before the first tick is a move, and so is each later one', async () => {
  await bumpPoolVersion(ctx.db);
  let moves = 0;
  const timer = await followPool(ctx, async () => (moves += 1));
  try {
    await bumpPoolVersion(ctx.db);
    await until(() => moves === 1, 10_000, 'the follower to see the change made right after it started');
    await bumpPoolVersion(ctx.db);
    await until(() => moves === 2, 10_000, 'the follower to see a later change');
    assert.is(moves, 2);
  } finally {
    clearInterval(timer);
  }
});

test.run();
