import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { load } from './pool.ts';
import { getQueryParams } from 'hono/utils/url';
import { QUERY_AS_IS } from '../../api/reading-host.ts';
import { decodeQueryPart } from '../../api/reading-query.ts';
import { READING_QUERY, readReadingQuery, readReadingSearch } from '../../core/readmodel/params.ts';

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

test('each strict reading parameter answers its own 422, and a query breaking several names the first in a fixed order', async () => {
  const cases: Array<[string, string, string]> = [
    ['tag=no%20such!', 'invalid_input', 'tag: must be an id of letters, digits, "_" or "-".'],
    ['topic=%F0%9F%98%80', 'invalid_input', 'topic: must be an id of letters, digits, "_" or "-".'],
    ['mood=a.b', 'invalid_input', 'mood: must be an id of letters, digits, "_" or "-".'],
    ['mood=%20grumpy%20', 'unknown_mood', 'mood: "grumpy" is not one of /api/moods.'],
    ['source_id=..%2F', 'invalid_input', 'source_id: must be an id of letters, digits, "_" or "-".'],
    ['sort=popular', 'invalid_input', 'sort: must be "ranked" or "latest".'],
    ['offset=1.5', 'invalid_input', 'offset: must be a whole number.'],
    ['limit=-1', 'invalid_input', 'limit: must be a whole number.'],
    ['limit=x&offset=y&sort=z&source_id=!&mood=grumpy&topic=!&tag=!', 'invalid_input', 'tag: must be an id of letters, digits, "_" or "-".'],
    ['limit=x&offset=y&sort=z&mood=grumpy', 'unknown_mood', 'mood: "grumpy" is not one of /api/moods.'],
    ['limit=x&sort=z', 'invalid_input', 'sort: must be "ranked" or "latest".'],
    ['limit=x&offset=y', 'invalid_input', 'offset: must be a whole number.'],
  ];
  for (const [query, code, message] of cases) {
    for (const endpoint of ['/api/feed', '/api/brief']) {
      const res = await ctx.request(`${endpoint}?${query}`);
      assert.is(res.status, 422, `${endpoint}?${query}`);
      assert.equal(await res.json(), { error: { code, message } }, `${endpoint}?${query}`);
    }
  }
  // Blank values are the defaults, and the first of a repeated value counts.
  for (const query of ['tag=&mood=%20&sort=&offset=%20&limit=', 'sort=popular&sort=latest', 'sort=latest&sort=popular']) {
    const res = await ctx.request(`/api/feed?${query}`);
    assert.is(res.status, query.startsWith('sort=popular') ? 422 : 200, query);
  }
});

test('a repeated parameter counts by its first value and repeated exclude values join, in every shape a query comes in', () => {
  const expect = (read: ReturnType<typeof readReadingQuery>, what: string) => {
    assert.ok(read.ok, what);
    if (!read.ok) return;
    assert.is(read.value.tag, 'otters', what);
    assert.is(read.value.sort, 'latest', what);
    assert.equal([...read.value.exclude], ['a1', 'b2', 'c3'], what);
  };
  expect(readReadingSearch('tag=otters&exclude=a1,b2&sort=latest&tag=bees&exclude=c3&sort=ranked', decodeQueryPart), 'raw query string');
  expect(readReadingQuery({ tag: ['otters', 'bees'], exclude: ['a1,b2', 'c3'], sort: ['latest', 'ranked'] }), 'every value a list');
  expect(readReadingQuery({ tag: 'otters', exclude: ['a1,b2', 'c3'], sort: 'latest' }), 'single values as text');
  // A value that is not text is refused wherever it stands in its list.
  for (const tag of [[1], ['otters', 1], 1]) {
    const read = readReadingQuery({ tag });
    assert.equal(read.ok ? null : read.issue, { field: 'tag', message: 'must be text' }, JSON.stringify(tag));
  }
});

test('the routes\' schema and the reading host read every query alike, as the validator and as Hono list its values', () => {
  const names = fc.constantFrom('prefs', 'tag', 'topic', 'mood', 'source_id', 'exclude', 'following', 'gentle', 'sort', 'offset', 'limit', 'ts', 'other', '__proto__', 'constructor');
  const values = fc.oneof(
    fc.string(),
    fc.constantFrom('', ' ', 'ranked', 'latest', ' latest ', 'popular', '20', ' 7 ', '-3', '1e3', '99999999999999999999', 'good-news', 'calm', 'grumpy', 'a b', 'true', 'ON', 'x,,y, z'),
    fc.json(),
  );
  // A query as Hono's getQueryParams gives it: every value a list, in the order the names came.
  const queries = fc.array(fc.tuple(names, values), { maxLength: 6 }).map((pairs) => {
    const listed: Record<string, string[]> = {};
    for (const [name, value] of pairs) {
      if (Object.hasOwn(listed, name)) listed[name]?.push(value);
      else Object.defineProperty(listed, name, { value: [value], enumerable: true, writable: true, configurable: true });
    }
    return listed;
  });
  fc.assert(
    fc.property(queries, (listed) => {
      // As the validator gives it: a single value as a string, a repeated one as a list.
      const validator: Record<string, string | string[]> = {};
      for (const [name, list] of Object.entries(listed)) Object.defineProperty(validator, name, { value: list.length === 1 ? list[0] : list, enumerable: true });
      const read = readReadingQuery(listed);
      for (const shape of [listed, validator]) {
        const parsed = READING_QUERY.safeParse(shape);
        assert.is(parsed.success, read.ok);
        if (parsed.success && read.ok) assert.equal(parsed.data, read.value);
        if (!parsed.success && !read.ok) {
          const issue = parsed.error.issues[0];
          assert.equal(issue?.path, [read.issue.field]);
          assert.is(issue?.message, read.issue.message);
        }
      }
    }),
    { numRuns: 3000 },
  );
});

test('two reading queries share an answer key exactly when every value the answer depends on is the same', () => {
  // The key is a line per field with the raw prefs last (core/readmodel/params.ts `answerKeyOf`):
  // prefs holding line breaks, `=` or text shaped like other fields must not make two queries one.
  const id = fc.constantFrom(undefined, 'otters', 'good-news', 'a_b', 'x-1');
  const prefs = fc.oneof(fc.constant(undefined), fc.string(), fc.constantFrom('', '\n', '=', 'otters\n', '\notters', '{"avoid_terms":["a\nb"]}', '{}', 'null'));
  const query = fc.record({
    prefs, tag: id, topic: id, source_id: id,
    mood: fc.constantFrom(undefined, 'today', 'wonder'),
    exclude: fc.constantFrom(undefined, 'a1', 'a1,b2', 'b2,a1', 'a1,,b2'),
    gentle: fc.constantFrom(undefined, 'true', 'no'),
    sort: fc.constantFrom(undefined, 'ranked', 'latest'),
    offset: fc.constantFrom(undefined, '0', '1', '10'),
    limit: fc.constantFrom(undefined, '1', '20', '50'),
  });
  const read = (q: Record<string, string | undefined>) => {
    const listed = Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, [v]]])));
    const r = readReadingQuery(listed);
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(q)}`);
    return r.value;
  };
  fc.assert(
    fc.property(query, query, (a, b) => {
      const [qa, qb] = [read(a), read(b)];
      if (qa.answerKey === null || qb.answerKey === null) return;
      const meaning = (q: typeof qa) => JSON.stringify([q.prefs, q.tag, q.topic, q.mood?.id ?? null, q.sourceId, [...q.exclude], q.gentle, q.sort, q.offset, q.limit]);
      assert.is(qa.answerKey === qb.answerKey, meaning(qa) === meaning(qb), `${JSON.stringify(a)} / ${JSON.stringify(b)}`);
    }),
    { numRuns: 5000 },
  );
  // The near misses the lines must keep apart, side by side.
  const keyOf = (q: Record<string, string | undefined>) => read(q).answerKey;
  assert.is.not(keyOf({ prefs: '' }), keyOf({}), 'an empty blob is not no blob');
  assert.is.not(keyOf({ tag: 'otters', prefs: 'x' }), keyOf({ prefs: 'otters\nx' }));
  assert.is.not(keyOf({ limit: '1', prefs: '' }), keyOf({ limit: '1' }));
});

test('a raw query string reads as Hono\'s getQueryParams of its URL reads: every value, every refusal', () => {
  // Names as a client may spell them: plain, escaped, with `+`, unknown, empty, inherited names.
  const name = fc.constantFrom('prefs', 'tag', 'topic', 'mood', 'source_id', 'exclude', 'following', 'gentle', 'sort', 'offset', 'limit', 'ts', 'pr%65fs', 'exclud%65', 'sort+', 'other', '', '__proto__', 'constructor', 'toString', '%E0%A4%A');
  const text = fc.oneof(
    fc.string(),
    fc.json(),
    fc.constantFrom('', ' ', 'latest', ' latest ', 'popular', '20', '-3', 'calm', 'a1,b2', '{"avoid_terms":["war"]}', 'übernahme'),
  );
  // Values spelt every way: escaped, `+` for spaces, raw where the host lets them through, a broken escape.
  const value = fc.oneof(
    text.map((v) => encodeURIComponent(v)),
    text.map((v) => encodeURIComponent(v).replaceAll('%20', '+')),
    text.map((v) => encodeURI(v)),
    fc.constantFrom('%', '%4', '%zz', '%E0%A4%A', 'a%2', '%C3%BC', '+', '%2B', '=', 'a=b', '?', '%26'),
  );
  const part = fc.oneof(
    fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
    name,
    value,
  );
  const joined = fc.array(part, { maxLength: 6 }).map((parts) => parts.join('&'));
  // And strings over the host's whole alphabet, separators included.
  const raw = fc.string({ unit: fc.constantFrom(...'&=%+?;,/:@!$()*-._~aepfrsx0129AF'.split('')), maxLength: 40 });
  fc.assert(
    fc.property(fc.oneof(joined, raw), (search) => {
      if (!QUERY_AS_IS.test(search)) return;
      const direct = readReadingSearch(search, decodeQueryPart);
      const viaHono = readReadingQuery(getQueryParams(`http://127.0.0.1:3000/api/feed?${search}`));
      assert.equal(direct, viaHono, search);
    }),
    { numRuns: 5000 },
  );
});

test.run();
