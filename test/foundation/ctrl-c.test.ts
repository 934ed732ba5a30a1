/**
 * Ctrl-C on `npm start`, the way a terminal sends it: SIGINT to the whole process group (npm, the
 * shell it runs the script with, our Node process and whatever that started), at several moments
 * (during the first round of jobs, the instant the ready line appears, a little after it), 20
 * times. Every time npm exits with status 0 within 5 s and no process of the group, nor the
 * embedded database server, is left.
 *
 * The runs use a prepared small database (one paused source, so no demo load and an instant first
 * round) on the test server, two at a time; most of each run is Node loading the code.
 * ctrl-c-embedded.test.ts covers the embedded default's server child.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { ctrlC, type Moment, READY, FIRST_ROUND } from './ctrl-c.ts';

let ctx: TestContext;
test.before(async () => {
  ctx = await createTestContext();
});
test.after(async () => {
  await ctx.close();
});

test('20 SIGINTs to npm start at different moments: 20 exits with status 0, each within 5 s, nothing left', async () => {
  const moments: Moment[] = [];
  for (let i = 0; i < 20; i += 1) {
    if (i % 5 === 0) moments.push({ on: FIRST_ROUND, afterMs: 0, label: `run ${i}: during the first round` });
    else if (i % 5 === 4) moments.push({ on: READY, afterMs: 40 * i, label: `run ${i}: ${40 * i} ms after ready` });
    else moments.push({ on: READY, afterMs: 0, label: `run ${i}: right after ready` });
  }
  // Two lanes, each with its own prepared database, data and site directories.
  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  const lanes = await Promise.all(
    [0, 1].map(async (lane) => {
      const db = ctx.client.db(`${ctx.db.databaseName}_lane${lane}`);
      await insertFixtures(db, { sources: [makeSource({ status: 'paused', active: false })] });
      const dir = path.join(ctx.tmpDir, `lane${lane}`);
      mkdirSync(dir, { recursive: true });
      return {
        MONGODB_URI: `mongodb://${base}/${db.databaseName}`,
        TIDINGS_DATA_DIR: path.join(dir, 'data'),
        TIDINGS_DIST_DIR: path.join(dir, 'dist'),
      };
    }),
  );
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    lanes.map(async (env) => {
      for (;;) {
        const moment = moments[next];
        next += 1;
        if (!moment) return;
        const result = await ctrlC(env, moment);
        if (result.code !== 0 || result.stopMs >= 5000) {
          failures.push(`${moment.label}: code ${result.code} signal ${result.signal} after ${result.stopMs} ms\n${result.output.slice(-1500)}`);
        }
      }
    }),
  );
  assert.equal(failures, [], failures.join('\n\n'));
});

test.run();
