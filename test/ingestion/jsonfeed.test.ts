/**
 * JSON Feed 1.0 and 1.1 ingested end to end (issue 17): served on loopback, polled by runIngest,
 * read through the same normaliser as RSS and Atom, classified and stored in the embedded
 * database. Recognised by the document's version URL (served as plain application/json) or by
 * the application/feed+json content type; JSON that is not a JSON Feed fails the source with a reason.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runIngest, type IngestDeps } from '../../core/pipeline/ingest.ts';
import { stableId } from '../../core/domain/ids.ts';
import { isTag, isTopic } from '../../core/domain/taxonomy.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { startFeedServer, type Handler, type FeedServer } from './feed-server.ts';

const NOW = new Date('2026-11-12T12:00:00Z');
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const json = (body: string, contentType: string): Handler => (_req, res) => res.writeHead(200, { 'content-type': contentType }).end(body);

let ctx: TestContext;
let server: FeedServer;
test.before(async () => {
  ctx = await createTestContext({ now: () => NOW });
  server = await startFeedServer();
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

const deps = (): IngestDeps => ({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => NOW, random: () => 0.5 });
const article = (url: string) => articlesCollection(ctx.db).findOne({ _id: stableId(url) });
const source = (id: string) => sourcesCollection(ctx.db).findOne({ _id: id });

test('JSON Feed 1.0 and 1.1 are ingested end to end: titles, canonical links, teasers, dates, images, GUIDs', async () => {
  server.routes.set('/v1.json', json(fixture('jsonfeed-1.0.json'), 'application/json'));
  server.routes.set('/v1.1.json', json(fixture('jsonfeed-1.1.json'), 'application/feed+json; charset=utf-8'));
  await insertFixtures(ctx.db, {
    sources: [
      makeSource({ _id: 'json-1.0', feed_url: `${server.base}/v1.json`, next_poll_at: NOW }),
      makeSource({ _id: 'json-1.1', feed_url: `${server.base}/v1.1.json`, next_poll_at: NOW }),
    ],
  });
  const summary = await runIngest(deps());
  assert.is(summary.ok, 2);
  assert.is(summary.failed, 0);
  assert.is(summary.new_articles, 5, '3 of the 1.0 feed (no title, not an object: skipped), 2 of the 1.1 feed (javascript: link, numeric title: skipped)');

  const herbs = await article('https://tideline-village.example/stories/sea-wall-garden');
  assert.ok(herbs, 'tracking parameters are cut from the canonical link');
  assert.is(herbs!.title, 'Retired fishermen turn the old sea wall into a herb garden');
  assert.is(herbs!.guid, '1001', 'a numeric id is coerced to a string');
  assert.is(herbs!.teaser, 'Thyme, rosemary and sea kale now grow where nets once dried, and anyone may pick a handful.');
  assert.is(herbs!.image, 'https://img.tideline-village.example/sea-wall-herbs.jpg');
  assert.is(herbs!.published_at.toISOString(), '2026-11-10T07:15:00.000Z');

  const reading = await article('https://library.tideline-village.example/reading-hour');
  assert.is(reading!.title, 'Library & lifeboat crew start a Saturday reading hour', 'external_url when there is no url');
  assert.is(reading!.teaser, 'Lifeboat volunteers read aloud to children every Saturday morning, then show them the boat.');
  assert.is(reading!.image, null);

  const lamp = await article('https://tideline-village.example/stories/lighthouse-lamp');
  assert.is(lamp!.teaser, 'The lamp turns again, polished by twelve students over one winter.');
  assert.is(lamp!.published_at.toISOString(), '2026-11-09T22:42:40.000Z', 'the same date reader as every other format');

  const orchard = await article('https://bramble-hill.example/notes/orchard-swap');
  assert.is(orchard!.title, 'Orchard swap gives forty old apple varieties new homes');
  assert.is(orchard!.image, 'https://img.bramble-hill.example/orchard-grafts.jpg', 'an image attachment, not the audio one');
  assert.is(orchard!.teaser, 'Grafts from forty heritage apple trees went home with neighbours on Sunday.');
  assert.is(orchard!.published_at.toISOString(), '2026-11-11T07:30:00.000Z', 'date_published before date_modified');

  const sky = await article('https://bramble-hill.example/notes/night-sky');
  assert.is(sky!.image, 'https://img.bramble-hill.example/meteor-field.jpg', 'banner_image');
  assert.is(sky!.published_at.toISOString(), '2026-11-10T22:00:00.000Z', 'date_modified when there is no date_published');
  assert.is(sky!.teaser, 'Two hundred people lay on the cricket field and counted meteors together.');

  for (const a of [herbs!, reading!, lamp!, orchard!, sky!]) {
    assert.ok(isTopic(a.topic), a.topic);
    assert.ok(a.tags.length >= 1 && a.tags.every(isTag), a.tags.join());
    assert.is(a.duplicate_of, null);
  }
  assert.not.ok(await articlesCollection(ctx.db).findOne({ title: /never stored|wrong type|without a title/ }));
  for (const id of ['json-1.0', 'json-1.1']) {
    const s = await source(id);
    assert.is(s!.last_error, null, id);
    assert.is(s!.failures, 0, id);
  }
});

test('a JSON Feed without a version is read when served as application/feed+json; other JSON fails the source with a reason', async () => {
  const unversioned = JSON.stringify({ title: 'No version', items: [{ id: 'x1', url: 'https://quiet-press.example/x1', title: 'Community fridge stays stocked all winter' }] });
  server.routes.set('/typed.json', json(unversioned, 'application/feed+json'));
  server.routes.set('/untyped.json', json(unversioned, 'application/json'));
  server.routes.set('/rss-in-json.json', json(JSON.stringify({ rss: { version: '2.0', channel: { title: 'Not a JSON Feed', item: [] } } }), 'application/json'));
  server.routes.set('/broken.json', json('{"version": "https://jsonfeed.org/version/1.1", "items": [', 'application/feed+json'));
  await insertFixtures(ctx.db, {
    sources: ['typed', 'untyped', 'rss-in-json', 'broken'].map((name) => makeSource({ _id: `json-${name}`, feed_url: `${server.base}/${name}.json`, next_poll_at: NOW })),
  });
  const summary = await runIngest(deps());
  assert.is(summary.ok, 1);
  assert.is(summary.failed, 3);
  assert.is((await article('https://quiet-press.example/x1'))!.source_id, 'json-typed');
  assert.match((await source('json-untyped'))!.last_error ?? '', /not a JSON Feed/);
  assert.match((await source('json-rss-in-json'))!.last_error ?? '', /not a JSON Feed/);
  assert.match((await source('json-broken'))!.last_error ?? '', /not valid JSON/);
});

test.run();
