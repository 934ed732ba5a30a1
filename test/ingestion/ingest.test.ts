import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runIngest, type IngestDeps } from '../../core/pipeline/ingest.ts';
import { stableId } from '../../core/domain/ids.ts';
import { isTag, isTopic } from '../../core/domain/taxonomy.ts';
import { retellTeaser } from '../../core/domain/offline-summary.ts';
import { OFFLINE_WRITER_VERSION } from '../../core/domain/summary.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { readPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { startFeedServer, xml, type FeedServer } from './feed-server.ts';

const NOW = new Date('2026-11-12T12:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let ctx: TestContext;
let server: FeedServer;
let clock = NOW;
test.before(async () => {
  ctx = await createTestContext({ now: () => clock });
  server = await startFeedServer();
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

const deps = (): IngestDeps => ({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => clock, random: () => 0.5 });
const article = (url: string) => articlesCollection(ctx.db).findOne({ _id: stableId(url) });
const source = (id: string) => sourcesCollection(ctx.db).findOne({ _id: id });

test('RSS 2.0, RSS 1.0 and Atom feeds ingest with clean titles, canonical URLs, dates, images and tags', async () => {
  server.routes.set('/rss2.xml', xml(fixture('rss2.xml')));
  server.routes.set('/rss1.rdf', xml(fixture('rss1.rdf')));
  server.routes.set('/atom.xml', xml(fixture('atom.xml')));
  await insertFixtures(ctx.db, {
    sources: [
      makeSource({ _id: 'fmt-rss2', feed_url: `${server.base}/rss2.xml`, next_poll_at: NOW }),
      makeSource({ _id: 'fmt-rss1', feed_url: `${server.base}/rss1.rdf`, next_poll_at: NOW }),
      makeSource({ _id: 'fmt-atom', feed_url: `${server.base}/atom.xml`, next_poll_at: NOW }),
    ],
  });
  const before = await readPoolVersion(ctx.db);
  const summary = await runIngest(deps());
  assert.is(summary.ok, 3);
  assert.is(summary.new_articles, 5);

  const lido = await article('https://lantern-bay.example/lido?page=2');
  assert.ok(lido, 'tracking parameters and fragment are removed from the canonical URL');
  assert.is(lido!.title, 'Neighbours & volunteers restore the old lido for summer swimming');
  assert.is(lido!.published_at.toISOString(), '2026-11-10T09:30:00.000Z');
  assert.is(lido!.image, 'https://img.lantern-bay.example/lido.jpg');
  assert.is(lido!.guid, 'lbp-1');
  assert.not.match(lido!.teaser, /alert|<p>/);
  assert.ok(lido!.teaser.length <= 600);

  const garden = await article('https://lantern-bay.example/library-garden');
  assert.is(garden!.published_at.toISOString(), NOW.toISOString(), 'an unparsable date falls back to now');
  assert.is(garden!.image, null, 'a logo is never the image');
  const choir = await article('https://lantern-bay.example/ferry-choir');
  assert.is(choir!.image, 'https://img.lantern-bay.example/choir.jpg', 'image found in the item HTML');

  const galaxy = await article('https://fernhill-notes.example/telescope');
  assert.is(galaxy!.title, 'Village telescope club photographs a faint spiral galaxy');
  assert.is(galaxy!.published_at.toISOString(), '2026-11-08T21:15:00.000Z');

  const bridge = await article('https://cobble-lane.example/bridge');
  assert.is(bridge!.title, 'Apprentices rebuild a stone bridge by hand');
  assert.is(bridge!.guid, 'urn:test:cobble:bridge');
  assert.is(bridge!.image, 'https://img.cobble-lane.example/bridge.jpg');
  assert.is(bridge!.published_at.toISOString(), '2026-11-07T08:00:00.000Z');

  for (const a of [lido!, garden!, choir!, galaxy!, bridge!]) {
    assert.ok(isTopic(a.topic), a.topic);
    assert.ok(a.tags.length >= 1 && a.tags.length <= 4 && a.tags.every(isTag), a.tags.join());
    assert.is(a.classified_by, 'offline');
    assert.is(a.duplicate_of, null);
  }
  assert.ok(lido!.accepted && galaxy!.accepted && bridge!.accepted, 'calm stories pass the gate');
  assert.ok((await readPoolVersion(ctx.db)) > before, 'the pool version is bumped');
  const s = await source('fmt-rss2');
  assert.is(s!.total_articles, 3);
  assert.is(s!.failures, 0);
  assert.equal(s!.last_success_at, NOW);
  assert.ok(s!.next_poll_at > NOW);
});

test("every accepted story is stored with its teaser's retelling, done once at ingest by the current writer", async () => {
  const stored = await articlesCollection(ctx.db).find({ source_id: { $in: ['fmt-rss2', 'fmt-rss1', 'fmt-atom'] } }).toArray();
  const accepted = stored.filter((a) => a.accepted && a.duplicate_of === null);
  assert.ok(accepted.length >= 3, `${accepted.length} accepted`);
  for (const a of accepted) {
    const { retold, writer, written_at } = a.offline_summary!;
    assert.is(writer, OFFLINE_WRITER_VERSION, a.title);
    assert.equal(written_at, NOW);
    assert.equal(retold, retellTeaser(a), a.title);
    assert.is(a.summary, null, 'the cached summary stays for the summary endpoint (a model may write it)');
  }
  assert.ok(accepted.some((a) => a.offline_summary!.retold.length > 0), 'some teaser is retold');
  for (const a of stored.filter((x) => !x.accepted)) assert.is(a.offline_summary, null, `rejected: ${a.title}`);
});

test('a malformed feed and a 500 record last_error, count a failure and push the next poll back; others still ingest', async () => {
  server.routes.set('/broken.xml', xml('<rss><channel><item><title>unclosed'));
  server.routes.set('/error.xml', (_req, res) => res.writeHead(500).end('boom'));
  server.routes.set('/good.xml', xml(fixture('rss2.xml').replaceAll('lantern-bay.example/', 'good-feed.example/').replace(/lbp-/g, 'gf-')));
  await insertFixtures(ctx.db, {
    sources: [
      makeSource({ _id: 'bad-xml', feed_url: `${server.base}/broken.xml`, next_poll_at: NOW, failures: 2 }),
      makeSource({ _id: 'bad-500', feed_url: `${server.base}/error.xml`, next_poll_at: NOW }),
      makeSource({ _id: 'good', feed_url: `${server.base}/good.xml`, next_poll_at: NOW }),
    ],
  });
  const summary = await runIngest(deps());
  assert.is(summary.failed, 2);
  const broken = await source('bad-xml');
  assert.match(broken!.last_error ?? '', /not a readable feed/);
  assert.is(broken!.failures, 3);
  assert.ok(broken!.next_poll_at.getTime() >= NOW.getTime() + 30 * 60_000, 'third failure waits longer');
  const failed = await source('bad-500');
  assert.match(failed!.last_error ?? '', /HTTP 500/);
  assert.is(failed!.failures, 1);
  assert.ok(failed!.next_poll_at > NOW);
  assert.equal(failed!.last_attempt_at, NOW);
  assert.is((await source('good'))!.total_articles, 3);
  assert.is(await articlesCollection(ctx.db).countDocuments({ source_id: { $in: ['bad-xml', 'bad-500'] } }), 0);
});

test('a repeat poll is conditional; a 304 creates nothing and counts as success', async () => {
  let calls = 0;
  server.routes.set('/cond.xml', (req, res) => {
    calls += 1;
    if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"', 'last-modified': 'Wed, 11 Nov 2026 10:00:00 GMT' });
    res.end(fixture('rss1.rdf').replaceAll('fernhill-notes.example', 'cond.example'));
  });
  await insertFixtures(ctx.db, { sources: [makeSource({ _id: 'cond', feed_url: `${server.base}/cond.xml`, next_poll_at: NOW, failures: 0 })] });
  await runIngest(deps(), { sources: [(await source('cond'))!] });
  const afterFirst = await source('cond');
  assert.is(afterFirst!.etag, '"v1"');
  const count = await articlesCollection(ctx.db).countDocuments({});
  await sourcesCollection(ctx.db).updateOne({ _id: 'cond' }, { $set: { failures: 4, last_error: 'old trouble' } });
  clock = new Date(NOW.getTime() + 3600_000);
  const summary = await runIngest(deps(), { sources: [(await source('cond'))!] });
  clock = NOW;
  assert.is(calls, 2);
  const repeat = server.requests.filter((r) => r.path === '/cond.xml')[1]!;
  assert.is(repeat.headers['if-none-match'], '"v1"');
  assert.is(repeat.headers['if-modified-since'], 'Wed, 11 Nov 2026 10:00:00 GMT');
  assert.is(summary.not_modified, 1);
  assert.is(await articlesCollection(ctx.db).countDocuments({}), count);
  const s = await source('cond');
  assert.is(s!.failures, 0);
  assert.is(s!.last_error, null);
  assert.equal(s!.last_success_at, new Date(NOW.getTime() + 3600_000));
});

test('429 with Retry-After: 120 sets retry-after and the next poll at least 120 s ahead', async () => {
  server.routes.set('/busy.xml', (_req, res) => res.writeHead(429, { 'retry-after': '120' }).end());
  await insertFixtures(ctx.db, { sources: [makeSource({ _id: 'busy', feed_url: `${server.base}/busy.xml`, next_poll_at: NOW })] });
  await runIngest(deps(), { sources: [(await source('busy'))!] });
  const s = await source('busy');
  assert.equal(s!.retry_after, new Date(NOW.getTime() + 120_000));
  assert.ok(s!.next_poll_at.getTime() >= NOW.getTime() + 120_000);
  assert.match(s!.last_error ?? '', /429/);
  assert.is(s!.failures, 1);
});

test('paused and retired sources are never polled; the same GUID or URL never makes a second article', async () => {
  server.routes.set('/paused.xml', xml(fixture('atom.xml')));
  await insertFixtures(ctx.db, {
    sources: [
      makeSource({ _id: 'paused', status: 'paused', active: false, feed_url: `${server.base}/paused.xml`, next_poll_at: NOW }),
      makeSource({ _id: 'retired', status: 'retired', active: false, feed_url: `${server.base}/paused.xml?r`, next_poll_at: NOW }),
    ],
  });
  await sourcesCollection(ctx.db).updateMany({}, { $set: { next_poll_at: NOW } });
  const total = await articlesCollection(ctx.db).countDocuments({});
  const requestsBefore = server.requests.filter((r) => r.path === '/paused.xml').length;
  await runIngest(deps());
  assert.is(server.requests.filter((r) => r.path === '/paused.xml').length, requestsBefore);
  assert.is(await articlesCollection(ctx.db).countDocuments({}), total, 'feeds polled again add nothing new');
});

test.run();
