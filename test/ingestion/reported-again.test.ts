/**
 * "Also reported by" and reading time from ingestion (issue 18, item 2): a later copy of a story
 * from another outlet marks the story changed (its page is rebuilt, the pool version moves) and
 * its card names the outlet; an item whose feed carries its full text gets a reading time, a
 * teaser-only item none. Offline classifier, real feed server on loopback.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stableId } from '../../core/domain/ids.ts';
import { runIngest } from '../../core/pipeline/ingest.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { readPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';
import { startFeedServer, xml, type FeedServer } from './feed-server.ts';

let ctx: TestContext;
let feeds: FeedServer;
test.before(async () => {
  feeds = await startFeedServer();
  ctx = await createTestContext();
});
test.after(async () => {
  await ctx?.close();
  await feeds?.close();
});

const body = Array.from({ length: 60 }, (_, i) => `<p>Neighbours and pupils planted ${i + 3} young apple trees together this spring.</p>`).join('');
const rss = (host: string, title: string, slug: string, date: string, full: boolean) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>t</title><link>https://${host}/</link>
<item><title>${title}</title><link>https://${host}/${slug}</link><guid>${slug}</guid><pubDate>${date}</pubDate>
<description>Children and neighbours planted fifty apple trees together.</description>${full ? `<content:encoded><![CDATA[${body}]]></content:encoded>` : ''}</item>
</channel></rss>`;

type Card = { id: string; also_reported_by: string[]; reading_minutes: number | null; line: string };
const feedCards = async (): Promise<Card[]> => (await (await ctx.request('/api/feed?sort=latest')).json()) as Card[];

test('a later copy from another outlet names it on the story; the full text gives a reading time', async () => {
  feeds.routes.set('/a.xml', xml(rss('otter-times.example', 'Volunteers plant a community orchard for the village school', 'orchard', 'Wed, 11 Nov 2026 08:00:00 GMT', true)));
  feeds.routes.set('/b.xml', xml(rss('wend-weekly.example', 'Village school gets a community orchard planted by volunteers', 'orchard-school', 'Wed, 11 Nov 2026 09:00:00 GMT', false)));
  await insertFixtures(ctx.db, { sources: [makeSource({ _id: 'otter-times', name: 'Otter Times', feed_url: `${feeds.base}/a.xml` }), makeSource({ _id: 'wend-weekly', name: 'Wend Weekly', feed_url: `${feeds.base}/b.xml`, status: 'paused' })] });
  const first = new Date('2026-11-12T12:00:00Z');
  await runIngest({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => first, random: () => 0.5 });
  const id = stableId('https://otter-times.example/orchard');
  const story = await articlesCollection(ctx.db).findOne({ _id: id });
  assert.ok(story?.accepted, 'the story is in the pool');
  assert.ok((story.word_count ?? 0) >= 600, `the full text was counted: ${story.word_count}`);
  const before = await until(async () => (await feedCards()).find((c) => c.id === id), 10_000, 'the card');
  assert.equal(before.also_reported_by, []);
  assert.is(before.reading_minutes, Math.round(story.word_count! / 230));
  const version = await readPoolVersion(ctx.db);

  // The second outlet is polled an hour later and carries the same story as a teaser only.
  const later = new Date('2026-11-12T13:00:00Z');
  await sourcesCollection(ctx.db).updateOne({ _id: 'wend-weekly' }, { $set: { status: 'active', active: true, next_poll_at: later } });
  await sourcesCollection(ctx.db).updateOne({ _id: 'otter-times' }, { $set: { next_poll_at: new Date('2026-11-13T00:00:00Z') } });
  const summary = await runIngest({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => later, random: () => 0.5 });
  assert.is(summary.duplicates, 1);
  const copy = await articlesCollection(ctx.db).findOne({ _id: stableId('https://wend-weekly.example/orchard-school') });
  assert.is(copy?.duplicate_of, id);
  assert.is(copy?.word_count, undefined, 'a teaser gives no reading time');
  assert.is((await articlesCollection(ctx.db).findOne({ _id: id }))?.updated_at.toISOString(), later.toISOString(), 'the story is marked changed (its page is rebuilt)');
  assert.ok((await readPoolVersion(ctx.db)) > version, 'the pool version moved (the read model reloads)');
  const after = await until(async () => {
    const card = (await feedCards()).find((c) => c.id === id);
    return card && card.also_reported_by.length > 0 ? card : null;
  }, 10_000, 'the card names the other outlet');
  assert.equal(after.also_reported_by, ['Wend Weekly']);
});

test.run();
