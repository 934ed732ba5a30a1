/**
 * SIGTERM under load: the API process stops accepting, lets the requests already in flight finish
 * with their full answers, and exits 0 within 5 s (the graceful shutdown).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stableId } from '../../core/domain/ids.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource, insertFixtures } from '../helpers/fixtures.ts';
import { startModelServer } from '../helpers/model-server.ts';
import { until } from '../helpers/until.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ANSWER = {
  summary: 'Neighbours opened a small library in a disused phone box. It now lends books to the whole street.',
  what_happened: 'A phone box became a library.',
  why_matters: 'Books are easier to reach.',
  why_belongs: 'A gentle story of neighbours sharing.',
};

let ctx: TestContext;
test.before(async () => {
  ctx = await createTestContext();
});
test.after(async () => {
  await ctx.close();
});

test('SIGTERM while requests are in flight: they finish with full answers, new ones are refused, exit 0 within 5 s', async () => {
  // The model answers only when the test says so: after the API has begun to shut down.
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const model = await startModelServer(() => ({ content: JSON.stringify(ANSWER), after: answered }));
  const source = makeSource({ name: 'Phone Box Post' });
  const articles = [1, 2, 3, 4, 5].map((i) => makeArticle({ source_id: source._id, url: `https://phonebox.example/${i}` }));
  await insertFixtures(ctx.db, { sources: [source], articles });
  await bumpPoolVersion(ctx.db);

  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/api.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      MONGODB_URI: `mongodb://${base}/${ctx.db.databaseName}`,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: model.baseUrl,
      SESSION_SECRET: 'x'.repeat(40),
      TIDINGS_DATA_DIR: path.join(ctx.tmpDir, 'api-data'),
      TIDINGS_DIST_DIR: path.join(ctx.tmpDir, 'api-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await until(() => /API listening at http:\/\/localhost:(\d+)/.test(output), 30_000, 'the API to start');
    const port = /API listening at http:\/\/localhost:(\d+)/.exec(output)?.[1];
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    // Summaries of five uncached articles: each waits on the model, so all are in flight.
    const inFlight = articles.map((a) => fetch(url(`/api/summary/${a._id}`), { headers: { Connection: 'close' } }));
    await until(() => model.received.length >= articles.length, 30_000, 'the model to receive the five requests');
    const signalled = Date.now();
    child.kill('SIGTERM');
    // The model answers once the API has begun shutting down: the requests finish during the shutdown.
    await until(() => /shutting down/.test(output), 5000, `the API to log that it is shutting down\n${output}`);
    answer();
    const responses = await Promise.all(inFlight);
    for (const res of responses) {
      assert.is(res.status, 200);
      const body = (await res.json()) as { status: string; summary?: string };
      assert.is(body.status, 'ready', 'the in-flight request got its full answer');
      assert.is(body.summary, ANSWER.summary);
    }
    const code = await exited;
    assert.is(code, 0);
    assert.ok(Date.now() - signalled < 5000, 'stopped within 5 s');
    const late = await fetch(url(`/api/summary/${stableId('https://phonebox.example/1')}`)).then(
      () => 'answered',
      () => 'refused',
    );
    assert.is(late, 'refused', 'no new request is accepted after shutdown');
  } finally {
    child.kill('SIGKILL');
    await model.close();
  }
});

test.run();
