import { MongoClient } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import type { ArticleCard } from '../../core/domain/article.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

// Two API processes on one database: the test context's app, and a second app built on its own
// MongoClient (so its own read model), as a second `npm run api` would be.
let ctx: TestContext;
let secondClient: MongoClient;
let second: ReturnType<typeof createApp>;
const source = makeSource({ _id: 'conv-src' });
const other = makeSource({ _id: 'conv-other' });
const shown = makeArticle({ _id: 'conv-shown', source_id: 'conv-other' });
const pending = makeArticle({ _id: 'conv-pending', source_id: 'conv-src', accepted: false, reject_reason: 'model' });

test.before(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db, { sources: [source, other], articles: [shown, pending] });
  await bumpPoolVersion(ctx.db);
  secondClient = new MongoClient(ctx.client.options.hosts.map((h) => `mongodb://${h.toString()}`)[0]!, { serverSelectionTimeoutMS: 5000 });
  await secondClient.connect();
  second = createApp({ ...ctx.deps, db: secondClient.db(ctx.db.databaseName) });
});
test.after(async () => {
  await secondClient.close();
  await ctx.close();
});

const feedIds = async (app: { request: (p: string) => Response | Promise<Response> }) =>
  ((await (await app.request('/api/feed?sort=latest&limit=50')).json()) as ArticleCard[]).map((c) => c.id);

/** Wait until `check` holds; fails when it is not reflected within 10 s. */
const within10s = (check: () => Promise<boolean>) => until(check, 10_000, 'the change to be reflected within 10 s');

test('both API processes serve the pool before any change', async () => {
  assert.equal(await feedIds(ctx.app), ['conv-shown']);
  assert.equal(await feedIds(second), ['conv-shown']);
});

test('an article accepted later reaches the second process within 10 s without a restart', async () => {
  await articlesCollection(ctx.db).updateOne({ _id: 'conv-pending' }, { $set: { accepted: true, reject_reason: null } });
  await bumpPoolVersion(ctx.db);
  await within10s(async () => (await feedIds(second)).includes('conv-pending'));
  await within10s(async () => (await feedIds(ctx.app)).includes('conv-pending'));
});

test('a source hidden later leaves every process within 10 s (feed, brief and since)', async () => {
  await sourcesCollection(ctx.db).updateOne({ _id: 'conv-src' }, { $set: { content_visible: false } });
  await bumpPoolVersion(ctx.db);
  for (const app of [second, ctx.app]) {
    await within10s(async () => !(await feedIds(app)).includes('conv-pending'));
    const brief = (await (await app.request('/api/brief')).json()) as { items: ArticleCard[] };
    assert.equal(brief.items.map((c) => c.id), ['conv-shown']);
    const since = (await (await app.request('/api/since?ts=0')).json()) as { items: ArticleCard[] };
    assert.equal(since.items.map((c) => c.id), ['conv-shown']);
  }
});

test.run();
