import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import { loadConfig } from '../../core/platform/config.ts';
import { createMemoryLogger } from '../../core/platform/log.ts';
import { createMailer } from '../../core/platform/mail.ts';
import { createModelClient } from '../../core/platform/model.ts';
import { connect, DatabaseUnreachableError } from '../../core/store/db.ts';
import { startEmbeddedServer } from '../../core/store/embedded.ts';
import { runMigrations } from '../../core/store/migrations.ts';
import { createTestContext } from '../helpers/context.ts';
import { isAlive } from '../helpers/until.ts';


test('the embedded server starts on a free loopback port and stop() leaves no process behind', async () => {
  const server = await startEmbeddedServer();
  assert.match(server.uri, /^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
  assert.ok(isAlive(server.pid));
  const { client, db } = await connect(`${server.uri}probe`);
  await db.collection('x').insertOne({ ok: 1 });
  assert.is(await db.collection('x').countDocuments({}), 1);
  await client.close();
  await server.stop();
  assert.not.ok(isAlive(server.pid), 'the embedded server process is gone');
});

test('an unreachable database fails fast with one line naming MONGODB_URI and no credentials', async () => {
  const started = Date.now();
  try {
    await connect('mongodb://user:secretpw@127.0.0.1:1/x');
    assert.unreachable('should not connect');
  } catch (error) {
    assert.instance(error, DatabaseUnreachableError);
    const message = (error as Error).message;
    assert.match(message, /MONGODB_URI/);
    assert.not.match(message, /secretpw/);
    assert.not.match(message, /\n/);
  }
  assert.ok(Date.now() - started < 10_000);
});

test('health answers 503 {ok:false,db:"down"} within 3 s once the database goes away', async () => {
  const server = await startEmbeddedServer();
  const { client, db } = await connect(`${server.uri}health`);
  const log = createMemoryLogger();
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'z'.repeat(40), TIDINGS_DATA_DIR: '/tmp/tidings-health-data' });
  const app = createApp({ db, config, log, mailer: createMailer(config, log), model: createModelClient(config, log), now: () => new Date() });
  assert.is((await app.request('/api/health')).status, 200);
  await server.stop();
  const started = Date.now();
  const res = await app.request('/api/health');
  const elapsed = Date.now() - started;
  assert.is(res.status, 503);
  assert.equal(await res.json(), { ok: false, db: 'down' });
  assert.ok(elapsed < 3000, `took ${elapsed} ms`);
  await client.close(true).catch(() => undefined);
});

test('the migration backfills status from the old active flag and content_visible, and is idempotent', async () => {
  const ctx = await createTestContext({ schema: false });
  try {
    const sources = ctx.db.collection('sources');
    await sources.insertMany([
      { _id: 'on' as unknown as never, name: 'On', active: true },
      { _id: 'off' as unknown as never, name: 'Off', active: false },
      { _id: 'new' as unknown as never, name: 'New', status: 'retired', active: false, content_visible: false },
    ]);
    const first = await runMigrations(ctx.db, ctx.log);
    assert.equal(first, [1]);
    const byId = Object.fromEntries((await sources.find({}).toArray()).map((s) => [String(s._id), s]));
    assert.is(byId.on?.status, 'active');
    assert.is(byId.on?.active, true);
    assert.is(byId.on?.content_visible, true);
    assert.is(byId.off?.status, 'paused');
    assert.is(byId.off?.active, false);
    assert.is(byId.new?.status, 'retired', 'a source that already has a status keeps it');
    assert.is(byId.new?.content_visible, false);
    const second = await runMigrations(ctx.db, ctx.log);
    assert.equal(second, [], 'nothing runs twice');
  } finally {
    await ctx.close();
  }
});

test.run();
