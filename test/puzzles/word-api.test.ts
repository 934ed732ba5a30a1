import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { WORD_GAME_RULES, type WordGame } from '../../core/domain/puzzle.ts';
import { findPuzzle } from '../../core/store/puzzles.ts';
import { readVerdict } from '../../app/games/word-game.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

const NOW = new Date('2026-03-14T10:00:00Z');
let ctx: TestContext;
test.before(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
test.after(async () => {
  await ctx.close();
});

function guess(body: unknown) {
  return ctx.request('/api/puzzle/word/guess', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The stored answer and note (the test reads the store; the API never tells before the end). */
async function secret(game: WordGame, date = '2026-03-14'): Promise<{ answer: string; why: string }> {
  const doc = await findPuzzle(ctx.db, date, 'word', game);
  assert.ok(doc, `no ${game} puzzle stored for ${date}`);
  return { answer: String(doc.payload.answer), why: String(doc.payload.why) };
}

/** A well-formed wrong guess: the answer with its letters rotated (or 'z's when that equals it). */
function wrongGuess(answer: string, n: number): string {
  const rotated = answer.slice(n % answer.length) + answer.slice(0, n % answer.length);
  return rotated === answer ? 'z'.repeat(answer.length) : rotated;
}

function assertHidden(text: string, s: { answer: string; why: string }, where: string) {
  assert.not.ok(text.toLowerCase().includes(s.answer), `${where} leaks the answer: ${text}`);
  assert.not.ok(text.includes(s.why), `${where} leaks the why note`);
  assert.not.ok(/"(answer|why)"/.test(text), `${where} has an answer or why key`);
}

test('GET /api/puzzle/word answers {date, game, length, max_guesses} and never the answer (created on demand)', async () => {
  for (const game of ['classic', 'long'] as const) {
    const res = await ctx.request(`/api/puzzle/word?game=${game}`);
    assert.is(res.status, 200);
    const text = await res.text();
    const rules = WORD_GAME_RULES[game];
    assert.equal(JSON.parse(text), { date: '2026-03-14', game, length: rules.length, max_guesses: rules.maxGuesses });
    assertHidden(text, await secret(game), `GET ${game}`);
  }
  const res = await ctx.request('/api/puzzle/word');
  assert.is((await res.json() as { game: string }).game, 'classic', 'classic is the default');
});

for (const game of ['classic', 'long'] as const) {
  const max = WORD_GAME_RULES[game].maxGuesses;
  test(`${game}: every wrong guess before the ${max}th hides answer and why; the ${max}th reveals both`, async () => {
    const s = await secret(game);
    for (let attempt = 1; attempt < max; attempt += 1) {
      const res = await guess({ game, guess: wrongGuess(s.answer, attempt), attempt });
      assert.is(res.status, 200);
      const text = await res.text();
      assertHidden(text, s, `guess ${attempt}`);
      const body = JSON.parse(text) as { pattern: string[]; solved: boolean; attempts_left: number };
      assert.is(body.solved, false);
      assert.is(body.attempts_left, max - attempt);
      assert.is(body.pattern.length, s.answer.length);
    }
    const last = await guess({ game, guess: wrongGuess(s.answer, 1), attempt: max });
    const body = (await last.json()) as Record<string, unknown>;
    assert.is(body.solved, false);
    assert.is(body.attempts_left, 0);
    assert.is(body.answer, s.answer);
    assert.is(body.why, s.why);
  });

  test(`${game}: the solving guess reveals answer and why at once`, async () => {
    const s = await secret(game);
    const res = await guess({ game, guess: s.answer.toUpperCase(), attempt: 2 });
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body, { pattern: Array(s.answer.length).fill('correct'), solved: true, attempts_left: max - 2, answer: s.answer, why: s.why });
  });
}

test('the game reads every verdict the server writes, field for field (one shape: GuessVerdict)', async () => {
  const s = await secret('classic');
  const sent: unknown[] = [];
  for (const [attempt, word] of [[1, wrongGuess(s.answer, 1)], [2, s.answer]] as const) sent.push(await (await guess({ game: 'classic', guess: word, attempt })).json());
  sent.push(await (await guess({ game: 'classic', guess: wrongGuess(s.answer, 2), attempt: WORD_GAME_RULES.classic.maxGuesses })).json());
  for (const body of sent) assert.equal(readVerdict(body, s.answer.length), body);
  assert.is(readVerdict({ ...(sent[0] as object), pattern: ['correct', 'green', 'absent', 'absent', 'absent'] }, 5), null, 'a colour the game does not know');
  assert.is(readVerdict(sent[0], 6), null, 'a pattern of another length');
});

test('malformed guesses and attempts outside 1..max give 422 with the error body', async () => {
  const s = await secret('classic');
  const cases: unknown[] = [
    { game: 'classic', guess: 'abcd', attempt: 1 },
    { game: 'classic', guess: 'abcdef', attempt: 1 },
    { game: 'long', guess: 'abcde', attempt: 1 },
    { game: 'classic', guess: 'ab3de', attempt: 1 },
    { game: 'classic', guess: 'crâne', attempt: 1 },
    { game: 'classic', guess: 12345, attempt: 1 },
    { game: 'classic', guess: 'crane', attempt: 0 },
    { game: 'classic', guess: 'crane', attempt: 7 },
    { game: 'long', guess: 'cranes', attempt: 8 },
    { game: 'classic', guess: 'crane', attempt: 1.5 },
    { game: 'classic', guess: 'crane', attempt: '1' },
    { game: 'classic', guess: 'crane' },
    { game: 'chess', guess: 'crane', attempt: 1 },
    { game: 'classic', guess: 'crane', attempt: 1, date: '2026-03-15' },
    { game: 'classic', guess: 'crane', attempt: 1, date: '2026-03-01' },
    [1, 2],
    'not json',
  ];
  for (const body of cases) {
    const res = await guess(body);
    assert.is(res.status, 422, JSON.stringify(body));
    const text = await res.text();
    const json = JSON.parse(text) as { error: { code: string; message: string } };
    assert.is(json.error.code, 'invalid_input');
    assertHidden(text, s, `422 for ${JSON.stringify(body)}`);
  }
  assert.is((await ctx.request('/api/puzzle/word?game=chess')).status, 422);
});

test('a game started before midnight may finish on yesterday\'s puzzle', async () => {
  const res = await guess({ game: 'classic', guess: 'crane', attempt: 6, date: '2026-03-13' });
  assert.is(res.status, 200);
  const body = (await res.json()) as { answer: string };
  assert.is(body.answer, (await secret('classic', '2026-03-13')).answer);
});

test('two readers get the same word puzzle and the same verdicts', async () => {
  const a = await (await ctx.request('/api/puzzle/word?game=long', { headers: { Authorization: 'Bearer reader-one-token-aaaaaaaa' } })).text();
  const b = await (await ctx.request('/api/puzzle/word?game=long')).text();
  assert.is(a, b);
  const g = { game: 'long', guess: 'garden', attempt: 1 };
  assert.is(await (await guess(g)).text(), await (await guess(g)).text());
});

test.run();
