import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { load } from './pool.ts';
import { prefsOnlyParams, READING_QUERY } from '../../core/readmodel/params.ts';

let ctx: TestContext;

test.before(async () => {
  ctx = await createTestContext();
  const source = makeSource({ _id: 'garbage-src' });
  await load(ctx.db, { sources: [source], articles: Array.from({ length: 9 }, () => makeArticle({ source_id: source._id })) });
});
test.after(async () => {
  await ctx.close();
});

const ENDPOINTS = ['/api/feed', '/api/brief', '/api/replacement', '/api/since', '/api/categories', '/api/moods', '/api/lanes', '/api/families'];
const PARAMS = ['prefs', 'tag', 'topic', 'mood', 'source_id', 'sort', 'exclude', 'following', 'offset', 'limit', 'gentle', 'ts'];
const GARBAGE = [
  '{', '{"include_topics":', 'null', '[]', '[1,2,{"a":[]}]', '{"pauses":[{"kind":"topic","until":{}}]}', '{"avoid_terms":["(((", "\\\\", "[", "*"]}',
  '{"max_cortisol":1e400,"max_ragebait":-1e308}', '{"__proto__":{"x":1},"constructor":{"prototype":{}}}',
  '99999999999999999999999999999', '-1', '1e400', 'NaN', 'Infinity', '0x10', '', ' ', '%00', '%F0%9F%98%80', '%E2%80%AE',
  '%FF%FE', '%', 'true', 'undefined', "'; DROP TABLE articles; --", '$where', '{"$gt":""}', 'a'.repeat(5000), '..%2F..%2Fetc%2Fpasswd',
];

test('garbage in every query parameter gives 200 or 422 with the contract error body, never 500', async () => {
  for (const endpoint of ENDPOINTS) {
    for (const param of PARAMS) {
      for (const value of GARBAGE) {
        const encoded = /%|^$/.test(value) ? value : encodeURIComponent(value);
        for (const query of [`${param}=${encoded}`, `${param}=${encoded}&${param}=${encoded}`, `${param}[]=${encoded}`]) {
          const res = await ctx.request(`${endpoint}?${query}`);
          const where = `${endpoint}?${query.slice(0, 80)}`;
          assert.ok(res.status === 200 || res.status === 422, `${where} → ${res.status}`);
          const body: unknown = await res.json();
          if (res.status === 422) {
            const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
            assert.type(error?.code, 'string', where);
            assert.type(error?.message, 'string', where);
          }
        }
      }
    }
  }
});

test('a bad prefs blob is ignored tolerantly (200) and strict parameters answer 422', async () => {
  const cases: Array<[string, number]> = [
    ['/api/feed?prefs=%7B', 200],
    ['/api/brief?prefs=nonsense', 200],
    ['/api/feed?limit=abc', 422],
    ['/api/feed?limit=99999999999999999999', 200],
    ['/api/feed?offset=-3', 422],
    ['/api/feed?sort=popular', 422],
    ['/api/feed?mood=grumpy', 422],
    ['/api/feed?tag=%F0%9F%98%80', 422],
    ['/api/feed?exclude=%F0%9F%98%80,,%2C', 200],
    ['/api/feed?following=maybe', 200],
    // /api/since: an unusable ts is the empty answer whatever else the query says; a usable one is validated.
    ['/api/since?sort=popular', 200],
    ['/api/since?ts=2999-01-01&limit=abc', 200],
    ['/api/since?ts=0&sort=popular', 422],
  ];
  for (const [path, status] of cases) assert.is((await ctx.request(path)).status, status, path);
  const brief = (await (await ctx.request('/api/brief?prefs=%5B%5D&exclude=%00')).json()) as { items: unknown[] };
  assert.is(brief.items.length, 7);
});

test('a query of the one parameter prefs parses as the schema parses it, for every string (the reading host skips zod for it)', () => {
  const blobs = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.json(),
    fc.record({ avoid_terms: fc.array(fc.string()), mute_topics: fc.array(fc.string()), max_cortisol: fc.oneof(fc.integer(), fc.string()), pauses: fc.array(fc.record({ kind: fc.string(), value: fc.string(), until: fc.oneof(fc.string(), fc.integer()) })) }).map((v) => JSON.stringify(v)),
  );
  fc.assert(
    fc.property(blobs, (prefs) => {
      const expected = READING_QUERY.parse({ prefs });
      assert.equal(prefsOnlyParams(prefs), expected);
      assert.equal(READING_QUERY.parse({ prefs: [prefs] }), expected, 'as Hono lists it');
    }),
    { numRuns: 2000 },
  );
});

test.run();
