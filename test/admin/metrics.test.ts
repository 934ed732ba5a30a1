/**
 * Source metrics are always true (issue 17): after `npm run seed` the admin source list and
 * sources.csv show the seeded counts; a seed that hides a source's content drops `served`; the
 * `metrics` job (scheduled in the worker, run once at start) repairs counts that drifted by any
 * other path, and leaves unchanged sources untouched.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SOURCES_CSV_HEADER } from '../../api/routes/admin/exports.ts';
import { parseCsv } from '../../core/domain/csv.ts';
import { seed } from '../../core/pipeline/seed.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { findJob } from '../../jobs/registry.ts';
import { STARTUP_JOBS } from '../../jobs/startup.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { as, signIn } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let ctx: TestContext;
let admin: ReturnType<typeof as>;

test.before(async () => {
  ctx = await createTestContext();
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
});
test.after(async () => {
  await ctx.close();
});

interface Listed {
  name: string;
  total_articles: number;
  accepted_total: number;
  duplicates: number;
  with_image: number;
  served: number;
  acceptance_rate: number;
}

async function listed(name: string): Promise<Listed> {
  const res = await admin('/api/admin/sources');
  assert.is(res.status, 200);
  const body = (await res.json()) as { items: Listed[] };
  const item = body.items.find((s) => s.name === name);
  assert.ok(item, `${name} is listed`);
  return item;
}

async function csvRow(name: string): Promise<Record<string, string>> {
  const rows = parseCsv(await (await admin('/api/admin/export/sources.csv')).text());
  const row = rows.find((r) => r[0] === name);
  assert.ok(row, `${name} is in sources.csv`);
  return Object.fromEntries(SOURCES_CSV_HEADER.map((h, i) => [h, row[i] ?? '']));
}

/** A seed file: one source with 23 articles (20 accepted, 2 loud, 1 duplicate; 5 with an image). */
function seedFile(name: string, host: string, extra: Record<string, unknown> = {}) {
  const articles = Array.from({ length: 23 }, (_, i) => ({
    source: name,
    title: `Story ${i} from ${name}`,
    url: `https://${host}/story-${i}`,
    image: i < 5 ? `https://${host}/img-${i}.jpg` : null,
    topic: 'nature',
    tags: ['wildlife'],
    flavor: 'wonder',
    cortisol: i >= 20 && i < 22 ? 9 : 1,
    ragebait: 0,
    promotional: 0,
    ...(i === 0 ? { id: stableIdOf(host, 0) } : {}),
    ...(i === 22 ? { duplicate_of: stableIdOf(host, 0) } : {}),
  }));
  return { sources: [{ id: host.split('.')[0], name, feed_url: `https://${host}/feed.xml`, ...extra }], articles };
}
const stableIdOf = (host: string, i: number) => `${host.split('.')[0]}-s${i}`;

test('after npm run seed, the admin list and sources.csv show the seeded counts', async () => {
  const file = path.join(ctx.tmpDir, 'seed.json');
  const data = seedFile('Meadow Weekly', 'meadow.example.org');
  writeFileSync(file, JSON.stringify(data));
  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', file], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: `mongodb://${base}/${ctx.db.databaseName}`, NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', TIDINGS_DATA_DIR: path.join(ctx.tmpDir, 'data') },
    timeout: 60_000,
  });
  assert.is(await articlesCollection(ctx.db).countDocuments({ source_id: 'meadow' }), 23);
  const item = await listed('Meadow Weekly');
  assert.equal(
    [item.total_articles, item.accepted_total, item.duplicates, item.with_image, item.served],
    [23, 20, 1, 5, 20],
  );
  assert.is(item.acceptance_rate, 87);
  const row = await csvRow('Meadow Weekly');
  assert.equal([row.total_articles, row.accepted_total, row.served, row.image_coverage], ['23', '20', '20', '21.7']);
});

test('a seed that hides a source drops served to 0 and keeps the other counts', async () => {
  const data = seedFile('Harbour Notes', 'harbour.example.org');
  await seed(ctx.db, data, new Date());
  assert.is((await listed('Harbour Notes')).served, 20);
  await seed(ctx.db, { sources: [{ ...data.sources[0], content_visible: false }] }, new Date());
  const item = await listed('Harbour Notes');
  assert.equal([item.total_articles, item.accepted_total, item.served], [23, 20, 0]);
  assert.is((await csvRow('Harbour Notes')).served, '0');
});

test('the metrics job repairs counts written by any other path, and touches only sources that changed', async () => {
  const drifted = makeSource({ name: 'Drifted Digest' });
  const steady = makeSource({ name: 'Steady Sheet' });
  await insertFixtures(ctx.db, {
    sources: [drifted, steady],
    articles: [1, 2, 3].map((i) => makeArticle({ source_id: drifted._id, url: `https://drifted.example.org/${i}` })),
  });
  assert.is((await listed('Drifted Digest')).total_articles, 0, 'articles written behind the store leave the counts behind');
  const job = findJob('metrics');
  assert.ok(job, 'the metrics job is registered');
  assert.ok(job.every, 'and scheduled in the worker');
  assert.ok(STARTUP_JOBS.includes('metrics'), 'and run once by npm start');
  const before = await sourcesCollection(ctx.db).findOne({ _id: steady._id });
  const summary = await job.run({ ...ctx.deps, progress: () => undefined });
  assert.ok(Number(summary.changed) >= 1, JSON.stringify(summary));
  const item = await listed('Drifted Digest');
  assert.equal([item.total_articles, item.accepted_total, item.served], [3, 3, 3]);
  assert.is((await csvRow('Drifted Digest')).total_articles, '3');
  const after = await sourcesCollection(ctx.db).findOne({ _id: steady._id });
  assert.equal(after?.updated_at, before?.updated_at, 'a source whose counts were right is not rewritten');
  const again = await job.run({ ...ctx.deps, progress: () => undefined });
  assert.is(again.changed, 0, 'a second run finds nothing to change');
});

test.run();
