/**
 * The reading answers on the wire (issue 23): remembered answers of `/api/feed` and `/api/brief`
 * carry a weak ETag (a 304 with no body when the client holds it, a new tag when the pool
 * changes) and go out in brotli or gzip when asked, made once per snapshot; JSON the app builds per
 * request is compressed by the request frame when 1 KB or more (smaller goes out as it is); nothing
 * is compressed for a client that names no coding.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serveApp, type Listening } from '../../api/server.ts';
import { compressBytes, feedAnswer } from '../../core/readmodel/answers.ts';
import { parseReadingQuery } from '../../core/readmodel/params.ts';
import { cacheStats } from '../../core/platform/cache.ts';
import { ValidationError } from '../../core/platform/errors.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { saveBrief } from '../../core/store/briefs.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { decoded, rawRequest } from '../helpers/raw-http.ts';
import { load, prefsParam } from './pool.ts';

const HOUR = 3_600_000;
const clock = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
let server: Listening;
const sources = Array.from({ length: 3 }, (_, i) => makeSource({ _id: `wire-src-${i}` }));
const articles = Array.from({ length: 24 }, (_, i) =>
  makeArticle({ source_id: sources[i % 3]!._id, title: `Harbour garden number ${i} grows again`, published_at: new Date(clock.getTime() - (i + 1) * HOUR) }),
);

test.before(async () => {
  ctx = await createTestContext({ now: () => clock });
  await load(ctx.db, { sources, articles });
  await saveBrief(ctx.db, articles.slice(0, 7).map((a) => a._id), clock);
  await readModelFor(ctx.db).refresh();
  server = await serveApp(ctx.app, 0, '127.0.0.1');
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) => rawRequest(`${server.url}${pathname}`, { headers });
const ROUTES = ['/api/brief', '/api/feed', '/api/feed?sort=latest&limit=12', `/api/brief?prefs=${prefsParam({ avoid_terms: ['otters'] })}`];

for (const route of ROUTES) {
  test(`${route}: br or gzip when asked, identity otherwise, one weak ETag, Vary`, async () => {
    const plain = await get(route);
    assert.is(plain.status, 200);
    assert.ok(plain.body.length > 1024, `${plain.body.length} bytes: large enough to compress`);
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(plain.headers['content-type'], 'application/json');
    assert.is(plain.headers.vary, 'Accept-Encoding');
    assert.is(plain.headers['cache-control'], 'no-cache');
    assert.match(String(plain.headers.etag), /^W\/"[^"]+"$/);
    for (const [accept, coding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0', undefined]] as const) {
      const res = await get(route, { 'Accept-Encoding': accept });
      assert.is(res.headers['content-encoding'], coding, accept);
      assert.is(decoded(res).toString('utf8'), plain.body.toString('utf8'), accept);
      assert.is(res.headers.etag, plain.headers.etag, 'weak: the same JSON in every coding');
      if (coding) assert.ok(res.body.length < plain.body.length / 2, `${coding}: ${res.body.length} of ${plain.body.length}`);
    }
  });
}

/** True when two bodies hold the same bytes (uvu's diff cannot print Buffers). */
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

test('a first-seen query is answered as a kept one (the same JSON, ETag, coding and headers), compressed quickly; from its second request on it is kept and compressed thoroughly', async () => {
  const kept = () => {
    const stats = cacheStats();
    return (stats['readmodel.answers.feed']?.hits ?? 0) + (stats['readmodel.answers.brief']?.hits ?? 0);
  };
  const comparable = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)));
  for (const [i, route] of ['/api/feed?offset=2&', '/api/brief?'].entries()) {
    for (const [j, accept] of [undefined, 'gzip, deflate, br, zstd', 'gzip'].entries()) {
      // A brief is also kept by what it shows: each of these avoids one of its stories, so no brief
      // before it showed the same (the feed keeps no answer by selection).
      const path = `${route}prefs=${prefsParam({ avoid_terms: [`first-sight-${i}-${accept ?? 'none'}`, ...(i === 1 ? [`number ${4 + j}`] : [])] })}`;
      const headers: Record<string, string> = accept === undefined ? {} : { 'Accept-Encoding': accept };
      const hits = kept();
      const first = await get(path, headers);
      const second = await get(path, headers);
      assert.is(kept(), hits, `${path} ${accept}: neither the first nor the second request found it kept`);
      const third = await get(path, headers);
      assert.is(kept(), hits + 1, `${path} ${accept}: the third request is answered from the kept answer`);
      for (const later of [second, third]) {
        assert.is(later.status, first.status);
        assert.ok(sameBytes(decoded(later), decoded(first)), `${path} ${accept}: the same JSON`);
        assert.equal(comparable(later.headers), comparable(first.headers), `${path} ${accept}: the same headers`);
      }
      assert.ok(sameBytes(third.body, second.body), `${path} ${accept}: the kept bytes`);
      const coding = accept === undefined ? undefined : accept.includes('br') ? 'br' : 'gzip';
      assert.is(first.headers['content-encoding'], coding);
      if (coding === undefined) assert.ok(sameBytes(first.body, second.body), `${path}: identity bytes are the JSON itself`);
      else {
        const json = decoded(first);
        assert.ok(sameBytes(first.body, compressBytes(json, coding, false)), `${path} ${accept}: sent once, compressed quickly`);
        assert.ok(sameBytes(second.body, compressBytes(json, coding, true)), `${path} ${accept}: kept, compressed thoroughly`);
        if (route.startsWith('/api/feed')) assert.ok(first.body.length > second.body.length, `${path} ${accept}: ${first.body.length} bytes quickly, ${second.body.length} thoroughly`);
      }
      assert.match(String(first.headers.etag), /^W\/"[^"]+"$/);
      assert.is((await get(path, { ...headers, 'If-None-Match': String(first.headers.etag) })).status, 304);
    }
  }
});

test('readers whose prefs choose the same articles get the same bytes and tag, kept once for all of them', async () => {
  const shown = () => cacheStats()['readmodel.shown.brief']?.hits ?? 0;
  // Avoid-terms no story mentions: each blob is new, the brief it chooses is the same.
  const path = (n: number) => `/api/brief?prefs=${prefsParam({ avoid_terms: [`nothing-says-${n}`] })}`;
  const first = await get(path(1), { 'Accept-Encoding': 'br' });
  const second = await get(path(2), { 'Accept-Encoding': 'br' });
  const before = shown();
  const third = await get(path(3), { 'Accept-Encoding': 'br' });
  assert.is(shown(), before + 1, 'the third blob found the selection kept');
  // The first blob's answer was sent once (compressed quickly); the second's is kept for all of them.
  assert.ok(sameBytes(decoded(second), decoded(first)));
  assert.ok(sameBytes(third.body, second.body), 'the kept bytes');
  for (const res of [second, third]) assert.is(res.headers.etag, first.headers.etag);
  assert.is((await get(path(4), { 'If-None-Match': String(first.headers.etag) })).status, 304, 'the tag holds across blobs that show the same');
  // A blob that avoids a story of the brief chooses another selection: other bytes, another tag.
  const other = await get(`/api/brief?prefs=${prefsParam({ avoid_terms: ['number 3'] })}`);
  assert.is.not(other.headers.etag, first.headers.etag);
  assert.not.match(other.body.toString('utf8'), 'number 3 grows');
  assert.match(decoded(first).toString('utf8'), 'number 3 grows');
});

test('If-None-Match with the answer’s tag → 304 with no body, in any coding; another tag → 200', async () => {
  const first = await get('/api/feed', { 'Accept-Encoding': 'br' });
  const etag = String(first.headers.etag);
  for (const tag of [etag, etag.slice(2), `"nope", ${etag}`, '*']) {
    const res = await get('/api/feed', { 'Accept-Encoding': 'gzip', 'If-None-Match': tag });
    assert.is(res.status, 304, tag);
    assert.is(res.body.length, 0);
    assert.is(res.headers.etag, etag);
    assert.is(res.headers['content-encoding'], undefined);
  }
  assert.is((await get('/api/feed', { 'If-None-Match': '"nope"' })).status, 200);
  assert.is((await get('/api/feed', { 'If-None-Match': `${'"x",'.repeat(3000)}` })).status, 200, 'an enormous header is read as far as its bound');
  const brief = await get('/api/brief');
  assert.is((await get('/api/brief', { 'If-None-Match': String(brief.headers.etag) })).status, 304);
  assert.is.not(brief.headers.etag, etag, 'each answer has its own tag');
});

test('when the pool changes, the tag changes and the old one no longer matches', async () => {
  const before = await get('/api/feed?sort=latest');
  const late = makeArticle({ source_id: sources[0]!._id, title: 'A brand new calm story', published_at: new Date(clock.getTime() - 60_000) });
  await load(ctx.db, { articles: [late] });
  await readModelFor(ctx.db).refresh();
  const after = await get('/api/feed?sort=latest', { 'If-None-Match': String(before.headers.etag) });
  assert.is(after.status, 200);
  assert.is.not(after.headers.etag, before.headers.etag);
  assert.match(after.body.toString('utf8'), 'A brand new calm story');
});

test('compressed bytes are made once per snapshot and kept beside the answer', async () => {
  // Twice: an answer is kept from its key's second request on.
  for (let i = 0; i < 2; i += 1) await get('/api/feed?limit=15', { 'Accept-Encoding': 'br' });
  const snapshot = await readModelFor(ctx.db).snapshot();
  const q = parseReadingQuery(new URLSearchParams('limit=15'), clock);
  const answer = feedAnswer(snapshot, q.answerKey, () => '"not built again"');
  assert.ok(answer.remembered);
  assert.ok(answer.body.length > 1024, 'the kept answer, not built again');
  assert.is(answer.encoded('br'), answer.encoded('br'), 'the same bytes, not compressed again');
  assert.is(answer.encoded('gzip'), answer.encoded('gzip'));
});

test('JSON and pages built per request (not remembered) are compressed by the request frame when 1 KB or more and asked, left alone when not', async () => {
  const paused = prefsParam({ pauses: [{ kind: 'topic', value: 'nature', until: '2026-11-21T00:00:00Z' }] });
  const route = `/api/feed?prefs=${paused}`;
  const plain = await get(route);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.headers.etag, undefined, 'not remembered: no tag');
  assert.ok(plain.body.length >= 1024, `${plain.body.length} bytes`);
  for (const [accept, coding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['deflate', undefined]] as const) {
    const res = await get(route, { 'Accept-Encoding': accept });
    assert.is(res.headers['content-encoding'], coding, accept);
    assert.is(res.headers.vary, 'Accept-Encoding', accept);
    assert.is(res.headers['content-length'], String(res.body.length), accept);
    assert.is(decoded(res).toString('utf8'), plain.body.toString('utf8'), accept);
  }
  const page = await get('/nope', { 'Accept-Encoding': 'gzip' });
  assert.is(page.status, 404);
  assert.match(decoded(page).toString('utf8'), 'Nothing here');
});

test('JSON under 1 KB goes out as it is (identity, its length, no Vary), whatever the client accepts (issue 23)', async () => {
  for (const path of ['/api/nope', '/api/health', '/api/moods', `/api/feed?prefs=${prefsParam({ pauses: [{ kind: 'topic', value: 'nature', until: '2026-11-21T00:00:00Z' }] })}&limit=1`]) {
    const plain = await get(path);
    assert.ok(plain.body.length < 1024, `${path}: ${plain.body.length} bytes`);
    const res = await get(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    assert.is(res.status, plain.status, path);
    assert.is(res.headers['content-encoding'], undefined, path);
    assert.is(res.headers.vary, undefined, path);
    assert.is(res.headers['content-length'], String(res.body.length), path);
    assert.is(res.body.toString('utf8'), plain.body.toString('utf8'), path);
  }
});

test('a reading query refused by the route and by parseReadingQuery says the same thing, with the same code', async () => {
  for (const query of ['mood=grumpy', 'limit=abc', 'offset=-4', 'sort=sideways', 'tag=no%20such%20tag!']) {
    const res = await get(`/api/feed?${query}`);
    assert.is(res.status, 422, query);
    const { error } = JSON.parse(res.body.toString('utf8')) as { error: { code: string; message: string } };
    let thrown: unknown;
    try {
      parseReadingQuery(new URLSearchParams(query), clock);
    } catch (e) {
      thrown = e;
    }
    assert.instance(thrown, ValidationError, query);
    assert.equal({ code: (thrown as ValidationError).code, message: (thrown as ValidationError).message }, error, query);
  }
});

test.run();
