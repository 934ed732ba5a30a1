import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  barWidths,
  failureText,
  filterSources,
  hasReplyText,
  legacySizeFor,
  legacySizePx,
  linePoints,
  niceTicks,
  REPLY_SIZES,
  statusActions,
} from '../../app/lib/admin.ts';
import { readSource, type AdminSource } from '../../app/lib/admin-answers.ts';
import { sanitizeReply } from '../../core/domain/reply.ts';

const source = (over: Record<string, unknown>): AdminSource => {
  const s = readSource({ id: 'a', name: 'A', status: 'active', content_visible: true, review_reason: null, failures: 0, last_error: null, ...over });
  if (!s) throw new Error('unreadable fixture');
  return s;
};

test('sources table filters combine status, visibility, flagged and failing', () => {
  const items = [
    source({ id: 'a', status: 'active' }),
    source({ id: 'b', status: 'paused', content_visible: false }),
    source({ id: 'c', status: 'retired', review_reason: 'odd headlines' }),
    source({ id: 'd', status: 'active', failures: 2 }),
    source({ id: 'e', status: 'active', last_error: 'HTTP 500', review_reason: 'check' }),
  ];
  const cases: Array<[Parameters<typeof filterSources>[1], string[]]> = [
    [{ status: '', visibility: '', flagged: false, failing: false }, ['a', 'b', 'c', 'd', 'e']],
    [{ status: 'active', visibility: '', flagged: false, failing: false }, ['a', 'd', 'e']],
    [{ status: '', visibility: 'hidden', flagged: false, failing: false }, ['b']],
    [{ status: '', visibility: 'visible', flagged: true, failing: false }, ['c', 'e']],
    [{ status: 'active', visibility: '', flagged: false, failing: true }, ['d', 'e']],
    [{ status: 'active', visibility: '', flagged: true, failing: true }, ['e']],
  ];
  for (const [filter, ids] of cases) assert.equal(filterSources(items, filter).map((s) => s.id), ids, JSON.stringify(filter));
});

test('a source row is read tolerantly: unknown status or missing id is dropped, odd fields get defaults', () => {
  assert.is(readSource({ id: 'x', name: 'X', status: 'deleted' }), null);
  assert.is(readSource({ name: 'X', status: 'active' }), null);
  assert.is(readSource('<script>'), null);
  const s = readSource({ id: 'x', name: 'X', status: 'paused', failures: 'many', served: Infinity, review_reason: 7 });
  assert.equal([s?.failures, s?.served, s?.review_reason, s?.content_visible], [0, 0, null, true]);
});

test('status actions follow the state table: pause/retire, resume/retire, restore (to paused)', () => {
  assert.equal(statusActions('active'), [{ label: 'Pause', to: 'paused' }, { label: 'Retire', to: 'retired' }]);
  assert.equal(statusActions('paused'), [{ label: 'Resume', to: 'active' }, { label: 'Retire', to: 'retired' }]);
  assert.equal(statusActions('retired'), [{ label: 'Restore', to: 'paused' }]);
});

test('chart axis ticks start at 0, are whole, and reach the largest value', () => {
  for (const max of [0, 1, 3, 7, 10, 37, 99, 100, 1234]) {
    const ticks = niceTicks(max);
    assert.is(ticks[0], 0);
    assert.ok((ticks[ticks.length - 1] ?? 0) >= max, `${max}: ${ticks}`);
    assert.ok(ticks.every((t) => Number.isInteger(t)), `${max}: ${ticks}`);
    assert.ok(ticks.length >= 2 && ticks.length <= 7, `${max}: ${ticks}`);
  }
});

test('line points span the plot box; bars scale to the largest value', () => {
  const box = { width: 100, height: 60, left: 10, right: 10, top: 5, bottom: 5 };
  assert.equal(linePoints([0, 5, 10], 10, box), [[10, 55], [50, 30], [90, 5]]);
  assert.equal(linePoints([3], 0, box), [[10, 5]], 'a value above the axis top is drawn at the top');
  assert.equal(barWidths([2, 4, 0], 100), [50, 100, 0]);
  assert.equal(barWidths([0, 0], 100), [0, 0]);
});

test('editor sizes: each of the four sizes survives the server sanitizer as an exact span', () => {
  for (const { px } of REPLY_SIZES) {
    assert.is(legacySizePx(legacySizeFor(px)), px);
    // What the editor posts after converting execCommand's <font size> …
    const posted = `<p><span style="font-size:${px}px">Hello</span> <b>there</b></p><ol><li>one</li></ol>`;
    assert.is(sanitizeReply(posted).html, `<p><span style="font-size:${px}px">Hello</span> <strong>there</strong></p><ol><li>one</li></ol>`);
    // … and the raw <font size> if the conversion ever missed one map to the same size.
    assert.match(sanitizeReply(`<font size="${legacySizeFor(px)}">Hi</font>`).html, `font-size:${px}px`);
  }
  assert.is(legacySizePx('9'), null);
  assert.is(legacySizePx(null), null);
});

test('an empty draft is not sent; a failure message comes from the contract error body', () => {
  assert.not.ok(hasReplyText(' \n\u00a0'.replace('\u00a0', ' ')));
  assert.ok(hasReplyText(' thanks '));
  assert.is(failureText({ ok: false, status: 502, body: { error: { code: 'mail_failed', message: 'The reply could not be sent.' } } }), 'The reply could not be sent.');
  assert.match(failureText({ ok: false, status: 500, body: null }), /500/);
  assert.match(failureText({ ok: false, status: 0, body: null }), /could not be reached/);
});

test.run();
