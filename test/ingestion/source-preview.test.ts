import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { startFeedServer, xml, type FeedServer } from './feed-server.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const NOW = new Date('2026-11-12T12:00:00Z');

let ctx: TestContext;
let server: FeedServer;
test.before(async () => {
  ctx = await createTestContext({ now: () => NOW });
  server = await startFeedServer();
  server.routes.set('/mixed.xml', xml(fixture('rss2.xml').replace('</channel>', `<item><title>Three killed as lorry crashes on the coast road</title><link>https://lantern-bay.example/crash</link><pubDate>Wed, 11 Nov 2026 10:00:00 GMT</pubDate></item></channel>`)));
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

async function snapshot(): Promise<string> {
  const names = ['sources', 'articles', 'meta', 'candidates', 'source_candidates'];
  const counts = await Promise.all(names.map((n) => ctx.db.collection(n).countDocuments({})));
  return JSON.stringify(counts);
}

test('GET /api/source-preview returns the Preview result and writes nothing', async () => {
  const before = await snapshot();
  const res = await ctx.request(`/api/source-preview?url=${encodeURIComponent(`${server.base}/mixed.xml`)}&sample=10`);
  assert.is(res.status, 200);
  const body = (await res.json()) as Record<string, unknown> & { examples: { accepted: string[]; skipped: Array<{ title: string; reason: string; cues: string[] }> } };
  assert.is(body.sample_size, 4);
  assert.is(body.recent_7_days, 4);
  assert.is(body.acceptance_rate, 75);
  assert.type(body.avg_cortisol, 'number');
  assert.type(body.avg_ragebait, 'number');
  assert.type(body.avg_promotional, 'number');
  assert.ok((body.freshness as { newest_at: string }).newest_at);
  assert.ok(body.examples.accepted.includes('Neighbours & volunteers restore the old lido for summer swimming'));
  assert.equal(body.examples.skipped.map((s) => s.reason), ['cortisol']);
  assert.ok(body.examples.skipped[0]!.cues.length > 0, 'a skipped example names the words behind its reason');
  assert.is(body.topic_mix, undefined, 'the mix comes only with classify');
  assert.is(await snapshot(), before);
});

test('with classify, anonymous callers get the topic and flavor mix from the offline view', async () => {
  const res = await ctx.request(`/api/source-preview?url=${encodeURIComponent(`${server.base}/mixed.xml`)}&classify=true`);
  assert.is(res.status, 200);
  const body = (await res.json()) as { topic_mix: Record<string, number>; flavor_mix: Record<string, number>; model_view: { classified_by: string; accept_rate: number } };
  assert.is(Object.values(body.topic_mix).reduce((a, b) => a + b, 0), 4);
  assert.is(Object.values(body.flavor_mix).reduce((a, b) => a + b, 0), 4);
  assert.is(body.model_view.classified_by, 'offline');
});

test('only http and https URLs are accepted; unreadable feeds are a 502', async () => {
  for (const url of ['ftp://example.com/feed', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
    const res = await ctx.request(`/api/source-preview?url=${encodeURIComponent(url)}`);
    assert.is(res.status, 422, url);
    const body = (await res.json()) as { error: { code: string } };
    assert.is(body.error.code, 'invalid_input');
  }
  server.routes.set('/page.html', (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>hello</body></html>'));
  const res = await ctx.request(`/api/source-preview?url=${encodeURIComponent(`${server.base}/page.html`)}`);
  assert.is(res.status, 502);
});

test('previews are limited to 10 a minute per client address', async () => {
  // Earlier tests in this file already used 7 of this minute's 10 (same client address, same clock).
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await ctx.request(`/api/source-preview?url=${encodeURIComponent(`${server.base}/mixed.xml`)}`)).status);
  assert.equal(statuses, [200, 200, 200, 429, 429]);
});

test.run();
