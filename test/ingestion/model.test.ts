import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runIngest } from '../../core/pipeline/ingest.ts';
import { stableId } from '../../core/domain/ids.ts';
import { isTag, isTopic } from '../../core/domain/taxonomy.ts';
import { articlesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { startFeedServer, xml, type FeedServer } from './feed-server.ts';
import { startModelServer, type ChatRequest, type Reply } from '../helpers/model-server.ts';
import { createModelClient, type LoadOpenAI } from '../../core/platform/model.ts';

const NOW = new Date('2026-11-12T12:00:00Z');
const calm = JSON.stringify({ topic: 'nature', tags: ['wildlife', 'conservation'], flavor: 'wonder', cortisol: 1, ragebait: 0, promotional: 0, accept: true, why: 'Wildlife returning to a restored place.' });

function answer(req: ChatRequest): Reply {
  const user = req.messages?.find((m) => m.role === 'user')?.content ?? '';
  if (user.includes('[hang]')) return { hang: true };
  if (user.includes('[fail]')) return { status: 500 };
  if (user.includes('[garbled]')) return { content: '{"topic": "nature", "tags": [' };
  if (user.includes('[offlist]')) return { content: JSON.stringify({ ...JSON.parse(calm), topic: 'gossip', tags: ['celebrities'] }) };
  return { content: calm };
}

let ctx: TestContext;
let feeds: FeedServer;
let model: Awaited<ReturnType<typeof startModelServer>>;
test.before(async () => {
  feeds = await startFeedServer();
  model = await startModelServer(answer);
  ctx = await createTestContext({ now: () => NOW, env: { OPENAI_API_KEY: 'sk-test-key', OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: 'test-model' } });
});
test.after(async () => {
  await ctx.close();
  await model.close();
  await feeds.close();
});

const rss = (host: string, items: Array<{ title: string; slug: string; date: string; image?: string }>) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>t</title><link>https://${host}/</link>
${items.map((i) => `<item><title>${i.title}</title><link>https://${host}/${i.slug}</link><guid>${i.slug}</guid><pubDate>${i.date}</pubDate>
${i.image ? `<media:content url="${i.image}" medium="image"/>` : ''}<description>Rangers counted them at dawn.</description></item>`).join('\n')}
</channel></rss>`;

const run = () => runIngest({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: () => NOW, random: () => 0.5, modelTimeoutMs: 400 });

test('the same story from two sources gives one accepted article and one duplicate; the model never sees the duplicate', async () => {
  feeds.routes.set('/a.xml', xml(rss('otter-times.example', [{ title: 'Otters return to the River Wend after forty years away', slug: 'otters', date: 'Wed, 11 Nov 2026 08:00:00 GMT', image: 'https://img.otter-times.example/otter.jpg' }])));
  feeds.routes.set('/b.xml', xml(rss('wend-weekly.example', [{ title: 'After forty years away, otters return to the River Wend', slug: 'otters-back', date: 'Wed, 11 Nov 2026 09:00:00 GMT' }])));
  await insertFixtures(ctx.db, {
    sources: [
      makeSource({ _id: 'otter-times', feed_url: `${feeds.base}/a.xml`, next_poll_at: NOW }),
      makeSource({ _id: 'wend-weekly', feed_url: `${feeds.base}/b.xml`, next_poll_at: NOW }),
    ],
  });
  const summary = await run();
  assert.is(summary.new_articles, 2);
  assert.is(summary.duplicates, 1);
  const best = await articlesCollection(ctx.db).findOne({ _id: stableId('https://otter-times.example/otters') });
  const dup = await articlesCollection(ctx.db).findOne({ _id: stableId('https://wend-weekly.example/otters-back') });
  assert.is(best!.accepted, true);
  assert.is(best!.duplicate_of, null);
  assert.is(best!.classified_by, 'model');
  assert.is(dup!.duplicate_of, best!._id, 'with image and earlier beats the later copy without one');

  assert.is(model.received.length, 1, 'one request, for the canonical copy only');
  const req = model.received[0]!;
  assert.is(req.response_format?.type, 'json_schema');
  assert.is(req.response_format?.json_schema?.name, 'classification');
  assert.is(req.response_format?.json_schema?.strict, true);
  assert.ok(req.response_format?.json_schema?.schema?.properties, 'the schema is sent');
  const userMessage = req.messages?.find((m) => m.role === 'user')?.content ?? '';
  assert.ok(userMessage.includes('Otters return to the River Wend after forty years away'), 'the title appears verbatim');
  assert.not.ok(model.received.some((r) => JSON.stringify(r).includes('After forty years away, otters')));
});

test('a timeout, a 500, invalid JSON or an off-vocabulary answer falls back to the offline classifier; the article is still stored', async () => {
  feeds.routes.set('/c.xml', xml(rss('fallback.example', [
    { title: 'Volunteers plant a hedge for hedgehogs [hang]', slug: 'hang', date: 'Wed, 11 Nov 2026 08:00:00 GMT' },
    { title: 'Library lends telescopes to families [fail]', slug: 'fail', date: 'Wed, 11 Nov 2026 08:00:00 GMT' },
    { title: 'School garden grows a giant pumpkin [garbled]', slug: 'garbled', date: 'Wed, 11 Nov 2026 08:00:00 GMT' },
    { title: 'Choir of grandparents sings at the new station [offlist]', slug: 'offlist', date: 'Wed, 11 Nov 2026 08:00:00 GMT' },
  ])));
  await insertFixtures(ctx.db, { sources: [makeSource({ _id: 'fallback', feed_url: `${feeds.base}/c.xml`, next_poll_at: NOW })] });
  const summary = await run();
  assert.is(summary.new_articles, 4);
  const stored = await articlesCollection(ctx.db).find({ source_id: 'fallback' }).toArray();
  assert.is(stored.length, 4);
  for (const a of stored) {
    assert.is(a.classified_by, 'offline', a.title);
    assert.ok(isTopic(a.topic) && a.tags.length >= 1 && a.tags.every(isTag), a.title);
    assert.type(a.accepted, 'boolean');
  }
});

test('a failed load of the openai package is tried again at the next request, not kept until a restart', async () => {
  let loads = 0;
  const load: LoadOpenAI = async () => {
    loads += 1;
    if (loads === 1) throw new Error('ENOENT: openai is being replaced on disk');
    return import('openai');
  };
  const client = createModelClient(ctx.config, ctx.log, load);
  const request = { name: 'classification' as const, schema: { type: 'object' }, messages: [{ role: 'user' as const, content: 'Otters are back' }], validate: (v: unknown) => (typeof v === 'object' && v !== null ? v : null) };
  assert.is(await client.complete(request), null, 'the first request falls back (offline)');
  const answered = await client.complete(request);
  assert.is((answered as { topic?: string } | null)?.topic, 'nature', 'the second loads the package again and asks the model');
  assert.is(loads, 2);
  await client.complete(request);
  assert.is(loads, 2, 'a loaded client is kept');
});

test.run();
