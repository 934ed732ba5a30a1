import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { json, signInDirectly } from './helpers.ts';

const BASE = 'http://tidings.test';
let ctx: TestContext;
let bearer: string;
const source = makeSource({ _id: 'calm-times', name: 'Calm Times' });
const a1 = makeArticle({ source_id: source._id });
const a2 = makeArticle({ source_id: source._id });

test.before(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: BASE } });
  await insertFixtures(ctx.db, { sources: [source], articles: [a1, a2] });
  bearer = (await signInDirectly(ctx.db, 'lib@example.org')).token;
});
test.after(async () => {
  await ctx.close();
});

type Call = [method: string, path: string, body?: unknown];
const SIGN_IN_REQUIRED: Call[] = [
  ['GET', '/api/auth/me'],
  ['GET', '/api/saved'],
  ['GET', '/api/saved/ids'],
  ['POST', '/api/saved', { article_id: a1._id }],
  ['DELETE', `/api/saved?article_id=${a2._id}`],
  ['GET', '/api/history'],
  ['POST', '/api/history', { article_id: a1._id, event: 'opened' }],
  ['DELETE', `/api/history/${a2._id}`],
  ['DELETE', '/api/history'],
  ['POST', '/api/import', { history: [] }],
  ['GET', '/api/prefs'],
  ['PUT', '/api/prefs', { mute_topics: ['sport'] }],
  ['GET', '/api/follows'],
  ['POST', '/api/follows', { kind: 'tag', value: 'space' }],
  ['DELETE', '/api/follows', { kind: 'tag', value: 'ocean' }],
  ['GET', '/api/account'],
  ['GET', '/api/account/export'],
];

function call([method, path, body]: Call, headers: Record<string, string>): Promise<Response> {
  return ctx.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

for (const entry of SIGN_IN_REQUIRED) {
  test(`${entry[0]} ${entry[1]}: 401 without a session, 2xx with the cookie and with the bearer token`, async () => {
    const anonymous = await call(entry, {});
    assert.is(anonymous.status, 401);
    assert.is((await json<{ error: { code: string } }>(anonymous)).error.code, 'unauthorized');
    const expired = await call(entry, { authorization: `Bearer ${'x'.repeat(43)}` });
    assert.is(expired.status, 401, 'an unknown bearer token is no session');
    const byCookie = await call(entry, { cookie: `tidings_session=${bearer}`, origin: BASE });
    assert.ok(byCookie.status >= 200 && byCookie.status < 300, `cookie: ${byCookie.status}`);
    const byBearer = await call(entry, { authorization: `Bearer ${bearer}` });
    assert.ok(byBearer.status >= 200 && byBearer.status < 300, `bearer: ${byBearer.status}`);
  });
}

test('saved: save, list as cards, ids, unsave; an id with no article is skipped, not an error', async () => {
  const { token } = await signInDirectly(ctx.db, 'saver@example.org');
  const auth = { authorization: `Bearer ${token}` };
  const post = (id: string) => call(['POST', '/api/saved', { article_id: id }], auth);
  assert.is((await json<{ saved: boolean }>(await post(a1._id))).saved, true);
  assert.is((await json<{ saved: boolean }>(await post(a1._id))).saved, true, 'idempotent');
  const ghost = await post('no-such-article');
  assert.is(ghost.status, 200);
  assert.is((await json<{ skipped: boolean }>(ghost)).skipped, true);
  assert.is((await post('bad id!')).status, 422);
  await post(a2._id);
  // an article that disappears later is skipped in the list
  await ctx.db.collection<{ _id: string; [key: string]: unknown }>('saved').insertOne({ _id: 'old', user_id: (await ctx.db.collection('users').findOne({ email: 'saver@example.org' }))!._id, article_id: 'gone-article', saved_at: new Date() });
  const list = await json<{ items: Array<{ id: string; source_name: string; title: string }> }>(await call(['GET', '/api/saved'], auth));
  assert.equal(list.items.map((i) => i.id).sort(), [a1._id, a2._id].sort());
  assert.is(list.items[0]!.source_name, 'Calm Times');
  const ids = await json<{ ids: string[] }>(await call(['GET', '/api/saved/ids'], auth));
  assert.equal(ids.ids.sort(), [a1._id, a2._id].sort());
  await call(['DELETE', '/api/saved', { article_id: a1._id }], auth);
  assert.equal((await json<{ ids: string[] }>(await call(['GET', '/api/saved/ids'], auth))).ids, [a2._id]);
});

test('history: only deliberate events; list, remove one, clear', async () => {
  const { token } = await signInDirectly(ctx.db, 'reader@example.org');
  const auth = { authorization: `Bearer ${token}` };
  assert.is((await call(['POST', '/api/history', { article_id: a1._id, event: 'opened' }], auth)).status, 200);
  assert.is((await call(['POST', '/api/history', { article_id: a2._id, event: 'replaced' }], auth)).status, 200);
  for (const event of ['impression', 'scrolled', 42]) {
    assert.is((await call(['POST', '/api/history', { article_id: a1._id, event }], auth)).status, 422, String(event));
  }
  const skipped = await json<{ recorded: boolean }>(await call(['POST', '/api/history', { article_id: 'gone-article' }], auth));
  assert.is(skipped.recorded, false);
  let list = await json<{ items: Array<{ id: string; event: string }> }>(await call(['GET', '/api/history'], auth));
  assert.equal(list.items.map((i) => [i.id, i.event]).sort(), [[a1._id, 'opened'], [a2._id, 'replaced']].sort());
  await call(['DELETE', `/api/history/${a1._id}`], auth);
  list = await json(await call(['GET', '/api/history'], auth));
  assert.equal(list.items.map((i) => i.id), [a2._id]);
  assert.is((await call(['DELETE', '/api/history/never-there'], auth)).status, 200);
  await call(['DELETE', '/api/history'], auth);
  list = await json(await call(['GET', '/api/history'], auth));
  assert.equal(list.items, []);
});

test('import: once per account; unknown ids skipped; device prefs fill only an empty account', async () => {
  const { token } = await signInDirectly(ctx.db, 'importer@example.org');
  const auth = { authorization: `Bearer ${token}` };
  const body = {
    history: [{ article_id: a1._id, event: 'opened', at: '2026-11-19T08:00:00Z' }, { article_id: 'gone-article' }, { article_id: a2._id, at: 'garbage' }],
    prefs: { mute_topics: ['sport'], lanes: ['wonder'] },
  };
  const first = await json<{ imported: number; skipped: number; prefs_imported: boolean; already_imported: boolean }>(await call(['POST', '/api/import', body], auth));
  assert.equal(first, { imported: 2, skipped: 1, prefs_imported: true, already_imported: false });
  const again = await json<{ imported: number; already_imported: boolean }>(await call(['POST', '/api/import', body], auth));
  assert.is(again.already_imported, true);
  assert.is(again.imported, 0);
  const history = await json<{ items: Array<{ id: string; at: string }> }>(await call(['GET', '/api/history'], auth));
  assert.is(history.items.find((i) => i.id === a1._id)?.at, '2026-11-19T08:00:00.000Z');
  assert.equal(await json(await call(['GET', '/api/prefs'], auth)), { ...EMPTY, mute_topics: ['sport'], lanes: ['wonder'] });
  assert.is((await call(['POST', '/api/import', { history: 'nope' }], auth)).status, 422);
});

const EMPTY = { include_topics: [], mute_topics: [], include_flavors: [], mute_flavors: [], mute_tags: [], avoid_terms: [], pauses: [], max_cortisol: null, max_ragebait: null };

test('prefs: PUT replaces (normalised by the reading parser, lanes kept) and GET returns them; non-objects and oversize are 422', async () => {
  const { token } = await signInDirectly(ctx.db, 'prefs@example.org');
  const auth = { authorization: `Bearer ${token}` };
  assert.equal(await json(await call(['GET', '/api/prefs'], auth)), {});
  const sent = {
    include_topics: ['science', 'not-a-topic'],
    avoid_terms: [' Election ', 7],
    max_cortisol: 3,
    pauses: [{ kind: 'tag', value: 'space', until: '2026-12-01T00:00:00Z' }, { kind: 'bogus', value: 'x', until: 'never' }],
    lanes: ['wonder', 'latest'],
    $set: { is_admin: true },
  };
  const put = await call(['PUT', '/api/prefs', sent], auth);
  assert.is(put.status, 200);
  const expected = {
    ...EMPTY,
    include_topics: ['science'],
    avoid_terms: ['election'],
    max_cortisol: 3,
    pauses: [{ kind: 'tag', value: 'space', until: '2026-12-01T00:00:00.000Z' }],
    lanes: ['wonder', 'latest'],
  };
  assert.equal(await json(put), expected);
  assert.equal(await json(await call(['GET', '/api/prefs'], auth)), expected);
  for (const bad of [[1, 2], 'text', null]) {
    assert.is((await call(['PUT', '/api/prefs', bad], auth)).status, 422, JSON.stringify(bad).slice(0, 40));
  }
  // Over the body limit: refused before it is read (api/validate.ts).
  assert.is((await call(['PUT', '/api/prefs', { avoid_terms: ['x'.repeat(20_000)] }], auth)).status, 413);
  assert.equal(await json(await call(['GET', '/api/prefs'], auth)), expected, 'unchanged after refusals');
  const user = await ctx.db.collection('users').findOne({ email: 'prefs@example.org' });
  assert.is(user?.is_admin, false);
});

test('follows: sources validated against sources, tags against the taxonomy; unique; removable', async () => {
  const { token } = await signInDirectly(ctx.db, 'follower@example.org');
  const auth = { authorization: `Bearer ${token}` };
  assert.is((await call(['POST', '/api/follows', { kind: 'source', value: source._id }], auth)).status, 201);
  assert.is((await call(['POST', '/api/follows', { kind: 'source', value: source._id }], auth)).status, 200, 'already followed');
  assert.is((await call(['POST', '/api/follows', { kind: 'tag', value: 'space' }], auth)).status, 201);
  for (const bad of [{ kind: 'source', value: 'no-such-source' }, { kind: 'tag', value: 'doom' }, { kind: 'topic', value: 'science' }, { kind: 'tag' }]) {
    assert.is((await call(['POST', '/api/follows', bad], auth)).status, 422, JSON.stringify(bad));
  }
  const list = await json<{ items: Array<{ kind: string; value: string; name: string }> }>(await call(['GET', '/api/follows'], auth));
  assert.equal(list.items.map((f) => [f.kind, f.value, f.name]), [['source', source._id, 'Calm Times'], ['tag', 'space', 'Space']]);
  await call(['DELETE', '/api/follows', { kind: 'tag', value: 'space' }], auth);
  const after = await json<{ items: Array<{ value: string }> }>(await call(['GET', '/api/follows'], auth));
  assert.equal(after.items.map((f) => f.value), [source._id]);
});

test('following=true feeds hold articles from followed sources or with followed tags', async () => {
  const other = makeSource({ _id: 'elsewhere', name: 'Elsewhere' });
  const spaceStory = makeArticle({ source_id: other._id, tags: ['space'] });
  const plainStory = makeArticle({ source_id: other._id, tags: ['kindness'] });
  await insertFixtures(ctx.db, { sources: [other], articles: [spaceStory, plainStory] });
  await bumpPoolVersion(ctx.db);
  const { token } = await signInDirectly(ctx.db, 'feedfollower@example.org');
  const auth = { authorization: `Bearer ${token}` };
  const feed = async () => (await json<Array<{ id: string }>>(await ctx.request('/api/feed?following=true', { headers: auth }))).map((a) => a.id).sort();
  assert.equal(await feed(), []);
  await call(['POST', '/api/follows', { kind: 'tag', value: 'space' }], auth);
  assert.equal(await feed(), [spaceStory._id]);
  await call(['POST', '/api/follows', { kind: 'source', value: source._id }], auth);
  assert.equal(await feed(), [a1._id, a2._id, spaceStory._id].sort());
  assert.equal(await json(await ctx.request('/api/feed?following=true')), [], 'anonymous: empty list');
});

test.run();
