/** POST /api/feedback (SPEC.md, CONTRACT.md "Feedback body"): validation, honeypot, flood cap, stored first, then mailed. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveApp, type Listening } from '../../api/server.ts';
import { SMTPServer } from 'smtp-server';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FloodCap, parseFeedback } from '../../core/domain/feedback.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { until } from '../helpers/until.ts';

interface Received { to: string[]; data: string }
const received: Received[] = [];
let refuse = false;

// A real SMTP peer on loopback; `refuse` makes it reject every recipient like a broken mail server.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

let ctx: TestContext;
let server: Listening;
let apiPort = 0;

test.before(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestContext({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ADMIN_NOTIFY_EMAIL: 'admin@example.org' } });
  // The flood cap counts client addresses, which only a real socket has: serve the app on loopback.
  server = await serveApp(ctx.app, 0, '127.0.0.1');
  apiPort = server.port;
});
test.after(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await ctx.close();
});

const feedback = () => ctx.db.collection<Record<string, unknown>>('feedback');

function post(body: unknown): Promise<Response> {
  return ctx.request('/api/feedback', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** POST over a real socket from a chosen loopback address (127.0.0.0/8 is all loopback on Linux). */
function postFrom(localAddress: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port: apiPort, path: '/api/feedback', method: 'POST', localAddress, agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

test('feedback is stored and then e-mailed to ADMIN_NOTIFY_EMAIL', async () => {
  const res = await post({ category: 'idea', email: ' Reader@Example.ORG ', message: 'A calm site, thank you.\r\nMore space news?', website: '' });
  assert.is(res.status, 201);
  assert.equal(await res.json(), { ok: true });
  const row = await feedback().findOne({ message: 'A calm site, thank you.\nMore space news?' });
  assert.ok(row, 'stored');
  assert.equal(Object.keys(row).sort(), ['_id', 'category', 'contact_email', 'created_at', 'message', 'read_at']);
  assert.is(row.category, 'idea');
  assert.is(row.contact_email, 'reader@example.org');
  assert.is(row.read_at, null);
  assert.instance(row.created_at, Date);
  const mail = await until(() => received.find((m) => m.data.includes('More space news?')), 10_000, 'the notification mail');
  assert.equal(mail.to, ['admin@example.org']);
  assert.match(mail.data, /reader@example\.org/);
  assert.match(mail.data, /Subject: New Tidings feedback: idea/);
});

test('anonymous feedback needs only a message', async () => {
  const res = await post({ message: 'Just a message' });
  assert.is(res.status, 201);
  const row = await feedback().findOne({ message: 'Just a message' });
  assert.is(row?.category, null);
  assert.is(row?.contact_email, null);
});

test('feedback is kept and the request succeeds when the mail server refuses', async () => {
  refuse = true;
  try {
    const res = await post({ message: 'Kept even if mail fails' });
    assert.is(res.status, 201);
    assert.ok(await feedback().findOne({ message: 'Kept even if mail fails' }));
    await until(() => ctx.log.lines.find((l) => l.includes('admin notification could not be sent')), 10_000, 'the failed-notification warning');
  } finally {
    refuse = false;
  }
});

test('a filled honeypot gets the same 201 reply, but nothing is stored and nothing is mailed', async () => {
  const before = await feedback().countDocuments({});
  const res = await post({ message: 'Buy cheap pills', website: 'http://spam.example' });
  assert.is(res.status, 201);
  assert.equal(await res.json(), { ok: true });
  assert.is(await feedback().countDocuments({}), before);
  // A real submission right after it: once its mail has arrived, the bot's would have too.
  await post({ message: 'marker after the honeypot' });
  await until(() => received.find((m) => m.data.includes('marker after the honeypot')), 10_000, 'the marker mail');
  await ctx.mailSettled(); // and every mail the app started has been handed over
  assert.not.ok(received.some((m) => m.data.includes('cheap pills')));
});

const invalid: Array<[string, unknown, RegExp]> = [
  ['a missing message', { email: 'a@example.org' }, /^message:/],
  ['a blank message', { message: '  \n ' }, /^message:/],
  ['a message that is not text', { message: ['hi'] }, /^message:/],
  ['a message over 5,000 characters', { message: 'x'.repeat(5001) }, /^message: at most 5000/],
  ['a malformed e-mail', { message: 'hi', email: 'not-an-address' }, /^email:/],
  ['an e-mail with a header injection', { message: 'hi', email: 'a@example.org\nBcc: b@example.org' }, /^email:/],
  ['a category that is not text', { message: 'hi', category: 7 }, /^category:/],
  ['a category over 40 characters', { message: 'hi', category: 'c'.repeat(41) }, /^category:/],
  ['a body that is not JSON', 'message=hi', /JSON/],
  ['a JSON array', [{ message: 'hi' }], /JSON object/],
];
for (const [name, body, message] of invalid) {
  test(`${name} is refused with 422 and a clear message`, async () => {
    const before = await feedback().countDocuments({});
    const res = await post(body);
    assert.is(res.status, 422);
    const json = (await res.json()) as { error: { code: string; message: string } };
    assert.is(json.error.code, 'invalid_input');
    assert.match(json.error.message, message);
    assert.is(await feedback().countDocuments({}), before);
  });
}

test('the flood cap allows 10 per client address per day, then 429; other addresses still get through', async () => {
  for (let i = 0; i < 10; i += 1) assert.is(await postFrom('127.0.0.2', { message: `flood ${i}` }), 201);
  assert.is(await postFrom('127.0.0.2', { message: 'flood 11' }), 429);
  assert.is(await feedback().countDocuments({ message: 'flood 11' }), 0);
  assert.is(await postFrom('127.0.0.3', { message: 'another neighbour' }), 201);
});

test('the flood cap counts in memory only: no client address is stored', async () => {
  const rows = JSON.stringify(await feedback().find({}).toArray());
  assert.not.ok(rows.includes('127.0.0.'));
});

test('the route stops at 500 stored items a day in all, whoever sends them', async () => {
  // Ten at a time from fresh loopback addresses until the total cap answers.
  for (let a = 1; a < 60 && (await feedback().countDocuments({})) < 500; a += 1) {
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => postFrom(`127.0.1.${a}`, { message: `total ${a}-${i}` })));
    assert.ok(statuses.every((s) => s === 201 || s === 429), String(statuses));
  }
  assert.is(await feedback().countDocuments({}), 500);
  assert.is(await postFrom('127.0.2.1', { message: 'one too many' }), 429);
  assert.is(await feedback().countDocuments({}), 500);
});

test('the daily total cap of 500 holds across addresses and resets on the next UTC day', () => {
  const cap = new FloodCap();
  const day = new Date('2026-05-01T10:00:00Z');
  let accepted = 0;
  for (let a = 0; a < 60; a += 1) {
    for (let i = 0; i < 10; i += 1) if (cap.take(`198.51.100.${a}`, day) === null) accepted += 1;
  }
  assert.is(accepted, 500);
  assert.is(cap.take('203.0.113.1', day), 'total');
  assert.is(cap.take('198.51.100.0', new Date('2026-05-02T00:00:00Z')), null);
});

test('the honeypot counts as filled whatever its type, and empty or whitespace does not', () => {
  for (const website of ['x', 1, true, ['a'], { a: 1 }]) assert.is(parseFeedback({ message: 'hi', website }).kind, 'honeypot');
  for (const website of [undefined, null, '', '   ']) assert.is(parseFeedback({ message: 'hi', website }).kind, 'valid');
});

test.run();
