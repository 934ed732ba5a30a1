/**
 * The work requests start and do not wait for (core/platform/outliving.ts): a stopping process
 * waits for it, within a bound, and its failures stay its starter's.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishOutlivingWork, outlive, outlivingCount, workSettled } from '../../core/platform/outliving.ts';
import { createMemoryLogger } from '../../core/platform/log.ts';

/** A promise and the functions that settle it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('workSettled resolves once every tracked work has settled, work started meanwhile included', async () => {
  const first = deferred();
  const second = deferred();
  outlive(first.promise);
  const order: string[] = [];
  const settled = workSettled().then((all) => order.push(`settled ${all}`));
  assert.is(outlivingCount(), 1);
  // While waiting, the first work starts another and then ends.
  outlive(second.promise);
  first.resolve();
  await first.promise;
  await Promise.resolve();
  order.push('first done');
  second.resolve();
  await settled;
  assert.equal(order, ['first done', 'settled true']);
  assert.is(outlivingCount(), 0);
});

test('a failed work counts as settled and its error is not rethrown', async () => {
  const work = deferred();
  // Its starter logs the error (the routes attach their own catch); tracking only watches it.
  const started = work.promise.catch(() => 'logged by its starter');
  outlive(work.promise);
  work.reject(new Error('smtp refused'));
  assert.is(await workSettled(), true);
  assert.is(await started, 'logged by its starter');
});

test('workSettled gives up after its bound, leaving the work running; with nothing tracked it resolves at once', async () => {
  assert.is(await workSettled(0), true, 'nothing tracked');
  const work = deferred();
  outlive(work.promise);
  assert.is(await workSettled(20), false);
  assert.is(outlivingCount(), 1, 'the work is still tracked');
  work.resolve();
  assert.is(await workSettled(), true);
});

test('finishOutlivingWork says what it waits for, and when it gives up', async () => {
  const log = createMemoryLogger();
  await finishOutlivingWork(log, 20);
  assert.equal(log.lines, [], 'nothing to wait for, nothing said');
  const work = deferred();
  outlive(work.promise);
  await finishOutlivingWork(log, 20);
  assert.match(log.lines[0] ?? '', /INFO .*waiting for work requests started count=1 wait_ms=20/);
  assert.match(log.lines[1] ?? '', /WARN .*still running at shutdown; it is dropped count=1/);
  work.resolve();
  await workSettled();
});

test.run();
