import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { csvCell, escapeFormula, parseCsv } from '../../core/domain/csv.ts';
import { SOURCES_CSV_HEADER } from '../../api/routes/admin/exports.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { insertFixtures, makeSource } from '../helpers/fixtures.ts';
import { as, signIn } from './helpers.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
let ctx: TestContext;
let admin: ReturnType<typeof as>;

test.before(async () => {
  ctx = await createTestContext({ now: () => NOW });
  admin = as(ctx, (await signIn(ctx.db, { email: 'admin@example.org', is_admin: true })).token);
});
test.after(async () => {
  await ctx.close();
});

// CSV rules (SPEC.md) and CONTRACT.md: formula starters, plus tab and carriage return (OWASP).
const ESCAPES: Array<[string, string]> = [
  ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
  ['+1+2', "'+1+2"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tcmd', "'\tcmd"],
  ['\rcmd', "'\rcmd"],
  ['plain name', 'plain name'],
  ['a=b', 'a=b'],
  ['', ''],
];
for (const [input, expected] of ESCAPES) {
  test(`formula escaping: ${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
    assert.is(escapeFormula(input), expected);
  });
}

test('numbers are written untouched and unquoted, negatives included; strings with commas or quotes are quoted', () => {
  assert.is(csvCell(-5), '-5');
  assert.is(csvCell(12.5), '12.5');
  assert.is(csvCell('a,b'), '"a,b"');
  assert.is(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.is(csvCell(null), '');
});

test('sources.csv: the SPEC.md columns, escaped names, unquoted numbers, text/csv attachment', async () => {
  await insertFixtures(ctx.db, {
    sources: [makeSource({ name: '=HYPERLINK("x")', served: 12, total_articles: 10, accepted_total: 4, with_image: 5, last_error: '-err', review_reason: '@look' })],
  });
  const res = await admin('/api/admin/export/sources.csv');
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="sources\.csv"$/);
  const text = await res.text();
  const rows = parseCsv(text);
  assert.equal(rows[0], [...SOURCES_CSV_HEADER]);
  const row = rows.find((r) => r[0] === `'=HYPERLINK("x")`);
  assert.ok(row, 'the name exports as \'=HYPERLINK("x")');
  const cell = (name: string) => row[SOURCES_CSV_HEADER.indexOf(name as (typeof SOURCES_CSV_HEADER)[number])];
  assert.equal([cell('served'), cell('accepted_total'), cell('total_articles'), cell('acceptance_rate'), cell('image_coverage')], ['12', '4', '10', '40', '50']);
  assert.equal([cell('status'), cell('visible'), cell('last_error'), cell('review_reason')], ['active', 'true', "'-err", "'@look"]);
  assert.match(text, /,12,4,10,40,/, 'numbers are unquoted in the raw text');
});

test('audience.csv: a summary block, one blank line, then the daily visits and opens series', async () => {
  await ctx.db.collection<{ _id: string; kind: string; article_id: string | null; visitor_hash: string; day: string }>('events').insertMany([
    { _id: 'e1', kind: 'visit', article_id: null, visitor_hash: 'h1', day: '2026-11-20' },
    { _id: 'e2', kind: 'open', article_id: 'a1', visitor_hash: 'h1', day: '2026-11-20' },
    { _id: 'e3', kind: 'share_svc', article_id: 'a1', visitor_hash: 'h1', day: '2026-11-20' },
    { _id: 'e4', kind: 'visit', article_id: null, visitor_hash: 'h2', day: '2026-11-18' },
  ]);
  const res = await admin('/api/admin/export/audience.csv?days=7');
  assert.is(res.status, 200);
  assert.is(res.headers.get('content-type'), 'text/csv; charset=utf-8');
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="audience\.csv"$/);
  const lines = (await res.text()).split('\r\n');
  const blank = lines.indexOf('');
  assert.ok(blank > 1, 'there is a blank line after the summary');
  const summary = new Map(lines.slice(1, blank).map((l) => l.split(',') as [string, string]));
  assert.is(lines[0], 'metric,value');
  for (const key of ['visitors_today', 'visitors_7d', 'visitors_30d', 'returning_visitors', 'accounts_total', 'feedback_total', 'shares_total']) {
    assert.ok(summary.has(key), key);
  }
  assert.equal([summary.get('visitors_7d'), summary.get('visitors_today'), summary.get('shares_total'), summary.get('window_days')], ['2', '1', '1', '7']);
  assert.is(lines[blank + 1], 'day,visits,opens');
  const series = lines.slice(blank + 2).filter((l) => l !== '');
  assert.is(series.length, 7);
  assert.is(series.at(-1), '2026-11-20,1,1');
  assert.is(series.at(-3), '2026-11-18,1,0');
});

test.run();
