import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleCard } from '../../core/domain/article.ts';
import { stableId } from '../../core/domain/ids.ts';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { seed } from '../../core/pipeline/seed.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { readPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { getJson } from './pool.ts';

let ctx: TestContext;
const now = new Date('2026-11-20T12:00:00Z');
const article = (over: Record<string, unknown>) => ({
  source: 'Calm Times', title: 'Otters return to the river', url: 'https://calm.example.org/otters?utm_source=x', image: null,
  published_at: '2026-11-20T08:00:00Z', topic: 'nature', tags: ['wildlife'], flavor: 'wonder', cortisol: 1, ragebait: 0,
  promotional: 0, accepted: true, duplicate_of: null, why: 'A river recovering.', ...over,
});
const FILE = {
  sources: [
    { name: 'Calm Times', feed_url: 'https://calm.example.org/feed.xml', homepage: 'https://calm.example.org/' },
    { id: 'quiet', name: 'Quiet Post', feed_url: 'https://quiet.example.org/rss', paywalled: true, content_visible: true },
    { name: '', feed_url: 'javascript:alert(1)' },
    'not a source',
  ],
  articles: [
    article({ summary: 'Otters are back. The river is clean again.' }),
    article({ id: 'quiet-1', source: 'quiet', title: 'A library in a lighthouse', url: 'https://quiet.example.org/library', topic: 'culture', tags: ['books'], flavor: 'light' }),
    article({ title: 'No such topic', url: 'https://calm.example.org/x', topic: 'gossip' }),
    article({ title: 'Unknown source', url: 'https://calm.example.org/y', source: 'Nowhere' }),
    article({ title: 'Copy of the otters', url: 'https://calm.example.org/otters-copy', duplicate_of: 'quiet-1' }),
    article({ title: 'Too many tags', url: 'https://calm.example.org/z', tags: ['space', 'ocean', 'art', 'food', 'music'] }),
    article({ title: 'Loud', url: 'https://calm.example.org/loud', cortisol: 9, accepted: undefined }),
    { title: 42 },
  ],
};

test.before(async () => {
  ctx = await createTestContext({ now: () => now });
});
test.after(async () => {
  await ctx.close();
});

test('valid entries load, invalid ones are reported by section and index and skipped', async () => {
  const before = await readPoolVersion(ctx.db);
  const report = await seed(ctx.db, FILE, now);
  assert.equal(report.sources, { inserted: 2, updated: 0 });
  assert.equal(report.articles, { inserted: 4, updated: 0 });
  assert.equal(report.invalid.map((i) => `${i.section}[${i.index}]`), ['sources[2]', 'sources[3]', 'articles[2]', 'articles[3]', 'articles[5]', 'articles[7]']);
  assert.match(report.invalid.find((i) => i.index === 2 && i.section === 'articles')?.message ?? '', /topic/);
  assert.ok((await readPoolVersion(ctx.db)) > before, 'the pool version is bumped');
  const otters = await articlesCollection(ctx.db).findOne({ _id: stableId('https://calm.example.org/otters') });
  assert.is(otters?.url, 'https://calm.example.org/otters', 'canonical URL, tracking removed');
  assert.is(otters?.summary?.summary, 'Otters are back. The river is clean again.');
  const loud = await articlesCollection(ctx.db).findOne({ url: 'https://calm.example.org/loud' });
  assert.is(loud?.accepted, false, 'without `accepted`, the gate decides');
  assert.is((await articlesCollection(ctx.db).findOne({ _id: 'quiet-1' }))?.paywalled, true, 'the source paywall hint applies');
});

test('seeding is idempotent: the same file again adds nothing', async () => {
  const report = await seed(ctx.db, FILE, now);
  assert.equal(report.sources, { inserted: 0, updated: 2 });
  assert.equal(report.articles, { inserted: 0, updated: 4 });
  assert.is(await articlesCollection(ctx.db).countDocuments({}), 4);
  assert.is(await sourcesCollection(ctx.db).countDocuments({}), 2);
});

test('seeded articles are served (accepted, non-duplicate only) with the summary on the brief', async () => {
  await readModelFor(ctx.db).refresh();
  const feed = await getJson<ArticleCard[]>(ctx.request, '/api/feed?sort=latest');
  assert.equal(feed.map((c) => c.title).sort(), ['A library in a lighthouse', 'Otters return to the river']);
  const brief = await getJson<{ items: ArticleCard[] }>(ctx.request, '/api/brief');
  assert.is(brief.items.find((c) => c.title.startsWith('Otters'))?.summary, 'Otters are back. The river is clean again.');
});

test('a file that is not an object is refused whole', async () => {
  for (const bad of [null, [], 'x', 3]) {
    let failed = false;
    await seed(ctx.db, bad, now).catch(() => (failed = true));
    assert.ok(failed, JSON.stringify(bad));
  }
});

test('npm run seed -- <file.json> loads the file and lists what it skipped', async () => {
  const file = path.join(ctx.tmpDir, 'seed.json');
  writeFileSync(file, JSON.stringify(FILE));
  const dbName = `${ctx.db.databaseName}_cli`;
  const uri = ctx.client.options.hosts.map((h) => `mongodb://${h.toString()}/${dbName}`)[0]!;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', file], {
    env: { ...process.env, MONGODB_URI: uri, NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', TIDINGS_DATA_DIR: path.join(ctx.tmpDir, 'data') },
    timeout: 60_000,
  });
  assert.match(stdout, /skipped articles\[2\]: topic/);
  assert.match(stdout, /articles: 4 new, 0 updated; 6 skipped/);
  assert.is(await articlesCollection(ctx.client.db(dbName)).countDocuments({}), 4);
});

test.run();
