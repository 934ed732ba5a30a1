/**
 * The embedded default keeps its data (issue 17): without MONGODB_URI, sources, articles, users,
 * sessions and saved stories survive a restart of `npm start`; `npm run seed` beside a running
 * `npm start` lands in its database, and without one it opens (and saves) the saved data.
 * Collection files keep BSON types (canonical Extended JSON); every collection the code names is
 * saved or deliberately transient. embedded-crash.test.ts: a crash and a damaged snapshot.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Binary, BSON, Decimal128, Int32, Long, MongoClient, ObjectId } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { PERSISTED_COLLECTIONS, TRANSIENT_COLLECTIONS } from '../../core/store/collections.ts';
import { startEmbeddedServer } from '../../core/store/embedded.ts';
import { openEmbedded } from '../../core/store/embedded-data.ts';
import { createMemoryLogger } from '../../core/platform/log.ts';
import { insertSnapshot, readSnapshot, saveSnapshot, SnapshotError } from '../../core/store/snapshot.ts';
import { signInDirectly } from '../accounts/helpers.ts';
import { until } from '../helpers/until.ts';
import { embeddedPlace } from './embedded.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { dir, dataDir, start, stop, attach, seedFile, npmSeed, cleanUp } = embeddedPlace();
test.after(cleanUp);

let token = '';
let savedId = '';
let counts: Record<string, number> = {};

test('sources, articles, users, sessions and saved stories survive a restart', async () => {
  const first = await start();
  assert.match(first.output(), /saved in .* every 30 s and at shutdown/);
  const attached = await attach();
  try {
    const { db } = attached;
    // A reader signs up (written by this attached client) and saves a story (through the API).
    token = (await signInDirectly(db, 'keeper@example.org')).token;
    const article = await db.collection<ArticleDoc>('articles').findOne({ accepted: true, duplicate_of: null });
    assert.ok(article, 'the demo ingest stored articles');
    savedId = article._id;
    const saved = await fetch(`${first.url}/api/saved`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ article_id: savedId }) });
    assert.is(saved.status, 200, await saved.clone().text());
    for (const name of ['sources', 'articles', 'users', 'sessions', 'saved']) counts[name] = await db.collection(name).countDocuments({});
    assert.ok(Object.values(counts).every((n) => n > 0), JSON.stringify(counts));
  } finally {
    await attached.close();
  }
  await stop(first);

  const second = await start();
  try {
    assert.match(second.output(), new RegExp(`restored=\\d+`));
    assert.not.match(second.output(), /loaded the bundled demo sources/, 'the restored sources are there, so no demo load');
    const me = await fetch(`${second.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.is(me.status, 200, 'the session survived');
    assert.is(((await me.json()) as { email: string }).email, 'keeper@example.org');
    const ids = (await (await fetch(`${second.url}/api/saved/ids`, { headers: { authorization: `Bearer ${token}` } })).json()) as { ids: string[] };
    assert.equal(ids.ids, [savedId], 'the saved story survived');
    const again = await attach();
    try {
      for (const [name, n] of Object.entries(counts)) assert.is(await again.db.collection(name).countDocuments({}), n, name);
    } finally {
      await again.close();
    }

    // npm run seed beside the running npm start lands in its database.
    const seeded = await npmSeed(seedFile('Beside Bulletin', 'Otters seen beside the running server'));
    assert.match(seeded.stderr, /Using the embedded database of the running Tidings process \d+/);
    await until(async () => {
      const feed = (await (await fetch(`${second.url}/api/feed?sort=latest`)).json()) as Array<{ title: string }>;
      return feed.some((c) => c.title === 'Otters seen beside the running server');
    }, 15_000, 'the seeded story in the running server\'s feed');
    const health = await fetch(`${second.url}/api/health`);
    assert.is(health.status, 200);
  } finally {
    await stop(second);
  }
});

test('without a running server, npm run seed opens the saved data and saves it again', async () => {
  const seeded = await npmSeed(seedFile('Alone Almanac', 'Puffins counted while nothing ran'));
  assert.match(seeded.stderr, /No Tidings process is running on .*: using its saved embedded database \(\d+ documents\)/);
  // Open the saved data here, as the next process would (this process becomes the owner).
  const reopened = await openEmbedded({ dataDir, saveSeconds: 30, log: createMemoryLogger() });
  try {
    assert.is(reopened.role.kind, 'owner');
    const titles = (await reopened.db.collection<ArticleDoc>('articles').find({}, { projection: { title: 1 } }).toArray()).map((a) => a.title);
    assert.ok(titles.includes('Puffins counted while nothing ran'), 'the seed without a server was saved');
    assert.ok(titles.includes('Otters seen beside the running server'), 'and what was seeded beside the last run is still there');
    assert.is(await reopened.db.collection('sessions').countDocuments({}), counts.sessions);
  } finally {
    await reopened.close();
  }
  assert.not.ok(existsSync(path.join(dataDir, 'embedded.json')), 'the address is released at close');
});

test('collection files keep BSON types; a cut-off file or a stranger is refused before anything loads', async () => {
  const server = await startEmbeddedServer();
  const client = new MongoClient(`${server.uri}`);
  try {
    await client.connect();
    const source = client.db('types_from');
    const doc = {
      _id: new ObjectId(),
      when: new Date('2026-11-20T12:34:56.789Z'),
      big: Long.fromString('9007199254740993'),
      small: new Int32(7),
      price: Decimal128.fromString('12.50'),
      bytes: new Binary(Buffer.from([0, 1, 2, 255])),
      nested: { list: [1, 'two', null, { deep: new Date(0) }] },
      text: 'line\nbreak "quoted" \u2028 ünïcödé',
    };
    await source.collection('events').insertOne(doc);
    await source.collection('meta').insertOne({ _id: 'pool' as never, version: 3 });
    const snapDir = path.join(dir, 'types');
    await saveSnapshot(source, snapDir, ['events', 'meta'], new Date());
    const read = await readSnapshot(snapDir, PERSISTED_COLLECTIONS);
    const target = client.db('types_to');
    assert.is(await insertSnapshot(target, read), 2);
    const back = await target.collection('events').findOne({ _id: doc._id });
    const canonical = (v: unknown) => BSON.EJSON.stringify(v, { relaxed: false });
    assert.is(canonical(back), canonical(await source.collection('events').findOne({ _id: doc._id })), 'the same BSON types and values');
    assert.instance(back?.when, Date);
    assert.instance(back?.big, Long);
    assert.instance(back?._id, ObjectId);

    const eventsFile = path.join(snapDir, 'events.ejson');
    const whole = readFileSync(eventsFile, 'utf8');
    writeFileSync(eventsFile, whole.split('\n').slice(0, 2).join('\n'));
    const cut = await readSnapshot(snapDir, PERSISTED_COLLECTIONS).then(() => null, (error: unknown) => error);
    assert.instance(cut, SnapshotError);
    assert.match(String(cut), /events\.ejson: no end line \(the file is cut short\)/);
    writeFileSync(eventsFile, whole.replace('"collection":"events"', '"collection":"users"'));
    assert.match(String(await readSnapshot(snapDir, PERSISTED_COLLECTIONS).catch((e: unknown) => e)), /holds "users", not "events"/);
  } finally {
    await client.close();
    await server.stop();
  }
});

test('every collection the code names is either saved or deliberately transient', async () => {
  const found = new Set<string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/collection(?:<[^>]*>)?\('([A-Za-z_]+)'\)|collection: '([A-Za-z_]+)'/g)) found.add(m[1] ?? m[2] ?? '');
      }
    }
  };
  for (const folder of ['core', 'jobs', 'api', 'site', 'scripts']) await walk(path.join(ROOT, folder));
  const known = new Set<string>([...PERSISTED_COLLECTIONS, ...TRANSIENT_COLLECTIONS]);
  assert.equal([...found].filter((name) => !known.has(name)).sort(), [], 'add new collections to core/store/collections.ts');
  assert.ok(found.has('articles') && found.has('agendaJobs'), 'the scan sees the code');
});

test.run();
