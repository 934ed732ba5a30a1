import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { readBrief } from '../../core/store/briefs.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { briefJob } from '../../jobs/brief.ts';
import type { JobContext } from '../../jobs/context.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { getJson, type BriefBody } from './pool.ts';

let ctx: TestContext;
let clock = new Date('2026-11-20T12:00:00Z');
const tick = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
const sources = Array.from({ length: 8 }, (_, i) => makeSource({ _id: `job-src-${i}` }));
const topics = ['science', 'technology', 'environment', 'nature', 'health', 'community', 'culture', 'learning'];
const articles = sources.map((s, i) =>
  makeArticle({ source_id: s._id, topic: topics[i]!, published_at: new Date(clock.getTime() - (i + 1) * 3_600_000) }),
);

const jobContext = (): JobContext => ({
  db: ctx.db, config: ctx.config, log: ctx.log, mailer: ctx.mailer, model: ctx.model, now: () => clock, progress: () => undefined,
});

test.before(async () => {
  ctx = await createTestContext({ now: () => clock });
  await insertFixtures(ctx.db, { sources, articles });
  await bumpPoolVersion(ctx.db);
});
test.after(async () => {
  await ctx.close();
});

test('the brief job stores 7 ids, diverse in source and topic', async () => {
  const summary = await briefJob.run(jobContext());
  assert.is(summary.items, 7);
  assert.is(summary.changed, true);
  const stored = await readBrief(ctx.db);
  assert.is(stored?.item_ids.length, 7);
  const chosen = articles.filter((a) => stored?.item_ids.includes(a._id));
  assert.is(new Set(chosen.map((a) => a.source_id)).size, 7);
  assert.is(new Set(chosen.map((a) => a.topic)).size, 7);
});

test('a rebuild with an unchanged selection keeps generated_at', async () => {
  const before = await readBrief(ctx.db);
  tick(15);
  const summary = await briefJob.run(jobContext());
  assert.is(summary.changed, false);
  const after = await readBrief(ctx.db);
  assert.equal(after?.item_ids, before?.item_ids);
  assert.is(after?.generated_at.getTime(), before?.generated_at.getTime());
  assert.is(after?.checked_at.getTime(), clock.getTime(), 'the run itself is recorded');
});

test('a rebuild with a changed selection advances generated_at', async () => {
  const before = await readBrief(ctx.db);
  // Hide the source of one chosen item: building leaves its articles out, so the selection changes.
  const hidden = articles.find((a) => before?.item_ids.includes(a._id))!;
  await sourcesCollection(ctx.db).updateOne({ _id: hidden.source_id }, { $set: { content_visible: false } });
  await bumpPoolVersion(ctx.db);
  tick(15);
  const summary = await briefJob.run(jobContext());
  assert.is(summary.changed, true);
  const after = await readBrief(ctx.db);
  assert.ok(after && before && after.generated_at > before.generated_at);
  assert.not.ok(after?.item_ids.includes(hidden._id));
});

test('GET /api/brief serves the stored brief and its generated_at', async () => {
  const stored = await readBrief(ctx.db);
  await readModelFor(ctx.db).refresh();
  const body = await getJson<BriefBody>(ctx.request, '/api/brief');
  assert.is(body.generated_at, stored?.generated_at.toISOString());
  assert.equal(body.items.map((a) => a.id), stored?.item_ids);
});

test.run();
