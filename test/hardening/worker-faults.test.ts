/**
 * The worker through a database outage: Agenda's errors are caught (the process keeps running),
 * it resumes once the database is back, and a job that runs again after the outage never writes
 * a duplicate (here: the digest, whose ledger allows one mail per reader per day).
 */
import { MongoClient } from 'mongodb';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Services } from '../../core/platform/runtime.ts';
import { saveSubscription } from '../../core/store/digests.ts';
import { startEmbeddedServer } from '../../core/store/embedded.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { ensureSchema } from '../../core/store/schema.ts';
import { startWorker, type Worker } from '../../jobs/worker.ts';
import { createTestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startProxy } from '../helpers/tcp-proxy.ts';
import { until } from './helpers.ts';

async function addReader(client: MongoClient, dbName: string, id: string): Promise<void> {
  const now = new Date();
  await client.db(dbName).collection('users').insertOne({ _id: id as never, email: `${id}@example.org`, avatar_url: null, is_admin: false, prefs: {}, created_at: now, updated_at: now });
  await saveSubscription(client.db(dbName), id, { enabled: true, hour: 0, time_zone: 'UTC' }, now);
}

test('the worker survives a database outage, resumes afterwards, and a re-run job sends no second digest', async () => {
  const smtp = await startSmtp();
  const ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
  const embedded = await startEmbeddedServer();
  const proxy = await startProxy({ host: '127.0.0.1', port: Number(new URL(embedded.uri).port) });
  // Short timeouts everywhere, so an operation caught by the outage fails instead of waiting forever.
  const client = new MongoClient(`mongodb://127.0.0.1:${proxy.port}/`, {
    serverSelectionTimeoutMS: 1500,
    connectTimeoutMS: 1000,
    socketTimeoutMS: 5000,
    heartbeatFrequencyMS: 500,
  });
  let worker: Worker | null = null;
  try {
    await client.connect();
    const db = client.db('worker_faults');
    await ensureSchema(db, ctx.log);
    const source = makeSource({ name: 'Steady Times' });
    await insertFixtures(db, { sources: [source], articles: [1, 2, 3, 4, 5, 6, 7, 8].map(() => makeArticle({ source_id: source._id })) });
    await bumpPoolVersion(db);
    await addReader(client, 'worker_faults', 'first');
    const services: Services = { ...ctx.deps, db };
    worker = await startWorker(services, { processEvery: '1 second' });
    let digestRuns = 0;
    worker.agenda.on('complete:digest', () => (digestRuns += 1));

    // The worker starts every scheduled job once: the brief, then the due digest.
    // Wait for the ledger, not the SMTP peer: the mail arrives before the worker records it as sent,
    // and an outage between the two leaves the day claimed but unrecorded (by design, never re-sent).
    const ledger = db.collection('digest_sends');
    const sent = () => ledger.countDocuments({ status: 'sent' });
    await until(async () => smtp.messages.length === 1 && (await sent()) === 1, 60_000, 'the first digest, sent and recorded');

    proxy.down();
    await until(() => ctx.log.lines.some((l) => /agenda error|job failed/.test(l)), 45_000, 'the worker to notice the outage');
    proxy.up();
    // The driver reconnects on its own; wait until the database answers again before writing.
    const answers = () =>
      Promise.race([db.command({ ping: 1 }, { timeoutMS: 2000 }).then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), 2500))]);
    await until(answers, 60_000, 'the database to answer again');

    await addReader(client, 'worker_faults', 'second');
    await worker.runNow('digest');
    await until(async () => smtp.messages.length >= 2 && (await sent()) === 2, 60_000, 'the worker to resume and send the second reader\'s digest');
    const runsBefore = digestRuns;
    await worker.runNow('digest');
    await until(() => digestRuns > runsBefore, 45_000, 'the re-run to finish');
    assert.equal(smtp.messages.map((m) => m.to[0]).sort(), ['first@example.org', 'second@example.org'], 'one digest each, none twice');
    assert.is(await sent(), 2);
  } finally {
    await worker?.stop();
    await client.close(true).catch(() => undefined);
    await proxy.close();
    await embedded.stop();
    await ctx.close();
    await smtp.close();
  }
});

// Agenda arms a liveness timer for every job run (half the job's lock lifetime: five minutes) that
// outlives `agenda.stop()` and keeps the event loop alive. Production exits explicitly once its
// shutdown steps are done (core/platform/runtime.ts `onShutdown`); so does this file, once uvu has
// printed its summary (its exit code stands).
test.after(() => void setTimeout(() => process.exit(), 200).unref());

test.run();
