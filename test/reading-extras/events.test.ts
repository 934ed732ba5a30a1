/** SPEC.md "Events": whitelisted kinds, hashed visitor token, one row per visitor per day, no request metadata stored. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { utcDay } from '../../core/domain/days.ts';
import { EVENT_KINDS, eventRecord, visitorHash } from '../../core/domain/event.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

let ctx: TestContext;
// A clock the tests move: 23:30 in New York on 1 March is already 2 March in UTC.
let clock = new Date('2026-03-02T04:30:00Z');
const events = () => ctx.db.collection<Record<string, unknown>>('events');

test.before(async () => {
  ctx = await createTestContext({ now: () => clock });
});
test.after(async () => {
  await ctx.close();
});
test.before.each(async () => {
  await events().deleteMany({});
});

const VISITOR = 'v1sitor-token-abcdefghijklmnop';

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return ctx.request('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

test('three identical events from one visitor on one day collapse into one row', async () => {
  for (let i = 0; i < 3; i += 1) {
    const res = await post({ kind: 'open', article_id: 'abc123', visitor: VISITOR });
    assert.is(res.status, 204);
  }
  assert.is(await events().countDocuments({}), 1);
});

test('the stored row holds only kind, article_id, visitor hash and day; no raw token, IP, user agent, referrer or URL', async () => {
  const res = await post(
    { kind: 'open', article_id: 'abc123', visitor: VISITOR, url: 'https://leak.example/', ip: '203.0.113.9' },
    {
      'x-forwarded-for': '203.0.113.9',
      'user-agent': 'LeakyBrowser/1.0',
      referer: 'https://referrer.example/page',
    },
  );
  assert.is(res.status, 204);
  const rows = await events().find({}).toArray();
  assert.is(rows.length, 1);
  const row = rows[0]!;
  assert.equal(Object.keys(row).sort(), ['_id', 'article_id', 'day', 'kind', 'visitor_hash']);
  assert.is(row.kind, 'open');
  assert.is(row.article_id, 'abc123');
  assert.is(row.day, '2026-03-02');
  assert.is(row.visitor_hash, visitorHash(VISITOR, ctx.config.sessionSecret));
  const stored = JSON.stringify(rows);
  const logged = ctx.log.lines.join('\n');
  for (const secret of [VISITOR, '203.0.113.9', 'LeakyBrowser', 'referrer.example', 'leak.example']) {
    assert.not.ok(stored.includes(secret), `${secret} was stored`);
    assert.not.ok(logged.includes(secret), `${secret} was logged`);
  }
});

test('an unknown kind answers 204 and stores nothing', async () => {
  for (const kind of ['page_view', 'OPEN', 'visit ', '']) {
    const res = await post({ kind, visitor: VISITOR });
    assert.is(res.status, 204, kind);
  }
  assert.is(await events().countDocuments({}), 0);
});

test('a sendBeacon text/plain body is accepted', async () => {
  const res = await post(JSON.stringify({ kind: 'visit', visitor: VISITOR }), { 'content-type': 'text/plain;charset=UTF-8' });
  assert.is(res.status, 204);
  const row = await events().findOne({});
  assert.is(row?.kind, 'visit');
  assert.is(row?.article_id, null);
});

test('every whitelisted kind is recorded', async () => {
  for (const kind of EVENT_KINDS) assert.is((await post({ kind, visitor: VISITOR })).status, 204);
  assert.is(await events().countDocuments({}), EVENT_KINDS.length);
});

test('a new UTC day, another kind, another article or another visitor each make a new row', async () => {
  await post({ kind: 'open', article_id: 'a1', visitor: VISITOR });
  await post({ kind: 'open', article_id: 'a2', visitor: VISITOR });
  await post({ kind: 'full_story', article_id: 'a1', visitor: VISITOR });
  await post({ kind: 'open', article_id: 'a1', visitor: 'another-visitor-token-000' });
  clock = new Date('2026-03-03T00:00:01Z');
  await post({ kind: 'open', article_id: 'a1', visitor: VISITOR });
  clock = new Date('2026-03-02T04:30:00Z');
  assert.is(await events().countDocuments({}), 5);
  assert.equal((await events().distinct('day')).sort(), ['2026-03-02', '2026-03-03']);
});

const invalid: Array<[string, unknown, number]> = [
  ['no visitor', { kind: 'open' }, 422],
  ['short visitor', { kind: 'open', visitor: 'short' }, 422],
  ['visitor with spaces', { kind: 'open', visitor: 'has spaces in the token!!' }, 422],
  ['visitor not a string', { kind: 'open', visitor: 12345678901234567890 }, 422],
  ['kind not a string', { kind: ['open'], visitor: VISITOR }, 422],
  ['malformed article id', { kind: 'open', article_id: '../../etc', visitor: VISITOR }, 422],
  ['not JSON', 'kind=open', 422],
  ['a JSON array', [{ kind: 'open', visitor: VISITOR }], 422],
  ['an oversized body', { kind: 'open', visitor: VISITOR, pad: 'x'.repeat(5000) }, 413],
];
for (const [name, body, status] of invalid) {
  test(`${name} is refused with ${status} and stores nothing`, async () => {
    const res = await post(body);
    assert.is(res.status, status);
    const json = (await res.json()) as { error: { code: string; message: string } };
    assert.type(json.error.message, 'string');
    assert.is(await events().countDocuments({}), 0);
  });
}

test('the visitor hash depends on the secret and the day is the UTC calendar day', () => {
  assert.is.not(visitorHash(VISITOR, 'a'.repeat(32)), visitorHash(VISITOR, 'b'.repeat(32)));
  assert.is(utcDay(new Date('2026-12-31T23:59:59.999Z')), '2026-12-31');
  const a = eventRecord({ kind: 'open', articleId: null, visitorHash: 'h', now: new Date('2026-01-01T01:00:00Z') });
  const b = eventRecord({ kind: 'open', articleId: null, visitorHash: 'h', now: new Date('2026-01-01T23:00:00Z') });
  assert.is(a._id, b._id);
});

test.run();
