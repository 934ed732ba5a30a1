/**
 * The digest job against a real SMTP peer on loopback: exactly one digest per reader per day (two
 * workers at once included), at the reader's hour, honouring their prefs, with both parts and the
 * unsubscribe headers; a refused send is retried later and never marked sent.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import { findSend, saveSubscription } from '../../core/store/digests.ts';
import { briefJob } from '../../jobs/brief.ts';
import type { JobContext } from '../../jobs/context.ts';
import { digestJob } from '../../jobs/digest.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { decodeQuotedPrintable, mailHeader, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { load } from '../reading/pool.ts';

let ctx: TestContext;
let smtp: TestSmtp;
let clock = new Date('2026-11-22T05:00:00Z');
const jobCtx = (): JobContext => ({
  db: ctx.db,
  config: ctx.config,
  log: ctx.log,
  mailer: ctx.mailer,
  model: ctx.model,
  now: () => clock,
  progress: () => undefined,
});

async function addUser(id: string, email: string, prefs: unknown): Promise<void> {
  await ctx.db.collection('users').insertOne({
    _id: id as never,
    email,
    avatar_url: null,
    is_admin: false,
    prefs,
    created_at: clock,
    updated_at: clock,
  });
}

test.before(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://tidings.example' } });
  const sources = [makeSource({ name: 'Harbour Weekly' }), makeSource({ name: 'Valley Post' }), makeSource({ name: 'Garden Times' })];
  const articles: ArticleDoc[] = [];
  const topics = ['community', 'science', 'nature', 'culture', 'learning'];
  for (let i = 0; i < 16; i++) {
    articles.push(
      makeArticle({
        source_id: sources[i % 3]!._id,
        topic: i % 4 === 0 ? 'sport' : topics[i % topics.length]!,
        title: i % 5 === 0 ? `Otter family number ${i} settles in the harbour` : `Neighbours open reading room number ${i}`,
        published_at: new Date(clock.getTime() - (i + 1) * 3_600_000),
        discovered_at: new Date(clock.getTime() - (i + 1) * 3_600_000),
      }),
    );
  }
  await load(ctx.db, { sources, articles });
  await briefJob.run(jobCtx());
  await addUser('reader', 'reader@example.org', { avoid_terms: ['otter'], mute_topics: ['sport'] });
  await addUser('later', 'later@example.org', {});
  await addUser('off', 'off@example.org', {});
  await saveSubscription(ctx.db, 'reader', { enabled: true, hour: 7, time_zone: 'UTC' }, clock);
  await saveSubscription(ctx.db, 'later', { enabled: true, hour: 23, time_zone: 'UTC' }, clock);
  await saveSubscription(ctx.db, 'off', { enabled: false, hour: 7, time_zone: 'UTC' }, clock);
});
test.after(async () => {
  await ctx.close();
  await smtp.close();
});

test('nothing is sent before the reader\'s hour', async () => {
  clock = new Date('2026-11-22T06:59:00Z');
  const result = await digestJob.run(jobCtx());
  assert.is(result.sent, 0);
  assert.is(smtp.messages.length, 0);
});

test('two workers at once send a subscribed reader exactly one digest; unsubscribed and not-yet-due readers get none', async () => {
  clock = new Date('2026-11-22T07:05:00Z');
  const [a, b] = await Promise.all([digestJob.run(jobCtx()), digestJob.run(jobCtx())]);
  assert.is(Number(a.sent) + Number(b.sent), 1);
  await smtp.waitFor(1);
  assert.is(smtp.messages.length, 1);
  assert.equal(smtp.messages[0]?.to, ['reader@example.org']);
  assert.is((await findSend(ctx.db, 'reader', '2026-11-22'))?.status, 'sent');
  const again = await digestJob.run(jobCtx());
  assert.is(again.sent, 0, 'a later run the same day sends nothing');
  assert.is(smtp.messages.length, 1);
});

test('the mail has both parts, the exact unsubscribe headers, 7 items honouring the reader\'s boundaries, and /a links', () => {
  const raw = smtp.messages[0]?.raw ?? '';
  assert.match(mailHeader(raw, 'Content-Type') ?? '', /multipart\/alternative/);
  assert.match(raw, /Content-Type: text\/plain/);
  assert.match(raw, /Content-Type: text\/html/);
  const unsubscribe = mailHeader(raw, 'List-Unsubscribe') ?? '';
  assert.match(unsubscribe, /^<https:\/\/tidings\.example\/api\/digest\/unsubscribe\?token=[^>]+>, <mailto:hello@localhost\?subject=unsubscribe>$/);
  assert.is(mailHeader(raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
  const text = decodeQuotedPrintable(raw.split(/Content-Type: text\/plain[^\n]*\n/)[1]?.split(/\n--/)[0] ?? '');
  const links = [...text.matchAll(/https:\/\/tidings\.example\/a\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
  assert.is(links.length, 7, text);
  assert.not.match(text, /otter/i, 'avoid-terms honoured');
  assert.not.match(raw, /<img/i, 'no tracking pixel');
});

test('muted topics are honoured in the digest', async () => {
  const text = decodeQuotedPrintable(smtp.messages[0]?.raw ?? '');
  const ids = [...text.matchAll(/tidings\.example\/a\/([A-Za-z0-9_-]+)/g)].map((m) => m[1]);
  const docs = await ctx.db.collection<ArticleDoc>('articles').find({ _id: { $in: ids as string[] } }).toArray();
  assert.ok(docs.length > 0);
  assert.ok(docs.every((d) => d.topic !== 'sport'));
});

test('when the SMTP server refuses, the day is not marked sent, and a later run delivers it', async () => {
  await saveSubscription(ctx.db, 'later', { enabled: true, hour: 8, time_zone: 'UTC' }, clock);
  smtp.refusing = true;
  clock = new Date('2026-11-22T08:00:00Z');
  const failed = await digestJob.run(jobCtx());
  assert.is(failed.failed, 1);
  const ledger = await findSend(ctx.db, 'later', '2026-11-22');
  assert.is(ledger?.status, 'failed');
  assert.is(ledger?.sent_at, null);
  smtp.refusing = false;
  const tooSoon = await digestJob.run(jobCtx());
  assert.is(tooSoon.sent, 0, 'the retry waits for its backoff');
  clock = new Date('2026-11-22T08:06:00Z');
  const retried = await digestJob.run(jobCtx());
  assert.is(retried.sent, 1);
  const mails = await smtp.waitFor(2);
  assert.equal(mails[1]?.to, ['later@example.org']);
  assert.is((await findSend(ctx.db, 'later', '2026-11-22'))?.status, 'sent');
});

test.run();
