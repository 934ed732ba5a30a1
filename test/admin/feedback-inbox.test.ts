import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FeedbackReplyDoc, InboxFeedback } from '../../core/domain/reply.ts';
import { replyPlainText } from '../../core/domain/reply.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { decodeQuotedPrintable, mailHeader, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { isRecord } from '../../core/domain/guards.ts';
import { readInboxItem, readReply } from '../../app/lib/admin-answers.ts';
import { as, asSent, errorCode, signIn } from './helpers.ts';

let ctx: TestContext;
let smtp: TestSmtp;
let admin: ReturnType<typeof as>;
let adminId: string;

const feedback = () => ctx.db.collection<InboxFeedback>('feedback');
const replies = () => ctx.db.collection<FeedbackReplyDoc>('feedback_replies');

async function addFeedback(overrides: Partial<InboxFeedback> = {}): Promise<InboxFeedback> {
  const doc: InboxFeedback = {
    _id: `fb${Math.random().toString(36).slice(2, 10)}`,
    category: 'idea',
    contact_email: 'reader@example.org',
    message: 'I love the calm brief.\nCould it have more space stories?',
    read_at: null,
    created_at: new Date('2026-11-20T09:00:00Z'),
    ...overrides,
  };
  await feedback().insertOne(doc);
  return doc;
}

test.before(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url } });
  const signedIn = await signIn(ctx.db, { email: 'admin@example.org', is_admin: true });
  adminId = signedIn.id;
  admin = as(ctx, signedIn.token);
});
test.after(async () => {
  await ctx.close();
  await smtp.close();
});

test('the inbox lists every item with read_at and its replies, newest first', async () => {
  const older = await addFeedback({ created_at: new Date('2026-11-01T00:00:00Z') });
  const newer = await addFeedback({ created_at: new Date('2026-11-02T00:00:00Z'), read_at: new Date('2026-11-03T00:00:00Z') });
  await replies().insertOne({ _id: 'r1', feedback_id: newer._id, user_id: adminId, message: 'Thanks', message_html: '<p>Thanks</p>', sent_to: 'reader@example.org', sent_at: new Date('2026-11-03T00:00:00Z') });
  const res = await admin('/api/admin/feedback');
  assert.is(res.status, 200);
  const body = (await res.json()) as { items: Array<{ id: string; read_at: string | null; replies: Array<{ message_html: string }> }> };
  const ids = body.items.map((i) => i.id);
  assert.ok(ids.indexOf(newer._id) < ids.indexOf(older._id));
  const listedNewer = body.items.find((i) => i.id === newer._id);
  assert.is(listedNewer?.read_at, '2026-11-03T00:00:00.000Z');
  assert.equal(listedNewer?.replies.map((r) => r.message_html), ['<p>Thanks</p>']);
  assert.is(body.items.find((i) => i.id === older._id)?.read_at, null);
});

test('the read toggle sets and clears read_at; a bad body is 422', async () => {
  const item = await addFeedback();
  let res = await admin(`/api/admin/feedback/${item._id}/read`, { json: { read: true } });
  assert.is(res.status, 200);
  assert.instance((await feedback().findOne({ _id: item._id }))?.read_at, Date);
  res = await admin(`/api/admin/feedback/${item._id}/read`, { json: { read: false } });
  assert.is(res.status, 200);
  assert.is((await feedback().findOne({ _id: item._id }))?.read_at, null);
  res = await admin(`/api/admin/feedback/${item._id}/read`, { json: { read: 'yes' } });
  assert.is(res.status, 422);
});

test('the admin page reads the inbox the server writes: every field of an item and its replies kept as sent (one shape: InboxItemView)', async () => {
  const item = await addFeedback({ category: 'praise', created_at: new Date('2026-11-04T08:00:00Z'), read_at: new Date('2026-11-05T08:00:00Z') });
  await replies().insertOne({ _id: 'r-shape', feedback_id: item._id, user_id: adminId, message: 'Thank you', message_html: '<p>Thank you</p>', sent_to: 'reader@example.org', sent_at: new Date('2026-11-05T08:00:00Z') });
  const body = (await (await admin('/api/admin/feedback')).json()) as { items: unknown[] };
  const sent = body.items.find((i) => isRecord(i) && i.id === item._id);
  const read = readInboxItem(sent);
  assert.ok(read);
  assert.equal(read, asSent(read, sent));
  assert.equal([read.category, read.read_at, read.replies.map((r) => [r.id, r.message_html, r.sent_at])], ['praise', '2026-11-05T08:00:00.000Z', [['r-shape', '<p>Thank you</p>', '2026-11-05T08:00:00.000Z']]]);
  const toggled = (await (await admin(`/api/admin/feedback/${item._id}/read`, { json: { read: false } })).json()) as { item: unknown };
  const readToggled = readInboxItem(toggled.item);
  assert.ok(readToggled);
  assert.equal(readToggled, asSent(readToggled, toggled.item));
  assert.is(readToggled.read_at, null);
});

test('delete removes the item and its replies', async () => {
  const item = await addFeedback();
  await replies().insertOne({ _id: 'r-del', feedback_id: item._id, user_id: adminId, message: 'x', message_html: 'x', sent_to: 'a@b.c', sent_at: new Date() });
  const res = await admin(`/api/admin/feedback/${item._id}`, { method: 'DELETE' });
  assert.is(res.status, 204);
  assert.is(await feedback().countDocuments({ _id: item._id }), 0);
  assert.is(await replies().countDocuments({ feedback_id: item._id }), 0);
  assert.is((await admin(`/api/admin/feedback/${item._id}`, { method: 'DELETE' })).status, 404);
});

test('a reply is mailed multipart with the subject and a quoted context, then recorded and marked read', async () => {
  const item = await addFeedback({ message: 'Please add <b>more</b> space news' });
  const before = smtp.messages.length;
  const res = await admin(`/api/admin/feedback/${item._id}/reply`, {
    json: { html: '  <div><b>Thank you!</b> We <i>will</i>.</div><ul><li>Space</li></ul><script>steal()</script><a href="https://x.example">link</a>  ' },
  });
  assert.is(res.status, 201);
  const sent = ((await res.json()) as { reply: unknown }).reply;
  const reply = readReply(sent);
  assert.ok(reply, 'the admin page reads the recorded reply');
  assert.equal(reply, asSent(reply, sent));
  assert.is(reply.sent_to, 'reader@example.org');
  const [mail] = (await smtp.waitFor(before + 1)).slice(before);
  assert.ok(mail);
  assert.equal(mail.to, ['reader@example.org']);
  assert.is(mailHeader(mail.raw, 'Subject'), 'Re: Your Tidings feedback');
  assert.match(mailHeader(mail.raw, 'Content-Type') ?? '', /^multipart\/alternative/);
  const raw = decodeQuotedPrintable(mail.raw);
  assert.match(raw, /Content-Type: text\/plain/);
  assert.match(raw, /Content-Type: text\/html/);
  assert.match(raw, /Thank you! We will\./);
  assert.match(raw, /<strong>Thank you!<\/strong> We <em>will<\/em>\./);
  assert.match(raw, /> Please add <b>more<\/b> space news/, 'the plain part quotes the original');
  assert.match(raw, /<blockquote[^>]*>Please add &lt;b&gt;more&lt;\/b&gt; space news<\/blockquote>/, 'the HTML part quotes it escaped');
  assert.match(raw, /<html lang="en"><head><meta charset="utf-8"><title>Re: Your Tidings feedback<\/title>/, 'the HTML part is a document with its language and title');
  assert.not.match(raw, /steal\(\)|https:\/\/x\.example|admin@example\.org/, 'no script, no link target, no account details');

  const stored = await replies().findOne({ feedback_id: item._id });
  assert.ok(stored);
  assert.is(stored.message_html, '<p><strong>Thank you!</strong> We <em>will</em>.</p><ul><li>Space</li></ul>link');
  assert.is(stored.message, replyPlainText(stored.message_html));
  assert.is(stored.sent_to, 'reader@example.org');
  assert.is(stored.user_id, adminId);
  assert.instance((await feedback().findOne({ _id: item._id }))?.read_at, Date);
});

test('when the mail server refuses: 502, no reply row, the feedback stays unread', async () => {
  const item = await addFeedback();
  smtp.refusing = true;
  try {
    const res = await admin(`/api/admin/feedback/${item._id}/reply`, { json: { html: '<p>Thanks</p>' } });
    assert.is(res.status, 502);
    assert.is(await errorCode(res), 'mail_failed');
  } finally {
    smtp.refusing = false;
  }
  assert.is(await replies().countDocuments({ feedback_id: item._id }), 0);
  assert.is((await feedback().findOne({ _id: item._id }))?.read_at, null);
});

test('reply rules 1, 2 and the body: 404 unknown id, 400 without contact e-mail, 422 bad or empty body', async () => {
  assert.is((await admin('/api/admin/feedback/nope123/reply', { json: { html: '<p>x</p>' } })).status, 404);
  const anonymous = await addFeedback({ contact_email: null });
  const res = await admin(`/api/admin/feedback/${anonymous._id}/reply`, { json: { html: '<p>x</p>' } });
  assert.is(res.status, 400);
  assert.is(await errorCode(res), 'no_contact_email');
  const item = await addFeedback();
  for (const body of [{ html: 42 }, {}, { html: '<img src=x><script>y</script>' }]) {
    assert.is((await admin(`/api/admin/feedback/${item._id}/reply`, { json: body })).status, 422, JSON.stringify(body));
  }
  assert.is((await admin(`/api/admin/feedback/${item._id}/reply`, { body: '{not json' })).status, 422);
  assert.is(await replies().countDocuments({ feedback_id: item._id }), 0);
});

test.run();
