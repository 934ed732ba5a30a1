/**
 * Candidate refusals in words (issue 21, item 7): a feed that cannot be read is refused with what
 * happened ("the address does not resolve", "the server answered 404", "this is not a feed"), not
 * the resolver's or the parser's own message. Unit table, then the admin API against real loopback
 * servers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fetchFailureText } from '../../core/domain/fetch-failure.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { startFeedServer, type FeedServer } from '../ingestion/feed-server.ts';
import { as, signIn } from './helpers.ts';

const cases: Array<[string, { error: string; status?: number }, RegExp]> = [
  ['an unknown host', { error: 'getaddrinfo ENOTFOUND feeds.nowhere.example' }, /^the address does not resolve/],
  ['a resolver that is not answering', { error: 'getaddrinfo EAI_AGAIN feeds.example.org' }, /^the address does not resolve/],
  ['a 404', { error: 'HTTP 404', status: 404 }, /^the server answered 404 \(not found\)$/],
  ['a 410 without a status field', { error: 'HTTP 410' }, /^the server answered 410 \(gone for good\)$/],
  ['a 403', { error: 'HTTP 403', status: 403 }, /^the server answered 403 \(access refused\)$/],
  ['a 500', { error: 'HTTP 500', status: 500 }, /^the server answered 500 \(a server error\)$/],
  ['an unusual status', { error: 'HTTP 418', status: 418 }, /^the server answered 418 \(a refusal\)$/],
  ['a refused connection', { error: 'connect ECONNREFUSED 203.0.113.9:443' }, /^the server refused the connection$/],
  ['a timeout', { error: 'the server did not answer within 10 s (timeout)' }, /did not answer in time/],
  ['a bad certificate', { error: 'self-signed certificate in certificate chain' }, /certificate is not valid/],
  ['an HTML page', { error: 'not a readable feed: Non-whitespace before first tag.\nLine: 0' }, /^this is not a feed/],
  ['a document without a channel', { error: 'not a readable feed: the document has no RSS channel' }, /^this is not a feed/],
  ['something else', { error: 'weird internal thing' }, /^the feed could not be fetched$/],
];
for (const [name, read, expected] of cases) {
  test(`${name} is explained in words`, () => {
    const text = fetchFailureText(read);
    assert.match(text, expected);
    assert.not.match(text, /ENOTFOUND|EAI_|ECONN|getaddrinfo|Non-whitespace/);
  });
}

let ctx: TestContext;
let feeds: FeedServer;
let admin: ReturnType<typeof as>;
test.before(async () => {
  ctx = await createTestContext();
  feeds = await startFeedServer();
  feeds.routes.set('/page.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><p>Welcome to our shop</p></body></html>'));
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
});
test.after(async () => {
  await feeds?.close();
  await ctx?.close();
});

async function refusal(url: string): Promise<{ status: number; message: string }> {
  const res = await admin('/api/admin/candidates', { json: { url } });
  const body = (await res.json()) as { error?: { message?: string } };
  return { status: res.status, message: body.error?.message ?? '' };
}

test('staging a candidate that answers 404, a web page, or no connection is refused with what happened', async () => {
  assert.equal(await refusal(`${feeds.base}/missing.xml`), { status: 502, message: 'The feed could not be read: the server answered 404 (not found).' });
  const page = await refusal(`${feeds.base}/page.html`);
  assert.is(page.status, 502);
  assert.match(page.message, /^The feed could not be read: this is not a feed/);
  // A port nothing listens on (taken and released).
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  assert.equal(await refusal(`http://127.0.0.1:${port}/feed.xml`), { status: 502, message: 'The feed could not be read: the server refused the connection.' });
  assert.is(await ctx.db.collection('candidates').countDocuments({}), 0, 'nothing staged');
});

test.run();
