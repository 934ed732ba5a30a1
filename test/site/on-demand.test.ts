/**
 * SPEC.md `/a/<article_id>`: a page exists for every accepted, non-duplicate article of a visible
 * source, including one accepted after the last build (rendered on demand with the same template);
 * unknown, rejected, duplicate, hidden-source and malformed ids get the calm 404 page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { escapeHtml } from '../../core/domain/html.ts';
import { retellTeaser } from '../../core/domain/offline-summary.ts';
import { OFFLINE_WRITER_VERSION } from '../../core/domain/summary.ts';
import type { OfflineSummaryDoc } from '../../core/domain/article.ts';
import { articlesCollection } from '../../core/store/collections.ts';
import { build } from './helpers.ts';

let ctx: TestContext;
const visible = makeSource();
const hidden = makeSource({ content_visible: false });
const built = makeArticle({ source_id: visible._id, title: 'Built before' });
const rejected = makeArticle({ source_id: visible._id, accepted: false, reject_reason: 'cortisol' });
const duplicate = makeArticle({ source_id: visible._id, duplicate_of: built._id });
const ofHidden = makeArticle({ source_id: hidden._id });
const later = makeArticle({ source_id: visible._id, title: 'Accepted after the build' });
/** A retelling no writer would write, by writer version `writer`. */
const offline = (writer: number): OfflineSummaryDoc => ({
  retold: [{ sentence: `Offline writer ${writer} has retold this story.`, clause: null }],
  writer,
  written_at: new Date('2026-11-20T13:00:00Z'),
});
const current = makeArticle({ source_id: visible._id, title: 'Stored by the current writer', offline_summary: offline(OFFLINE_WRITER_VERSION) });
const older = makeArticle({ source_id: visible._id, title: 'Stored by an older writer', teaser: 'Volunteers have planted willow saplings along the river bank.', offline_summary: offline(OFFLINE_WRITER_VERSION - 1) });
const malformed = makeArticle({
  source_id: visible._id,
  title: 'Stored malformed',
  teaser: 'Beekeepers have counted forty new hives on the allotments.',
  offline_summary: { ...offline(OFFLINE_WRITER_VERSION), retold: [{ sentence: 42, clause: null }] } as unknown as OfflineSummaryDoc,
});

test.before(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: 'https://tidings.example' } });
  await insertFixtures(ctx.db, { sources: [visible, hidden], articles: [built, rejected, duplicate, ofHidden] });
  await build(ctx);
  await insertFixtures(ctx.db, { articles: [later, current, older, malformed] });
});
test.after(async () => {
  await ctx.close();
});

const notFound: Array<[string, string]> = [
  ['unknown id', '/a/AAAAAAAAAAAAAAAA'],
  ['rejected', `/a/${rejected._id}`],
  ['duplicate', `/a/${duplicate._id}`],
  ['hidden source', `/a/${ofHidden._id}`],
  ['malformed: bad characters', '/a/bad!id'],
  ['malformed: too long', `/a/${'x'.repeat(65)}`],
  ['malformed: encoded traversal', '/a/..%2F..%2Fetc'],
  ['malformed: trailing segment', `/a/${built._id}/extra`],
];
for (const [name, url] of notFound) {
  test(`${name} → the calm 404 page with status 404`, async () => {
    const res = await ctx.request(url);
    assert.is(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    const html = await res.text();
    assert.match(html, 'Nothing here');
    assert.match(html, '<meta name="robots" content="noindex">');
    assert.not.match(html, /at .*\.ts:\d+|Error:/);
  });
}

test('an article built into dist is served as the static page', async () => {
  const res = await ctx.request(`/a/${built._id}`);
  assert.is(res.status, 200);
  assert.match(await res.text(), '<h1>Built before</h1>');
});

test('an article accepted after the last build → 200, rendered on demand, identical to what the next build writes', async () => {
  const res = await ctx.request(`/a/${later._id}`);
  assert.is(res.status, 200);
  assert.match(res.headers.get('cache-control') ?? '', /max-age=60/);
  const html = await res.text();
  assert.match(html, '<h1>Accepted after the build</h1>');
  assert.match(html, `<link rel="canonical" href="https://tidings.example/a/${later._id}">`);
  await build(ctx);
  const file = await readFile(path.join(ctx.config.distDir, 'a', later._id, 'index.html'), 'utf8');
  assert.is(file, html);
});

test('on demand, the offline summary is composed from the retelling stored with the article, not retold again', async () => {
  const html = await (await ctx.request(`/a/${current._id}`)).text();
  assert.match(html, `data-provisional>Offline writer ${OFFLINE_WRITER_VERSION} has retold this story. We picked it because`);
  assert.equal((await articlesCollection(ctx.db).findOne({ _id: current._id }))?.offline_summary, offline(OFFLINE_WRITER_VERSION));
});

test('a retelling by an older writer, or a malformed one, is done again by the current one, stored back, and shown', async () => {
  for (const a of [older, malformed]) {
    const html = await (await ctx.request(`/a/${a._id}`)).text();
    assert.not.match(html, `offline writer ${OFFLINE_WRITER_VERSION - 1}`);
    const stored = (await articlesCollection(ctx.db).findOne({ _id: a._id }))?.offline_summary;
    assert.is(stored?.writer, OFFLINE_WRITER_VERSION);
    assert.equal(stored?.retold, retellTeaser(a));
    const [first] = stored?.retold ?? [];
    assert.ok(first && html.includes(`data-provisional>${escapeHtml(first.sentence)} `), `${a.title}: ${first?.sentence}`);
  }
});

test.run();
