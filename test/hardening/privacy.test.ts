/**
 * Privacy (SPEC.md: "The service stores no IP address, user agent, referrer or URL in analytics";
 * the visitor token is hashed, never stored raw). A scripted session over real HTTP on loopback
 * (so the app sees a real client address) sends every event kind, feedback, a magic-link sign-in
 * and the signed-in library actions, each request carrying canary values in its address, user
 * agent, referrer, forwarded-for and body. Afterwards no canary may be found in any collection or
 * in the logs (the test context's memory logger).
 *
 * The embedded database has no `listCollections`, so the collections scanned are an explicit list:
 * every collection the schema indexes (ALL_INDEXES) plus the ones written without indexes of their
 * own. A new collection must be added to EXTRA_COLLECTIONS below to be scanned.
 */
import { serveApp, type Listening } from '../../api/server.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EVENT_KINDS } from '../../core/domain/event.ts';
import { ALL_INDEXES } from '../../core/store/schema.ts';
import { decodeQuotedPrintable, startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { until } from '../helpers/until.ts';

const EXTRA_COLLECTIONS = ['sources', 'articles', 'meta', 'briefs', 'events', 'feedback', 'feedback_replies', 'users', 'sessions', 'magic_links', 'rate_limits', 'identities', 'candidates', 'migrations', 'saved', 'history', 'follows', 'digests', 'digest_sends', 'summaries', 'puzzles', 'site_builds', 'agendaJobs'];
const COLLECTIONS = [...new Set([...ALL_INDEXES.map((i) => i.collection), ...EXTRA_COLLECTIONS])];

const CANARY = {
  forwardedFor: '198.51.100.23',
  userAgent: 'PrivacyProbe/9.9 (ua-canary-7731)',
  referrer: 'https://referrer-canary.example/from?q=ref-canary-991',
  visitor: 'visitor-canary-token-5c1d9e0a7b4f',
  pageUrl: 'https://page-canary.example/reading?utm=url-canary-4410',
};

let ctx: TestContext;
let smtp: TestSmtp;
let server: Listening;
let base: string;
const secrets: string[] = [];

test.before(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://tidings.example', SERVICE_ADMIN_EMAILS: 'admin@example.org' } });
  const source = makeSource({ _id: 'calm-source', feed_url: 'https://calm.example.org/feed.xml', homepage: 'https://calm.example.org/' });
  await insertFixtures(ctx.db, { sources: [source], articles: Array.from({ length: 6 }, () => makeArticle({ source_id: source._id })) });
  server = await serveApp(ctx.app, 0, '127.0.0.1');
  base = server.url;
});
test.after(async () => {
  await server.close();
  await ctx.close();
  await smtp.close();
});

/** A request from the probing browser: every header carries a canary. */
function probe(path: string, init: { method?: string; body?: unknown; token?: string; type?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {
    'user-agent': CANARY.userAgent,
    referer: CANARY.referrer,
    'x-forwarded-for': CANARY.forwardedFor,
    'x-real-ip': CANARY.forwardedFor,
    origin: 'https://tidings.example',
    'sec-fetch-site': 'same-origin',
  };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = init.type ?? 'application/json';
  return fetch(`${base}${path}`, { method: init.method ?? (init.body === undefined ? 'GET' : 'POST'), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

test('a scripted session of every event kind, feedback, sign-in and library actions succeeds', async () => {
  const feed = (await (await probe('/api/feed')).json()) as Array<{ id: string }>;
  const id = feed[0]!.id;
  for (const kind of EVENT_KINDS) {
    for (const type of ['application/json', 'text/plain']) {
      const res = await probe('/api/events', { body: { kind, article_id: kind === 'visit' ? null : id, visitor: CANARY.visitor, url: CANARY.pageUrl, referrer: CANARY.referrer, ua: CANARY.userAgent }, type });
      assert.is(res.status, 204, kind);
    }
  }
  assert.is((await probe('/api/feedback', { body: { category: 'idea', message: `Lovely service, sent from ${'the app'}`, website: '' } })).status, 201);
  assert.is((await probe('/api/auth/email/start', { body: { email: 'reader@example.org' } })).status, 200);
  const received = await until(() => smtp.messages.find((m) => m.to.includes('reader@example.org')), 10_000, 'the sign-in mail');
  const mail = decodeQuotedPrintable(received.raw);
  const link = /verify\?token=([A-Za-z0-9_-]{20,})/.exec(mail)![1]!;
  secrets.push(link);
  const verified = await probe('/api/auth/email/verify', { body: { token: link } });
  assert.is(verified.status, 200);
  const token = ((await verified.json()) as { token: string }).token;
  secrets.push(token);
  assert.is((await probe('/api/auth/me', { token })).status, 200);
  assert.is((await probe('/api/saved', { body: { article_id: id }, token })).status < 300, true);
  assert.is((await probe('/api/history', { body: { article_id: id, kind: 'open' }, token })).status < 500, true);
  assert.is((await probe('/api/prefs', { method: 'PUT', body: { mute_topics: ['sport'] }, token })).status, 200);
  assert.is((await probe('/api/digest', { method: 'PUT', body: { enabled: true }, token })).status, 200);
  assert.is((await probe(`/api/summary/${id}`)).status, 200);
  assert.is((await probe('/api/auth/logout', { method: 'POST', token })).status, 204);
  assert.ok((await ctx.db.collection('events').countDocuments({})) >= EVENT_KINDS.length, 'events were recorded');
});

test('no collection holds an IP address, user agent, referrer, page URL, raw visitor token or raw secret', async () => {
  const needles = ['127.0.0.1', CANARY.forwardedFor, CANARY.userAgent, 'ua-canary-7731', 'referrer-canary', 'page-canary', 'url-canary-4410', CANARY.visitor, ...secrets];
  const found: string[] = [];
  let scanned = 0;
  for (const name of COLLECTIONS) {
    const docs = await ctx.db.collection(name).find({}).toArray();
    scanned += docs.length;
    const text = JSON.stringify(docs);
    for (const needle of needles) if (text.includes(needle)) found.push(`${name}: ${needle.slice(0, 30)}`);
  }
  assert.ok(scanned > 30, `${scanned} documents scanned`);
  assert.equal(found, []);
});

test('events carry only kind, article_id, visitor_hash and day', async () => {
  for (const row of await ctx.db.collection('events').find({}).toArray()) {
    assert.equal(Object.keys(row).sort(), ['_id', 'article_id', 'day', 'kind', 'visitor_hash']);
    assert.match(String(row.day), /^\d{4}-\d{2}-\d{2}$/);
  }
});

test('the logs hold no IP address, user agent, referrer, page URL, query string, visitor token or secret', () => {
  const lines = ctx.log.lines.join('\n');
  assert.ok(ctx.log.lines.length > 20, 'requests were logged');
  const needles = ['127.0.0.1', CANARY.forwardedFor, 'ua-canary-7731', 'referrer-canary', 'page-canary', CANARY.visitor, ...secrets];
  assert.equal(needles.filter((n) => lines.includes(n)), []);
});

test.run();
