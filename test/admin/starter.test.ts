/**
 * The shipped starter set (core/starter/sources.opml): every entry has the shape a source needs (a
 * name, an https feed address the safe fetcher accepts in production, an https homepage, our own
 * one-line description, a category), no feed or name twice; `npm run sources -- import --starter`
 * on an empty database adds all of them paused, and a second run adds nothing.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readOpml, type OpmlEntry } from '../../core/domain/opml.ts';
import { checkUrl } from '../../core/pipeline/fetcher.ts';
import { starterOpml } from '../../core/pipeline/opml.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let ctx: TestContext;
let entries: OpmlEntry[] = [];

test.before(async () => {
  ctx = await createTestContext();
  const reading = readOpml(starterOpml().toString('utf8'));
  if (!reading.ok) throw new Error(reading.reason);
  assert.equal(reading.refused, [], 'no outline of the starter set is refused');
  entries = reading.entries;
});
test.after(async () => {
  await ctx.close();
});

test('the starter set: 50 real publishers, each with the shape a source needs', () => {
  assert.is(entries.length, 50);
  for (const e of entries) {
    assert.ok(e.name.length > 0 && e.name.length <= 80, `a short name: ${e.name}`);
    const feed = checkUrl(e.xmlUrl, false);
    assert.is(feed.protocol, 'https:', `${e.name}: https feed`);
    assert.is(feed.href, e.xmlUrl, `${e.name}: the feed address is written as stored`);
    assert.ok(e.htmlUrl && new URL(e.htmlUrl).protocol === 'https:', `${e.name}: https homepage`);
    assert.ok(e.description && e.description.length >= 30 && e.description.length <= 140 && !e.description.includes('\n'), `${e.name}: a one-line description`);
    assert.ok(e.hints.length > 0, `${e.name}: a category`);
  }
  const feeds = entries.map((e) => e.xmlUrl);
  assert.is(new Set(feeds).size, feeds.length, 'no feed twice');
  const names = entries.map((e) => e.name.toLowerCase());
  assert.is(new Set(names).size, names.length, 'no name twice');
  const descriptions = entries.map((e) => e.description);
  assert.is(new Set(descriptions).size, descriptions.length, 'each description is its own');
});

test('npm run sources -- import --starter on an empty database adds every starter source, paused; again adds nothing', async () => {
  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  const env = { ...process.env, MONGODB_URI: `mongodb://${base}/${ctx.db.databaseName}`, NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', TIDINGS_DATA_DIR: path.join(ctx.tmpDir, 'data'), FETCH_ALLOW_PRIVATE: 'false' };
  const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/sources.ts', 'import', '--starter'], { cwd: ROOT, env, timeout: 60_000 });
  assert.is(await sourcesCollection(ctx.db).countDocuments({}), 0);
  const first = await run();
  assert.match(first.stdout, /^Added 50, already present 0, refused 0\.$/m);
  const stored = await sourcesCollection(ctx.db).find({}).toArray();
  assert.is(stored.length, 50);
  assert.ok(stored.every((s) => s.status === 'paused' && s.active === false), 'all paused');
  const apod = stored.find((s) => s.name === 'Astronomy Picture of the Day');
  assert.equal([apod?.topic_hint, apod?.topic_hints], ['science', ['Science', 'Space']]);
  assert.ok(stored.every((s) => typeof s.description === 'string' && s.description.length > 0));
  const second = await run();
  assert.match(second.stdout, /^Added 0, already present 50, refused 0\.$/m);
  assert.is(await sourcesCollection(ctx.db).countDocuments({}), 50);
});

test.run();
