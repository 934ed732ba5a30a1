import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BSON } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildWordSearch } from '../../core/domain/puzzle-grid.ts';
import { curatedTheme } from '../../core/puzzles/daily.ts';
import { puzzlesCollection } from '../../core/store/puzzles.ts';
import { puzzlesJob } from '../../jobs/puzzles.ts';
import { findJob } from '../../jobs/registry.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

/** A loopback OpenAI-compatible server answering every chat completion with `answer` (settable). */
let answer: unknown = null;
const requests: Array<Record<string, unknown>> = [];
let server: Server;
let ctx: TestContext;
const NOW = new Date('2026-05-20T23:30:00Z');

test.before(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      requests.push(JSON.parse(raw) as Record<string, unknown>);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({
        id: 'chatcmpl-test', object: 'chat.completion', created: 1, model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: JSON.stringify(answer) } }],
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('no loopback port');
  const { port } = address;
  ctx = await createTestContext({
    now: () => NOW,
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`, OPENAI_MODEL: 'test-model' },
  });
});
test.after(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
});

const runJob = () => puzzlesJob.run({ ...ctx.deps, mailer: ctx.mailer, progress: () => undefined });
const storedBytes = async () => {
  const docs = await puzzlesCollection(ctx.db).find({}).toArray();
  return docs.sort((a, b) => (a._id < b._id ? -1 : 1)).map((doc) => Buffer.from(BSON.serialize(doc)).toString('base64'));
};

test('the puzzles job is registered with a schedule', () => {
  assert.is(findJob('puzzles'), puzzlesJob);
  assert.ok(puzzlesJob.every);
});

test('with the model answering, its valid words are used and invalid ones dropped', async () => {
  const proposal = {
    theme: 'Bees and blossoms',
    words: ['honey', 'HIVE', 'pollen', 'nectar', 'queen', 'drone', 'Buzz', 'ice cream', 'r2d2', 'honey', 'ox', 'abcdefghijklmnop', 'café', 'comb'],
  };
  answer = proposal;
  const summary = await runJob();
  assert.equal(summary, { today: '2026-05-20', created: 6, existing: 0 });
  // Structured output as CONTRACT.md asks: a strict json_schema named `wordsearch`.
  const format = JSON.stringify(requests[0]?.response_format);
  assert.match(format, /^\{"type":"json_schema","json_schema":\{"name":"wordsearch","strict":true,"schema":\{/);

  const res = await ctx.request('/api/puzzle/wordsearch');
  assert.is(res.status, 200);
  const text = await res.text();
  const body = JSON.parse(text) as { theme: string; words: string[]; grid: string[]; size: number };
  assert.is(body.theme, 'Bees and blossoms');
  assert.equal(body.words, ['BUZZ', 'COMB', 'DRONE', 'HIVE', 'HONEY', 'NECTAR', 'POLLEN', 'QUEEN']);
  assert.equal(Object.keys(body).sort(), ['date', 'grid', 'size', 'theme', 'words']);
  assert.not.match(text, /"(row|col|dr|dc|placements?)"/);
  // The grid is exactly what the pure builder places for that proposal and day.
  assert.equal(body.grid, buildWordSearch('2026-05-20', proposal, curatedTheme('2026-05-20')).payload.grid);
});

test('a second run for the same dates leaves byte-identical payloads, even when the model now answers differently', async () => {
  const before = await storedBytes();
  assert.is(before.length, 6, 'classic, long and word search for today and tomorrow');
  answer = { theme: 'Something else', words: ['apple', 'pear', 'plum', 'cherry', 'grape', 'melon', 'lemon', 'lime'] };
  const calls = requests.length;
  const summary = await runJob();
  assert.equal(summary, { today: '2026-05-20', created: 0, existing: 6 });
  assert.is(requests.length, calls, 'no model call for a day already stored');
  assert.equal(await storedBytes(), before);
});

test('a thin model answer falls back to the curated theme', async () => {
  answer = { theme: 'Thin', words: ['one', 'two', 'not a word', '42'] };
  const later = { ...ctx.deps, now: () => new Date('2026-05-22T01:00:00Z') };
  await puzzlesJob.run({ ...later, progress: () => undefined });
  const doc = await puzzlesCollection(ctx.db).findOne({ date: '2026-05-22', game: 'wordsearch', variant: 'daily' });
  assert.is(doc?.payload.theme, curatedTheme('2026-05-22').theme);
});

test('a model answer outside the schema falls back too', async () => {
  answer = { theme: 5, words: 'honey' };
  const later = { ...ctx.deps, now: () => new Date('2026-05-24T01:00:00Z') };
  await puzzlesJob.run({ ...later, progress: () => undefined });
  const doc = await puzzlesCollection(ctx.db).findOne({ date: '2026-05-24', game: 'wordsearch', variant: 'daily' });
  assert.is(doc?.payload.theme, curatedTheme('2026-05-24').theme);
});

test('one puzzle per (date, game, variant): the unique index refuses a second', async () => {
  let code: unknown = null;
  try {
    await puzzlesCollection(ctx.db).insertOne({ _id: 'other', date: '2026-05-20', game: 'word', variant: 'classic', payload: {}, created_at: NOW });
  } catch (error) {
    code = error instanceof Error && 'code' in error ? error.code : null;
  }
  assert.is(code, 11000);
});

test.run();
