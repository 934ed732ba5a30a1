/**
 * A build that publishes is served at once by the running server (issue 23): the static index
 * revalidates each file against the disk, so a rebuilt `/today` and a newly built `/a` page are
 * what the next request gets, compressed, with no stale bytes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serveApp, type Listening } from '../../api/server.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { decoded, rawRequest } from '../helpers/raw-http.ts';
import { build, storeBrief } from './helpers.ts';

let ctx: TestContext;
let server: Listening;
const source = makeSource();
const first = makeArticle({ source_id: source._id, title: 'The first calm story', published_at: new Date('2026-11-21T06:00:00Z') });
const second = makeArticle({ source_id: source._id, title: 'A second calm story, built later', published_at: new Date('2026-11-21T07:00:00Z') });

test.before(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: 'https://tidings.example' } });
  server = await serveApp(ctx.app, 0, '127.0.0.1');
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

/** GET with a browser's Accept-Encoding; the first read of a file answers in gzip, so both are fine here. */
const get = (pathname: string) => rawRequest(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });

test('rebuilding publishes new pages that the next request gets, compressed', async () => {
  await insertFixtures(ctx.db, { sources: [source], articles: [first] });
  await storeBrief(ctx, [first._id]);
  await build(ctx);
  const today = await get('/today');
  assert.is(today.status, 200);
  assert.match(String(today.headers['content-encoding']), /^(br|gzip)$/);
  assert.match(decoded(today).toString('utf8'), 'The first calm story');
  assert.not.match(decoded(today).toString('utf8'), 'A second calm story');
  const missing = await get(`/a/${second._id}`);
  assert.is(missing.status, 404, 'not in the pool yet');

  await insertFixtures(ctx.db, { articles: [second] });
  await storeBrief(ctx, [second._id, first._id]);
  await build(ctx);
  const rebuilt = await get('/today');
  assert.match(decoded(rebuilt).toString('utf8'), 'A second calm story, built later');
  assert.is.not(rebuilt.headers.etag, today.headers.etag);
  const page = await get(`/a/${second._id}`);
  assert.is(page.status, 200);
  assert.match(String(page.headers['content-encoding']), /^(br|gzip)$/);
  assert.is(page.headers['cache-control'], 'public, max-age=300, stale-while-revalidate=3600', 'the built file, not the on-demand page');
  assert.match(decoded(page).toString('utf8'), 'A second calm story, built later');
});

test.run();
