/**
 * Property-based fuzzing (fast-check): `prefs`, every reading query parameter, every JSON body of
 * the public and signed-in API, and the seed file. Properties: never a 500 (nor any status outside
 * the contract's set), an answer within a bounded time, and the pool invariants in every result:
 * only accepted, non-duplicate articles of visible sources; limits, mutes, ceilings and avoided
 * terms honoured. Run counts are modest so the suite stays fast; a failure prints its seed.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { EVENT_KINDS } from '../../core/domain/event.ts';
import { MOODS, TAGS, TOPICS } from '../../core/domain/taxonomy.ts';
import { ValidationError } from '../../core/platform/errors.ts';
import { seed } from '../../core/pipeline/seed.ts';
import { articlesCollection, sourcesCollection } from '../../core/store/collections.ts';
import { bumpPoolVersion } from '../../core/store/meta.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { signIn } from './helpers.ts';

const BOUND_MS = 3000;
const OK_STATUSES = new Set([200, 201, 204, 303, 400, 401, 403, 404, 409, 413, 415, 422, 429]);

let ctx: TestContext;
let publicIds: Set<string>;
let hiddenIds: string[];
let user: { id: string; token: string };
let admin: { id: string; token: string };
const TOPIC_IDS = TOPICS.map((t) => t.id);

/** Whether an id may appear in any reading result right now (read from the database itself). */
async function refreshPublicIds(): Promise<void> {
  const visible = (await sourcesCollection(ctx.db).find({ content_visible: true }).project({ _id: 1 }).toArray()).map((s) => s._id);
  const docs = await articlesCollection(ctx.db).find({ accepted: true, duplicate_of: null, source_id: { $in: visible } }).project({ _id: 1 }).toArray();
  publicIds = new Set(docs.map((d) => String(d._id)));
}

test.before(async () => {
  ctx = await createTestContext({ env: { FETCH_ALLOW_PRIVATE: 'false' } });
  const a = makeSource({ _id: 'fuzz-a', name: 'Fuzz A' });
  const b = makeSource({ _id: 'fuzz-b', name: 'Fuzz B' });
  const hidden = makeSource({ _id: 'fuzz-hidden', name: 'Hidden', content_visible: false });
  const words = ['otters', 'garden', 'comet', 'bakery', 'choir', 'bridge', 'library', 'harbour'];
  const docs: ArticleDoc[] = [];
  for (let i = 0; i < 48; i += 1) {
    docs.push(
      makeArticle({
        source_id: i % 2 ? a._id : b._id,
        title: `The ${words[i % words.length]} story ${i}`,
        topic: TOPIC_IDS[i % TOPIC_IDS.length]!,
        tags: [TAGS[i % TAGS.length]!.id],
        flavor: ['wonder', 'heartwarming', 'constructive', 'light', 'grounded'][i % 5]!,
        cortisol: i % 5,
        ragebait: i % 4,
      }),
    );
  }
  const rejected = Array.from({ length: 5 }, (_, i) => makeArticle({ source_id: a._id, title: `Rejected ${i}`, accepted: false, reject_reason: 'distressing' }));
  const duplicates = Array.from({ length: 5 }, (_, i) => makeArticle({ source_id: b._id, title: `Duplicate ${i}`, duplicate_of: docs[i]!._id }));
  const hiddenDocs = Array.from({ length: 5 }, (_, i) => makeArticle({ source_id: hidden._id, title: `Hidden ${i}` }));
  hiddenIds = hiddenDocs.map((d) => d._id);
  await insertFixtures(ctx.db, { sources: [a, b, hidden], articles: [...docs, ...rejected, ...duplicates, ...hiddenDocs] });
  const at = new Date('2026-11-20T08:00:00Z');
  await ctx.db.collection<BriefDoc>('briefs').insertOne({ _id: 'current', item_ids: docs.filter((d) => d.cortisol <= 2).slice(0, 7).map((d) => d._id), generated_at: at, checked_at: at });
  await bumpPoolVersion(ctx.db);
  user = await signIn(ctx.db, 'fuzz-reader@example.org');
  admin = await signIn(ctx.db, 'fuzz-admin@example.org', true);
  await refreshPublicIds();
});
test.after(async () => {
  await ctx.close();
});

// ---------------------------------------------------------------- arbitraries
const hostileStrings = fc.constantFrom('', ' ', '-1', '0', '1e9', '99999999999999999999999', 'NaN', 'null', 'undefined', '[]', '{}', '%', '%00', '\u0000', '../../etc/passwd', '$where', '{"$gt":""}', '<script>', 'a'.repeat(5000), '\u202e', '🦦', 'true', 'latest', 'ranked');
const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), hostileStrings);
const idLike = fc.oneof(fc.constantFrom(...TOPIC_IDS, ...MOODS.map((m) => m.id), ...TAGS.slice(0, 10).map((t) => t.id), 'fuzz-a', 'fuzz-hidden'), anyText);

/** A `prefs` value: well-formed with hostile contents, or any JSON at all, or garbage text. */
const prefsObject = fc.record(
  {
    include_topics: fc.array(idLike, { maxLength: 4 }),
    mute_topics: fc.array(fc.constantFrom(...TOPIC_IDS), { maxLength: 3 }),
    include_flavors: fc.array(idLike, { maxLength: 3 }),
    mute_flavors: fc.array(idLike, { maxLength: 3 }),
    mute_tags: fc.array(idLike, { maxLength: 3 }),
    avoid_terms: fc.array(fc.oneof(fc.constantFrom('otters', 'comet', 'BAKERY', 'story'), anyText), { maxLength: 3 }),
    pauses: fc.array(fc.record({ kind: fc.oneof(fc.constantFrom('topic', 'flavor', 'tag', 'term', 'source'), anyText), value: idLike, until: fc.oneof(fc.constantFrom('2999-01-01T00:00:00Z', '2000-01-01T00:00:00Z'), anyText) }), { maxLength: 3 }),
    max_cortisol: fc.oneof(fc.integer({ min: -5, max: 15 }), fc.double(), anyText),
    max_ragebait: fc.oneof(fc.integer({ min: -5, max: 15 }), anyText),
    lanes: fc.anything({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);
const prefsValue = fc.oneof(
  { weight: 3, arbitrary: prefsObject.map((p) => JSON.stringify(p)) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: anyText },
);
const READING_PARAMS = ['prefs', 'offset', 'limit', 'topic', 'mood', 'tag', 'source_id', 'exclude', 'following', 'gentle', 'sort', 'ts'] as const;
const paramValue = (name: string) => (name === 'prefs' ? prefsValue : name === 'offset' || name === 'limit' ? fc.oneof(fc.nat({ max: 200 }).map(String), anyText) : idLike);
const readingQuery = fc
  .uniqueArray(fc.constantFrom(...READING_PARAMS), { maxLength: 6 })
  .chain((names) => fc.tuple(...names.map((n) => paramValue(n).map((v) => [n, v] as const))))
  .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v])));
const readingPath = fc.constantFrom('/api/feed', '/api/brief', '/api/replacement', '/api/since', '/api/categories', '/api/moods', '/api/lanes', '/api/families');

interface Card {
  id: string;
  title: string;
  topic: string;
  cortisol: number;
  ragebait: number;
}

/** Cards of a reading response, whatever its envelope. */
function cardsOf(path: string, body: unknown): Card[] {
  if (path === '/api/feed' && Array.isArray(body)) return body as Card[];
  if (typeof body === 'object' && body !== null) {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.items)) return record.items as Card[];
    if (path === '/api/replacement' && 'id' in record) return [record as unknown as Card];
    if (typeof record.item === 'object' && record.item !== null) return [record.item as Card];
  }
  return [];
}

async function timed(path: string, init?: RequestInit): Promise<{ res: Response; ms: number }> {
  const started = performance.now();
  const res = await ctx.request(path, init);
  return { res, ms: performance.now() - started };
}

// ---------------------------------------------------------------- properties
test('reading endpoints: any combination of parameters gives a contract status within the bound, and only public articles', async () => {
  let withCards = 0;
  await fc.assert(
    fc.asyncProperty(readingPath, readingQuery, async (path, params) => {
      const { res, ms } = await timed(`${path}?${params}`);
      const text = await res.text();
      if (!OK_STATUSES.has(res.status)) throw new Error(`${path}?${params} → ${res.status} ${text.slice(0, 200)}`);
      if (ms > BOUND_MS) throw new Error(`${path}?${params} took ${Math.round(ms)} ms`);
      if (res.status !== 200) return;
      const cards = cardsOf(path, JSON.parse(text));
      if (cards.length) withCards += 1;
      for (const card of cards) if (!publicIds.has(card.id)) throw new Error(`${path}?${params} returned non-public ${card.id}`);
      if (path === '/api/feed' && cards.length > 50) throw new Error('more than 50 items');
    }),
    { numRuns: 400 },
  );
  assert.ok(withCards > 25, `only ${withCards} runs returned articles: the property would be vacuous`);
});

test('well-formed prefs are honoured in every feed: mutes, ceilings and avoided terms', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.record({ mute_topics: fc.subarray(TOPIC_IDS, { maxLength: 4 }), max_cortisol: fc.integer({ min: 0, max: 4 }), max_ragebait: fc.integer({ min: 0, max: 3 }), avoid_terms: fc.subarray(['otters', 'comet', 'bakery', 'choir'], { maxLength: 2 }) }),
      fc.constantFrom('ranked', 'latest'),
      async (prefs, sort) => {
        const res = await ctx.request(`/api/feed?limit=50&sort=${sort}&prefs=${encodeURIComponent(JSON.stringify(prefs))}`);
        assert.is(res.status, 200);
        const cards = cardsOf('/api/feed', await res.json());
        for (const c of cards) {
          assert.ok(publicIds.has(c.id));
          assert.not.ok(prefs.mute_topics.includes(c.topic), `muted topic ${c.topic}`);
          assert.ok(c.cortisol <= prefs.max_cortisol && c.ragebait <= prefs.max_ragebait, 'ceiling');
          for (const term of prefs.avoid_terms) assert.not.ok(new RegExp(`\\b${term}\\b`, 'i').test(c.title), `avoided ${term}`);
        }
      },
    ),
    { numRuns: 60 },
  );
});

test('the summary route answers 200 or 404 for any id, and 404 for every id outside the public pool', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(anyText, fc.constantFrom(...hiddenIds)), async (id) => {
      const { res, ms } = await timed(`/api/summary/${encodeURIComponent(id)}`);
      if (res.status !== 404 && res.status !== 200) throw new Error(`${id} → ${res.status}`);
      if (ms > BOUND_MS) throw new Error(`slow: ${ms}`);
      if (res.status === 200 && !publicIds.has(id)) throw new Error(`summary of non-public ${id}`);
    }),
    { numRuns: 60 },
  );
});

// Every JSON body the API takes, with the credentials it needs (none, a reader, an admin).
const BODY_ROUTES: Array<{ method: string; path: string; as?: 'user' | 'admin'; shape: fc.Arbitrary<unknown> }> = [
  { method: 'POST', path: '/api/events', shape: fc.record({ kind: fc.oneof(fc.constantFrom(...EVENT_KINDS), anyText), article_id: fc.oneof(idLike, fc.constant(null)), visitor: fc.oneof(anyText, fc.uuid()) }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/feedback', shape: fc.record({ category: fc.oneof(anyText, fc.constant(null)), email: fc.oneof(anyText, fc.emailAddress()), message: anyText, website: fc.oneof(fc.constant(''), anyText) }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/auth/email/start', shape: fc.record({ email: fc.oneof(anyText, fc.emailAddress(), fc.anything()) }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/auth/email/verify', shape: fc.record({ token: fc.oneof(anyText, fc.base64String({ minLength: 20, maxLength: 60 }), fc.anything()) }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/puzzle/word/guess', shape: fc.record({ game: fc.oneof(fc.constantFrom('classic', 'long'), anyText), guess: anyText, attempt: fc.oneof(fc.integer({ min: -3, max: 10 }), anyText) }, { requiredKeys: [] }) },
  { method: 'PUT', path: '/api/prefs', as: 'user', shape: prefsObject },
  { method: 'POST', path: '/api/saved', as: 'user', shape: fc.record({ article_id: idLike }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/history', as: 'user', shape: fc.record({ article_id: idLike, kind: anyText }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/import', as: 'user', shape: fc.record({ saved: fc.array(idLike, { maxLength: 5 }), history: fc.anything({ maxDepth: 2 }), prefs: prefsObject }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/follows', as: 'user', shape: fc.record({ kind: fc.oneof(fc.constantFrom('source', 'tag'), anyText), value: idLike }, { requiredKeys: [] }) },
  { method: 'PUT', path: '/api/digest', as: 'user', shape: fc.record({ enabled: fc.oneof(fc.boolean(), anyText), hour: fc.anything() }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/admin/sources/fuzz-a/status', as: 'admin', shape: fc.record({ status: fc.oneof(fc.constantFrom('paused', 'retired', 'active'), anyText) }, { requiredKeys: [] }) },
  { method: 'POST', path: '/api/admin/sources/fuzz-b/review', as: 'admin', shape: fc.record({ action: fc.oneof(fc.constantFrom('flag', 'clear'), anyText), reason: fc.anything() }, { requiredKeys: [] }) },
];

const rawBody = (shape: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: shape.map((v) => ({ body: JSON.stringify(v), type: 'application/json' })) },
    { weight: 1, arbitrary: fc.json().map((body) => ({ body, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 300 }).map((body) => ({ body, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.tuple(shape, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', '')).map(([v, type]) => ({ body: JSON.stringify(v), type })) },
  );

for (const route of BODY_ROUTES) {
  test(`${route.method} ${route.path}: any body gives a contract status within the bound`, async () => {
    await fc.assert(
      fc.asyncProperty(rawBody(route.shape), async ({ body, type }) => {
        const headers: Record<string, string> = {};
        if (type) headers['content-type'] = type;
        if (route.as) headers.authorization = `Bearer ${(route.as === 'admin' ? admin : user).token}`;
        const { res, ms } = await timed(route.path, { method: route.method, headers, body });
        const text = await res.text();
        if (!OK_STATUSES.has(res.status)) throw new Error(`${route.path} ${body.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`);
        if (ms > BOUND_MS) throw new Error(`${route.path} took ${Math.round(ms)} ms`);
        if (res.status >= 400 && res.status !== 413) {
          const parsed: unknown = JSON.parse(text);
          if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) throw new Error(`${route.path}: error without the contract body: ${text.slice(0, 100)}`);
        }
      }),
      { numRuns: 40 },
    );
  });
}

test('events: whatever the bodies, every stored row has a whitelisted kind, a hashed visitor and an article id that is null or well-formed', async () => {
  const rows = await ctx.db.collection('events').find({}).toArray();
  for (const row of rows) {
    assert.ok((EVENT_KINDS as readonly string[]).includes(String(row.kind)), String(row.kind));
    assert.match(String(row.visitor_hash), /^[0-9a-f]{32,}$|^[A-Za-z0-9_-]{20,}$/);
    assert.ok(row.article_id === null || /^[A-Za-z0-9_-]{1,64}$/.test(String(row.article_id)));
  }
});

/** Mostly valid, sometimes hostile: each field is replaced by garbage one time in eight. */
const mostly = <T,>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown> = anyText): fc.Arbitrary<unknown> => fc.oneof({ weight: 7, arbitrary: valid }, { weight: 1, arbitrary: hostile });
const seedArticle = fc.record({
  source: mostly(fc.constantFrom('fuzz-a', 'Fuzz B', 'seed-src', 'fuzz-hidden')),
  title: mostly(fc.string({ minLength: 3, maxLength: 60 }).filter((t) => t.trim().length > 0)),
  url: mostly(fc.webUrl({ withQueryParameters: true }), fc.oneof(anyText, fc.constantFrom('javascript:alert(1)', 'file:///etc/passwd', 'http://'))),
  image: mostly(fc.oneof(fc.constant(null), fc.webUrl()), fc.constantFrom('javascript:alert(1)', 'data:image/png;base64,AA')),
  published_at: mostly(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString())),
  topic: mostly(fc.constantFrom(...TOPIC_IDS)),
  tags: mostly(fc.subarray(TAGS.slice(0, 8).map((t) => t.id), { minLength: 1, maxLength: 4 }), fc.array(anyText, { maxLength: 6 })),
  flavor: mostly(fc.constantFrom('wonder', 'light', 'heartwarming')),
  cortisol: mostly(fc.integer({ min: 0, max: 10 }), fc.oneof(fc.integer({ min: -5, max: 50 }), fc.double(), anyText)),
  ragebait: mostly(fc.integer({ min: 0, max: 10 }), fc.integer({ min: -5, max: 50 })),
  promotional: mostly(fc.integer({ min: 0, max: 10 }), fc.integer({ min: -5, max: 50 })),
  accepted: mostly(fc.boolean()),
  duplicate_of: mostly(fc.constant(null), idLike),
  why: mostly(fc.string({ maxLength: 80 })),
});
const seedSource = fc.record({
  id: mostly(fc.constant('seed-src'), idLike),
  name: mostly(fc.constant('Seed Source')),
  feed_url: mostly(fc.webUrl()),
  status: mostly(fc.constantFrom('active', 'paused')),
  content_visible: mostly(fc.boolean()),
});
const seedFile = fc.oneof(
  { weight: 4, arbitrary: fc.record({ sources: fc.array(seedSource, { maxLength: 2 }), articles: fc.array(seedArticle, { maxLength: 6 }) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

test('the seed file: any input loads what is valid, reports the rest, throws nothing but a ValidationError, and the pool invariants still hold', async () => {
  let loaded = 0;
  await fc.assert(
    fc.asyncProperty(seedFile, async (data) => {
      try {
        const report = await seed(ctx.db, data, new Date('2026-11-20T12:00:00Z'));
        loaded += report.articles.inserted + report.articles.updated;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
      }
    }),
    { numRuns: 60 },
  );
  assert.ok(loaded > 5, `only ${loaded} seeded articles: the generator is too hostile to test loading`);
  await refreshPublicIds();
  // Every stored article is still a well-formed one: a boolean acceptance and scores in 0..10.
  const malformed = await articlesCollection(ctx.db).countDocuments({ $or: [{ accepted: { $nin: [true, false] } }, { cortisol: { $lt: 0 } }, { cortisol: { $gt: 10 } }] });
  assert.is(malformed, 0);
  const stored = await articlesCollection(ctx.db).find({ url: { $regex: '^(?!https?://)' } }).project({ url: 1 }).toArray();
  assert.equal(stored, [], 'no article with a non-http(s) URL was seeded');
  const res = await ctx.request('/api/feed?limit=50&sort=latest');
  for (const card of cardsOf('/api/feed', await res.json())) assert.ok(publicIds.has(card.id), `non-public ${card.id} after seeding`);
});

test.run();
