/**
 * SIGTERM under load: the API process stops accepting, lets the requests already in flight finish
 * with their full answers, and exits 0 within 5 s (the graceful shutdown); the work a
 * request started and did not wait for (a sign-in mail on its way) is finished before it exits.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stableId } from '../../core/domain/ids.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource, insertFixtures } from '../helpers/fixtures.ts';
import { startModelServer } from '../helpers/model-server.ts';
import { startSmtp } from '../helpers/smtp.ts';
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

  const { child, state, exited } = spawnApi({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: model.baseUrl });
  try {
    const port = await listeningPort(state);
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    // Summaries of five uncached articles: each waits on the model, so all are in flight.
    const inFlight = articles.map((a) => fetch(url(`/api/summary/${a._id}`), { headers: { Connection: 'close' } }));
    await until(() => model.received.length >= articles.length, 30_000, 'the model to receive the five requests');
    const signalled = Date.now();
    child.kill('SIGTERM');
    // The model answers once the API has begun shutting down: the requests finish during the shutdown.
    await until(() => /shutting down/.test(state.output), 5000, `the API to log that it is shutting down\n${state.output}`);
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

/** The port the API says it listens on, once it says so. */
async function listeningPort(state: { output: string }): Promise<string> {
  const listening = /API listening at http:\/\/localhost:(\d+)/;
  return until(() => listening.exec(state.output)?.[1], 30_000, 'the API to start');
}

/** `scripts/api.ts` on a free port with the test database and `env`; its output collected. */
function spawnApi(env: Record<string, string>) {
  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/api.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      MONGODB_URI: `mongodb://${base}/${ctx.db.databaseName}`,
      SESSION_SECRET: 'x'.repeat(40),
      TIDINGS_DATA_DIR: path.join(ctx.tmpDir, 'api-data'),
      TIDINGS_DIST_DIR: path.join(ctx.tmpDir, 'api-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '' };
  child.stdout.on('data', (d: Buffer) => (state.output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (state.output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, state, exited };
}

test('SIGTERM while a sign-in mail is on its way: the mail is delivered, then the process exits 0', async () => {
  const smtp = await startSmtp();
  // The SMTP peer takes the mail's data and holds its reply until the test releases it.
  const release = smtp.hold();
  const { child, state, exited } = spawnApi({ SMTP_URL: smtp.url, MAIL_FROM: 'Tidings <hello@example.org>' });
  try {
    const port = await listeningPort(state);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/email/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leaving-soon@example.org' }),
    });
    assert.is(res.status, 200, 'the sign-in request is answered without waiting for the mail');
    await until(() => smtp.held === 1, 10_000, 'the mail to reach the SMTP peer');
    child.kill('SIGTERM');
    // The stopping process says it waits for the mail; only then does the peer accept it.
    await until(() => /waiting for work requests started/.test(state.output), 5000, () => `the API to wait for the mail\n${state.output}`);
    release();
    assert.is(await exited, 0);
    assert.is(smtp.messages.length, 1, 'the mail was delivered before the process exited');
    assert.equal(smtp.messages[0]?.to, ['leaving-soon@example.org']);
    assert.not.match(state.output, /still running at shutdown/);
  } finally {
    child.kill('SIGKILL');
    await smtp.close();
  }
});

test.run();
