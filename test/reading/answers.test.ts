/**
 * Remembered answers (core/readmodel/answers.ts): `/api/feed` and `/api/brief` keep their encoded
 * answer per snapshot, so every request must still get exactly what a fresh computation gives —
 * after a reload, after summaries are patched into the snapshot in place, after the stored brief
 * changes, and as `now` moves the brief's recent window — and answers that depend on the clock or
 * the caller are never remembered.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readModelFor } from '../../core/readmodel/readmodel.ts';
import { Answer, briefAnswer, feedAnswer, MAX_ANSWERS, MAX_SHOWN_BRIEFS } from '../../core/readmodel/answers.ts';
import { cacheStats } from '../../core/platform/cache.ts';
import { boundariesAt, parseReadingQuery, toFilter } from '../../core/readmodel/params.ts';
import { briefFor, feedPage, recentSplit } from '../../core/readmodel/queries.ts';
import { patchSummaries } from '../../core/readmodel/snapshot.ts';
import { saveBrief } from '../../core/store/briefs.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { makeArticle, makeSource } from '../helpers/fixtures.ts';
import { load, prefsParam } from './pool.ts';

const HOUR = 3_600_000;
let clock = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
const sources = Array.from({ length: 4 }, (_, i) => makeSource({ _id: `ans-src-${i}` }));
const topics = ['science', 'nature', 'community', 'culture', 'health'];
const articles = Array.from({ length: 30 }, (_, i) =>
  makeArticle({
    source_id: sources[i % 4]!._id,
    title: i % 7 === 0 ? `An election-free story about otters ${i}` : `Harbour garden number ${i} grows`,
    topic: topics[i % topics.length]!,
    cortisol: i % 3,
    published_at: new Date(clock.getTime() - (i * 3 + 1) * HOUR),
  }),
);
const PREFS = prefsParam({ avoid_terms: ['election'], mute_topics: ['health'] });
// Without the stored brief's items the brief is refilled from the recent window, which `now` moves.
const REFILL = `?exclude=${[...articles.slice(0, 7), ...articles.slice(10, 17)].map((a) => a._id).join(',')}`;
const QUERIES = [REFILL, '', '?sort=latest', `?prefs=${PREFS}`, `?prefs=${PREFS}&offset=3&limit=5`, `?exclude=${articles[0]!._id},${articles[1]!._id}`, '?topic=nature'];

test.before(async () => {
  ctx = await createTestContext({ now: () => clock });
  await load(ctx.db, { sources, articles });
  await saveBrief(ctx.db, articles.slice(0, 7).map((a) => a._id), clock);
  await readModelFor(ctx.db).refresh();
});
test.after(async () => {
  await ctx.close();
});

/** What the routes answered before answers were remembered: a fresh computation on the current snapshot. */
async function fresh(route: 'feed' | 'brief', query: string): Promise<string> {
  const snapshot = await readModelFor(ctx.db).snapshot();
  const q = parseReadingQuery(new URLSearchParams(query), clock);
  if (route === 'feed') return JSON.stringify(feedPage(snapshot, toFilter(q, clock, null), q.sort, q.offset, q.limit));
  return JSON.stringify(briefFor(snapshot, { ...toFilter(q, clock, null), tag: null, topic: null, mood: null, sourceId: null }, clock));
}

async function answered(route: 'feed' | 'brief', query: string): Promise<string> {
  const res = await ctx.request(`/api/${route}${query}`);
  assert.is(res.status, 200, `${route}${query}`);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  return res.text();
}

/** Every query, twice each (the second is served from memory), equals the fresh computation. */
async function assertAllFresh(label: string): Promise<void> {
  for (const route of ['feed', 'brief'] as const) {
    for (const query of QUERIES) {
      const expected = await fresh(route, query);
      assert.is(await answered(route, query), expected, `${label}: ${route}${query}`);
      assert.is(await answered(route, query), expected, `${label}: ${route}${query} (again)`);
    }
  }
}

test('repeated requests get the bytes a fresh computation gives', async () => {
  await assertAllFresh('initial');
});

test('a summary patched into the snapshot in place shows in the next answers', async () => {
  await assertAllFresh('before');
  const snapshot = await readModelFor(ctx.db).snapshot();
  const target = articles[2]!._id;
  assert.is(patchSummaries(snapshot, new Map([[target, 'Patched summary: the otters were fine all along.']])), 1);
  const brief = JSON.parse(await answered('brief', '')) as { items: Array<{ id: string; summary?: string }> };
  assert.is(brief.items.find((a) => a.id === target)?.summary, 'Patched summary: the otters were fine all along.');
  await assertAllFresh('after the patch');
  // A summary can also bring an avoid-term into the text: the filter's answer follows.
  assert.is(patchSummaries(snapshot, new Map([[articles[3]!._id, 'Nothing about any election here.']])), 1);
  const filtered = JSON.parse(await answered('feed', `?prefs=${PREFS}&limit=50`)) as Array<{ id: string }>;
  assert.not.ok(filtered.some((a) => a.id === articles[3]!._id), 'the avoid-term in the new summary hides the article');
  await assertAllFresh('after the avoid-term patch');
});

test('a new stored brief and a reloaded pool are answered anew', async () => {
  await assertAllFresh('before');
  await saveBrief(ctx.db, articles.slice(10, 17).map((a) => a._id), new Date(clock.getTime() + 60_000));
  await readModelFor(ctx.db).refresh();
  const brief = JSON.parse(await answered('brief', '')) as { items: Array<{ id: string }>; generated_at: string };
  assert.is(brief.generated_at, new Date(clock.getTime() + 60_000).toISOString());
  const late = makeArticle({ source_id: sources[0]!._id, title: 'A brand new calm story', topic: 'science', cortisol: 0, published_at: new Date(clock.getTime() - 60_000) });
  await load(ctx.db, { articles: [late] });
  const latest = JSON.parse(await answered('feed', '?sort=latest')) as Array<{ id: string }>;
  assert.is(latest[0]?.id, late._id);
  await assertAllFresh('after the reload');
});

/** A choice showing the selection named `text`, whose bytes are `text`. */
const showing = (text: string) => () => ({ key: text, bytes: () => text });

test('as now moves the recent window, the brief follows', async () => {
  await assertAllFresh('at noon');
  for (const hours of [5, 20, 49, 80]) {
    clock = new Date(clock.getTime() + hours * HOUR);
    await assertAllFresh(`${hours} h later`);
  }
  // The brief's answers are kept per recent-window split: a new split (the cutoff passed an item) starts empty.
  const snapshot = await readModelFor(ctx.db).snapshot();
  const split = recentSplit(snapshot, clock);
  const text = (answer: { body: Uint8Array }) => new TextDecoder().decode(answer.body);
  // Kept from a key's second request on (core/platform/cache.ts, admitOnSecondSight).
  assert.is(text(briefAnswer(snapshot, split, 'k', showing('"first"'))), '"first"');
  assert.is(text(briefAnswer(snapshot, split, 'k', showing('"second"'))), '"second"', 'a first-seen key is not kept');
  assert.is(text(briefAnswer(snapshot, split, 'k', showing('"third"'))), '"second"', 'same split: remembered');
  const other = recentSplit(snapshot, new Date('2026-11-20T12:00:00Z'));
  assert.is.not(other, split);
  assert.is(text(briefAnswer(snapshot, other, 'k', showing('"fourth"'))), '"fourth"', 'new split: built anew');
});

test('answers that depend on the clock or the caller are never remembered', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const key = (query: string) => parseReadingQuery(new URLSearchParams(query), now).answerKey;
  assert.type(key(''), 'string');
  assert.type(key(`prefs=${PREFS}`), 'string');
  const paused = prefsParam({ pauses: [{ kind: 'topic', value: 'nature', until: '2026-11-21T00:00:00Z' }] });
  assert.is(key(`prefs=${paused}`), null, 'a pause ends at a time: the clock decides');
  assert.is(key('following=true'), null, 'follows belong to the caller');
  // Different requests never share a key.
  const queries = ['', 'sort=latest', 'offset=1', 'limit=5', 'tag=otters', 'topic=nature', 'mood=uplifting', 'source_id=ans-src-1', `exclude=${articles[0]!._id}`, `prefs=${PREFS}`, 'gentle=true'];
  const keys = queries.map((q) => { try { return key(q); } catch { return `invalid ${q}`; } });
  assert.is(new Set(keys).size, queries.length);
});

test('a reading query is remembered by its raw text, and a paused prefs blob is read at each request\'s own time', async () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const paused = prefsParam({ pauses: [{ kind: 'topic', value: 'nature', until: '2026-11-20T13:00:00Z' }] });
  const queries = [
    '', `prefs=${PREFS}&offset=100&sort=ranked`, 'tag=otters&tag=bees&limit=%35', 'exclude=a1,b2&exclude=c3&gentle=YES',
    `prefs=${prefsParam({ avoid_terms: ['café crème', 'a+b', 'ünïcode'] })}`, 'prefs=not%20json', `prefs=${paused}`, 'following=true',
  ];
  const hits = () => cacheStats()['readmodel.queries']?.hits ?? 0;
  for (const query of queries) {
    const first = await (await ctx.request(`/api/feed?${query}`)).text();
    // A query is kept from its second request on (admitOnSecondSight), so the third is a hit.
    assert.is(await (await ctx.request(`/api/feed?${query}`)).text(), first, query);
    const before = hits();
    assert.is(await (await ctx.request(`/api/feed?${query}`)).text(), first, query);
    assert.is(hits(), before + 1, `${query}: the parse is remembered`);
  }
  // The parse of a paused blob keeps the text, not the boundaries: once the pause ends, the topic is back.
  const q = parseReadingQuery(new URLSearchParams(`prefs=${paused}`), now);
  assert.is(q.timeless, null);
  assert.is(q.answerKey, null);
  assert.ok(boundariesAt(q, now).muteTopics.has('nature'));
  assert.not.ok(boundariesAt(q, new Date('2026-11-20T14:00:00Z')).muteTopics.has('nature'));
  // Invalid queries fail every time, with the contract's body (nothing is remembered for them).
  for (let i = 0; i < 2; i += 1) {
    const res = await ctx.request('/api/feed?sort=sideways');
    assert.is(res.status, 422);
    assert.equal(await res.json(), { error: { code: 'invalid_input', message: 'sort: must be "ranked" or "latest".' } });
  }
  const mood = await ctx.request('/api/feed?mood=grumpy');
  assert.equal(await mood.json(), { error: { code: 'unknown_mood', message: 'mood: "grumpy" is not one of /api/moods.' } });
});

test('remembered answers are bounded per snapshot', async () => {
  const snapshot = await readModelFor(ctx.db).snapshot();
  let built = 0;
  const build = () => {
    built += 1;
    return '[]';
  };
  // Each key asked twice: kept on its second request (admitOnSecondSight).
  for (let i = 0; i < MAX_ANSWERS * 2; i += 1) for (let n = 0; n < 2; n += 1) feedAnswer(snapshot, `bound-${i}`, build);
  assert.is(built, MAX_ANSWERS * 4);
  feedAnswer(snapshot, `bound-${MAX_ANSWERS * 2 - 1}`, build);
  assert.is(built, MAX_ANSWERS * 4, 'the newest answer is still remembered');
  feedAnswer(snapshot, 'bound-0', build);
  assert.is(built, MAX_ANSWERS * 4 + 1, 'the oldest was forgotten');
  // The brief's by-query cache has the same bound (each key showing its own selection, so only it can answer a repeat).
  const split = recentSplit(snapshot, clock);
  let briefs = 0;
  const choose = (i: number) => () => ({ key: `shows-${i}`, bytes: () => {
    briefs += 1;
    return '{}';
  } });
  for (let i = 0; i < MAX_ANSWERS * 2; i += 1) for (let n = 0; n < 2; n += 1) briefAnswer(snapshot, split, `bound-${i}`, choose(i));
  assert.is(briefs, MAX_ANSWERS * 4);
  briefAnswer(snapshot, split, `bound-${MAX_ANSWERS * 2 - 1}`, choose(-1));
  assert.is(briefs, MAX_ANSWERS * 4, 'the newest brief is still remembered');
  briefAnswer(snapshot, split, 'bound-0', choose(-2));
  assert.is(briefs, MAX_ANSWERS * 4 + 1, 'the oldest was forgotten');
});

test('requests that show the same articles share one answer: its bytes are built once, its tag and codings made once', async () => {
  const snapshot = await readModelFor(ctx.db).snapshot();
  const split = recentSplit(snapshot, clock);
  let built = 0;
  const choose = (key: string) => () => ({ key, bytes: () => {
    built += 1;
    return `{"items":[],"n":${built}}`;
  } });
  // Keys asked once each (readers passing through with their own prefs), all showing one selection.
  const first = briefAnswer(snapshot, split, 'shared-0', choose('same-selection'));
  const second = briefAnswer(snapshot, split, 'shared-1', choose('same-selection'));
  assert.is(built, 2, 'a selection is kept from its second sight on, as a query is');
  assert.is.not(first, second);
  const answers = Array.from({ length: 20 }, (_, i) => briefAnswer(snapshot, split, `shared-${i + 2}`, choose('same-selection')));
  assert.is(built, 2, 'every later request showing it takes the kept answer');
  for (const answer of answers) assert.is(answer, second);
  assert.is(answers[0]!.etag, second.etag);
  assert.is(answers[5]!.encoded('gzip'), second.encoded('gzip'), 'compressed once for all of them');
  assert.is(briefAnswer(snapshot, split, 'shared-99', choose('another-selection')).body.length > 0, true);
  assert.is(built, 3, 'another selection is built');
  // Bounded: MAX_SHOWN_BRIEFS selections, each shown twice (kept on its second sight) by requests seen once.
  let n = 0;
  const fill = (i: number) => briefAnswer(snapshot, split, `fill-${n++}`, choose(`selection-${i}`));
  for (let i = 0; i <= MAX_SHOWN_BRIEFS; i += 1) for (let k = 0; k < 2; k += 1) fill(i);
  const filled = built;
  fill(MAX_SHOWN_BRIEFS);
  assert.is(built, filled, 'the newest selection is still kept');
  fill(0);
  assert.is(built, filled + 1, 'the oldest was forgotten');
});

test('an answer built as text goes out as its text until a cache keeps it, with the same length, tag and codings as its bytes', () => {
  const json = JSON.stringify([{ title: 'Otters return to the river at Malmö 🦦', line: 'x'.repeat(1500) }]);
  const bytes = new TextEncoder().encode(json);
  const fromBytes = new Answer(bytes, true);
  const fromText = new Answer({ text: json, byteLength: bytes.byteLength }, true);
  assert.is(fromText.wire, json, 'sent once: the text itself, no bytes made');
  assert.is(fromText.byteLength, bytes.byteLength);
  assert.is(fromText.etag, fromBytes.etag, 'a text is tagged as its UTF-8 bytes');
  assert.ok(Buffer.from(fromText.body).equals(bytes), 'its bytes are the text in UTF-8');
  assert.is(fromText.wire, fromText.body, 'once its bytes exist they are what goes out');
  const kept = new Answer({ text: json, byteLength: bytes.byteLength }, true);
  kept.keep();
  assert.ok(kept.wire instanceof Uint8Array && Buffer.from(kept.wire).equals(bytes), 'a kept answer goes out as bytes, made once');
  assert.is(kept.wire, kept.wire);
  assert.ok(Buffer.from(fromText.encoded('br')!).equals(Buffer.from(fromBytes.encoded('br')!)), 'the same compressed bytes');
  assert.is(fromBytes.wire, bytes);
});

test.run();
