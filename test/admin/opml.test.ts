/**
 * OPML in and out for operators (issue 17): a real-world subscription list (nested folders, xmlUrl
 * and htmlUrl, duplicates, a javascript: URL, private addresses, a note without a feed) adds exactly
 * the right sources, paused unless asked, and refuses the rest with reasons; a file refused whole
 * (malformed, not OPML, over 5 MB, too many feeds) adds nothing and says why; the export lists every
 * source with its status and reads back to the same feeds. Through the admin API and the CLI.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readOpml } from '../../core/domain/opml.ts';
import { OPML_MAX_BYTES } from '../../core/domain/source.ts';
import type { SourceDoc } from '../../core/domain/source.ts';
import { AppError } from '../../core/platform/errors.ts';
import type { ImportSummary } from '../../core/domain/opml.ts';
import { importOpml } from '../../core/pipeline/opml.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeArticle, makeSource } from '../helpers/fixtures.ts';
import { readImportSummary } from '../../app/lib/admin-answers.ts';
import { as, errorCode, signIn } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOW = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
let admin: ReturnType<typeof as>;
let reader: ReturnType<typeof as>;

test.before(async () => {
  // As in production: loopback and private addresses are not fetchable, so not importable.
  ctx = await createTestContext({ env: { FETCH_ALLOW_PRIVATE: 'false' }, now: () => NOW });
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
  reader = as(ctx, (await signIn(ctx.db, { email: 'reader@example.org' })).token);
});
test.after(async () => {
  await ctx.close();
});

/** What a reader like NetNewsWire or Feedly exports, with the usual surprises. */
const REAL_WORLD = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a feed reader -->
<opml version="1.0">
  <head><title>My subscriptions</title><dateCreated>Mon, 02 Nov 2026 10:00:00 GMT</dateCreated></head>
  <body>
    <outline text="Science" title="Science">
      <outline text="Space">
        <outline type="rss" text="Orbit Weekly" title="Orbit Weekly" xmlUrl="https://orbit.example.org/feed.xml" htmlUrl="https://orbit.example.org/"/>
      </outline>
      <outline type="rss" text="Lab Notes" xmlURL="https://LAB.example.org:443/rss?utm_source=reader" htmlUrl="javascript:alert(1)" description="Small discoveries, kindly told."/>
    </outline>
    <outline text="Good news">
      <outline type="rss" text="Kind Corners &amp; Co" xmlUrl="https://kind.example.org/feed" category="/Community,/People/Helpers"/>
      <outline type="rss" text="Orbit Weekly (again)" xmlUrl="https://orbit.example.org/feed.xml"/>
      <outline type="rss" text="Already here" xmlUrl="https://present.example.org/feed.xml"/>
      <outline type="rss" text="Sneaky" xmlUrl="javascript:alert(document.cookie)"/>
      <outline type="rss" text="Intranet" xmlUrl="http://10.0.0.7/feed.xml"/>
      <outline type="rss" text="My laptop" xmlUrl="http://localhost:8080/feed.xml"/>
      <outline type="rss" text="Secret" xmlUrl="https://user:pass@secret.example.org/feed"/>
      <outline type="rss" text="FTP" xmlUrl="ftp://files.example.org/feed.xml"/>
      <outline text="Just a bookmark" htmlUrl="https://bookmark.example.org/"/>
    </outline>
    <outline type="rss" text="" xmlUrl="https://untitled.example.org/atom.xml"/>
  </body>
</opml>`;

const bytes = (text: string) => new TextEncoder().encode(text);
const options = { status: 'paused' as const, allowPrivate: false, now: NOW };

async function sourceCount(): Promise<number> {
  return sourcesCollection(ctx.db).countDocuments({});
}

test('a real-world OPML adds exactly the right sources, paused, and refuses the rest with reasons', async () => {
  await insertFixtures(ctx.db, {
    sources: [makeSource({ _id: 'present', name: 'Present Post', feed_url: 'https://present.example.org/feed.xml' })],
    articles: [makeArticle({ source_id: 'present' })],
  });
  const res = await admin('/api/admin/import/sources.opml', { method: 'POST', body: REAL_WORLD });
  assert.is(res.status, 201);
  const summary = (await res.json()) as ImportSummary;
  assert.is(summary.title, 'My subscriptions');
  assert.equal(
    summary.added.map((a) => [a.name, a.feed_url, a.status]),
    [
      ['Orbit Weekly', 'https://orbit.example.org/feed.xml', 'paused'],
      ['Lab Notes', 'https://lab.example.org/rss?utm_source=reader', 'paused'],
      ['Kind Corners & Co', 'https://kind.example.org/feed', 'paused'],
      ['untitled.example.org', 'https://untitled.example.org/atom.xml', 'paused'],
    ],
  );
  assert.equal(
    summary.present.map((p) => [p.name, p.reason]),
    [
      ['Orbit Weekly (again)', 'listed earlier in this file'],
      ['Already here', 'already a source'],
    ],
  );
  assert.is(summary.present[1]?.source_id, 'present');
  const refused = Object.fromEntries(summary.refused.map((r) => [r.name, r.reason]));
  assert.equal(Object.keys(refused).sort(), ['FTP', 'Intranet', 'Just a bookmark', 'My laptop', 'Secret', 'Sneaky']);
  assert.match(refused.Sneaky ?? '', /only http and https/i);
  assert.match(refused.FTP ?? '', /only http and https/i);
  assert.match(refused.Intranet ?? '', /not a public address/);
  assert.match(refused['My laptop'] ?? '', /not a public address|port/i);
  assert.match(refused.Secret ?? '', /user name or password/);
  assert.match(refused['Just a bookmark'] ?? '', /no feed address/);

  const stored = await sourcesCollection(ctx.db).find({ _id: { $ne: 'present' } }).toArray();
  assert.is(stored.length, 4);
  for (const s of stored) {
    assert.equal([s.status, s.active], ['paused', false], `${s.name} is paused with its mirror`);
  }
  const byName = new Map(stored.map((s) => [s.name, s]));
  const orbit = byName.get('Orbit Weekly');
  assert.equal(orbit?.topic_hints, ['Science', 'Space']);
  assert.is(orbit?.topic_hint, 'science');
  assert.is(orbit?.homepage, 'https://orbit.example.org/');
  const lab = byName.get('Lab Notes');
  assert.is(lab?.homepage, 'https://lab.example.org', 'a javascript: homepage falls back to the feed\'s origin');
  assert.is(lab?.description, 'Small discoveries, kindly told.');
  const kind = byName.get('Kind Corners & Co');
  assert.equal(kind?.topic_hints, ['Good news', 'Community', 'People', 'Helpers']);
  assert.is(kind?.topic_hint, 'community');
  assert.is(kind?._id, 'kind-corners-co');
  assert.is((await sourcesCollection(ctx.db).findOne({ _id: 'present' }))?.total_articles, 1, 'metrics of the sources the import met are refreshed');

  const again = await importOpml(ctx.db, bytes(REAL_WORLD), undefined, options);
  assert.is(again.added.length, 0, 'importing the same file twice adds nothing');
  assert.is(again.present.length, 6);
});

test('the admin page reads the import summary the server writes, every line kept as sent (one shape: ImportSummary)', async () => {
  const res = await admin('/api/admin/import/sources.opml?status=active', { method: 'POST', body: REAL_WORLD.replaceAll('example.org', 'shape.example.org') });
  const sent: unknown = await res.json();
  const read = readImportSummary(sent);
  assert.ok(read);
  assert.equal(read, sent);
  assert.ok(read.added.length > 0 && read.refused.length > 0, 'added and refused lines both read');
  assert.ok(read.added.every((a) => a.status === 'active'));
});

test('active by choice; private addresses are accepted where the fetcher may reach them', async () => {
  const doc = `<opml version="2.0"><body>
    <outline text="Local demo" xmlUrl="http://127.0.0.1:4321/feed.xml"/>
    <outline text="Active one" xmlUrl="https://active.example.org/feed"/>
  </body></opml>`;
  const res = await admin('/api/admin/import/sources.opml?status=active', { method: 'POST', body: doc });
  const summary = (await res.json()) as ImportSummary;
  assert.equal(summary.added.map((a) => [a.name, a.status]), [['Active one', 'active']]);
  assert.is((await sourcesCollection(ctx.db).findOne({ name: 'Active one' }))?.active, true);
  const open = await importOpml(ctx.db, bytes(doc), undefined, { ...options, allowPrivate: true });
  assert.equal(open.added.map((a) => a.name), ['Local demo']);
  const bad = await admin('/api/admin/import/sources.opml?status=retired', { method: 'POST', body: doc });
  assert.is(bad.status, 422);
});

const REFUSED_WHOLE: Array<[string, string, RegExp]> = [
  ['cut off', '<?xml version="1.0"?><opml version="2.0"><body><outline text="A" xmlUrl="https://a.example.org/feed"/><outline text="B" xmlUrl="https://b.exa', /not well-formed XML/],
  ['unclosed elements', '<opml version="2.0"><body><outline text="A" xmlUrl="https://a.example.org/feed"/>', /ends before <opml>, <body> are closed/],
  ['mismatched tags', '<opml version="2.0"><body><outline text="A" xmlUrl="https://a.example.org/feed"></body></opml>', /line 1/],
  ['an RSS feed', '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>', /not an OPML file: its root element is <rss>/],
  ['HTML', '<!DOCTYPE html><html><body>Sign in</body></html>', /not well-formed XML|not an OPML file/],
  ['JSON', '{"feeds": ["https://a.example.org/feed"]}', /not well-formed XML/],
  ['empty', '   ', /empty/],
  ['no body', '<opml version="2.0"><head><title>x</title></head></opml>', /no <body>/],
  ['nested too deeply', `<opml version="2.0"><body>${'<outline text="f">'.repeat(200)}<outline text="A" xmlUrl="https://a.example.org/feed"/>${'</outline>'.repeat(200)}</body></opml>`, /nested too deeply/],
];

for (const [label, doc, reason] of REFUSED_WHOLE) {
  test(`a file refused whole adds nothing and says why: ${label}`, async () => {
    const before = await sourceCount();
    const res = await admin('/api/admin/import/sources.opml', { method: 'POST', body: doc });
    assert.is(res.status, 422);
    assert.is(await errorCode(res), 'invalid_opml');
    let message = '';
    await importOpml(ctx.db, bytes(doc), undefined, options).catch((error: unknown) => {
      message = error instanceof AppError ? error.message : String(error);
    });
    assert.match(message, reason);
    assert.match(message, /Nothing was imported/);
    assert.is(await sourceCount(), before);
  });
}

test('a raw & in an attribute, which the XML parser tolerates, is read as written', async () => {
  const summary = await importOpml(ctx.db, bytes('<opml version="2.0"><body><outline text="Arts & Crafts" xmlUrl="https://crafts.example.org/feed?a=1&b=2"/></body></opml>'), undefined, options);
  assert.equal(summary.added.map((a) => [a.name, a.feed_url]), [['Arts & Crafts', 'https://crafts.example.org/feed?a=1&b=2']]);
});

test('5 MB is the limit: a file of exactly 5 MB imports, one byte more is refused whole', async () => {
  const head = '<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><body><outline text="Big A" xmlUrl="https://big-a.example.org/feed"/><outline text="Big B" xmlUrl="https://big-b.example.org/feed"/><!--';
  const tail = '--></body></opml>';
  const exact = head + 'x'.repeat(OPML_MAX_BYTES - head.length - tail.length) + tail;
  assert.is(bytes(exact).byteLength, OPML_MAX_BYTES);
  const over = exact.replace('<!--', '<!-- ');
  const before = await sourceCount();
  const refused = await admin('/api/admin/import/sources.opml', { method: 'POST', body: over });
  assert.is(refused.status, 413);
  assert.is(await errorCode(refused), 'payload_too_large');
  let message = '';
  await importOpml(ctx.db, bytes(over), undefined, options).catch((error: unknown) => (message = String(error)));
  assert.match(message, /at most 5 MB\. Nothing was imported/);
  assert.is(await sourceCount(), before, 'nothing was added');
  const ok = await admin('/api/admin/import/sources.opml', { method: 'POST', body: exact });
  assert.is(ok.status, 201);
  assert.equal(((await ok.json()) as ImportSummary).added.map((a) => a.name), ['Big A', 'Big B']);
});

test('a file listing more than 2,000 feeds is refused whole', async () => {
  const outlines = Array.from({ length: 2001 }, (_, i) => `<outline text="F${i}" xmlUrl="https://f${i}.example.org/feed"/>`).join('');
  const before = await sourceCount();
  let message = '';
  await importOpml(ctx.db, bytes(`<opml version="2.0"><body>${outlines}</body></opml>`), undefined, options).catch((error: unknown) => (message = String(error)));
  assert.match(message, /2,001 feeds; at most 2,000/);
  assert.is(await sourceCount(), before);
});

test('a Latin-1 file is read in its declared encoding', async () => {
  const text = '<?xml version="1.0" encoding="ISO-8859-1"?><opml version="2.0"><body><outline text="Notícias Calmas" xmlUrl="https://calmas.example.org/feed" category="Ciência"/></body></opml>';
  const latin1 = Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
  const summary = await importOpml(ctx.db, latin1, undefined, options);
  assert.equal(summary.added.map((a) => a.name), ['Notícias Calmas']);
  assert.equal((await sourcesCollection(ctx.db).findOne({ feed_url: 'https://calmas.example.org/feed' }))?.topic_hints, ['Ciência']);
});

test('only an admin may import or export', async () => {
  const doc = '<opml version="2.0"><body><outline text="X" xmlUrl="https://x-only.example.org/feed"/></body></opml>';
  assert.is((await reader('/api/admin/import/sources.opml', { method: 'POST', body: doc })).status, 403);
  assert.is((await as(ctx, null)('/api/admin/import/sources.opml', { method: 'POST', body: doc })).status, 401);
  assert.is((await reader('/api/admin/export/sources.opml')).status, 403);
  assert.is(await sourcesCollection(ctx.db).countDocuments({ name: 'X' }), 0);
});

test('the export lists every source with its status and reads back to the same feeds, names and hints', async () => {
  await insertFixtures(ctx.db, {
    sources: [
      makeSource({ name: 'Retired <Rag> & "Co"', feed_url: 'https://retired.example.org/feed', status: 'retired', active: false }),
      makeSource({ name: 'Paused Paper', feed_url: 'https://paused.example.org/feed', status: 'paused', active: false }),
    ],
  });
  const res = await admin('/api/admin/export/sources.opml');
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/x-opml; charset=utf-8');
  assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="sources\.opml"/);
  const text = await res.text();
  const all = await sourcesCollection(ctx.db).find({}).toArray();
  const reading = readOpml(text);
  assert.ok(reading.ok, 'the export is well-formed OPML');
  if (!reading.ok) return;
  assert.is(reading.entries.length, all.length, 'every source, whatever its status');
  assert.equal(reading.entries.map((e) => e.xmlUrl).sort(), all.map((s) => s.feed_url).sort());
  assert.match(text, /text="Retired &lt;Rag&gt; &amp; &quot;Co&quot;"[^>]* status="retired"/);
  assert.match(text, /text="Paused Paper"[^>]* status="paused"/);
  const orbit = reading.entries.find((e) => e.name === 'Orbit Weekly');
  assert.equal(orbit?.hints, ['Science', 'Space']);

  // Into another, empty Tidings: the same feeds and names.
  const other = ctx.client.db(`${ctx.db.databaseName}_copy`);
  const summary = await importOpml(other, bytes(text), undefined, { ...options, allowPrivate: true });
  assert.is(summary.added.length, all.length);
  const copied = await sourcesCollection(other).find({}).toArray();
  const key = (s: Pick<SourceDoc, 'name' | 'feed_url'>) => `${s.name} ${s.feed_url}`;
  assert.equal(copied.map(key).sort(), all.map(key).sort());
  assert.equal(copied.find((s) => s.name === 'Kind Corners & Co')?.topic_hints, ['Good news', 'Community', 'People', 'Helpers']);
});

test('npm run sources -- import / export: a summary, exit 1 and nothing added for a malformed file, exit 2 on usage', async () => {
  const run = promisify(execFile);
  const dbName = `${ctx.db.databaseName}_cli`;
  const base = ctx.client.options.hosts[0]?.toString() ?? '';
  const env = { ...process.env, MONGODB_URI: `mongodb://${base}/${dbName}`, NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123', TIDINGS_DATA_DIR: path.join(ctx.tmpDir, 'data'), FETCH_ALLOW_PRIVATE: 'false' };
  const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/sources.ts', ...args], { cwd: ROOT, env, timeout: 60_000 });
  const file = path.join(ctx.tmpDir, 'mine.opml');
  writeFileSync(file, REAL_WORLD);
  const { stdout } = await cli('import', file);
  assert.match(stdout, /^Added 5, already present 1, refused 6\.$/m);
  assert.match(stdout, /refused {3}Sneaky <javascript:alert\(document\.cookie\)>: Only http and https/);
  assert.match(stdout, /paused: resume them/);
  const db = ctx.client.db(dbName);
  assert.is(await sourcesCollection(db).countDocuments({ status: 'paused' }), 5);

  const broken = path.join(ctx.tmpDir, 'broken.opml');
  writeFileSync(broken, REAL_WORLD.slice(0, 900));
  const failed = await cli('import', broken).then(() => null, (error: { code: number; stderr: string }) => error);
  assert.is(failed?.code, 1);
  assert.match(failed?.stderr ?? '', /not well-formed XML.*Nothing was imported/);
  assert.is(await sourcesCollection(db).countDocuments({}), 5);

  const usage = await cli('import').then(() => null, (error: { code: number; stderr: string }) => error);
  assert.is(usage?.code, 2);
  assert.match(usage?.stderr ?? '', /Usage/);

  const exported = await cli('export');
  const reading = readOpml(exported.stdout);
  assert.ok(reading.ok && reading.entries.length === 5, exported.stdout);
  assert.match(exported.stdout, /status="paused"/);
});

test.run();
