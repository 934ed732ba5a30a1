/**
 * The bench's reading of CPU steal (scripts/bench/steal.ts): the `cpu` line of `/proc/stat` read
 * by its columns, the share stolen between two readings, and the note a ratio carries.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCpuTicks, readCpuTicks, stealNote, stealShare, withSteal } from '../../scripts/bench/steal.ts';

// A reading of a two-CPU virtual machine (28 Nov 2026), and one made up 1,000 ticks later with both
// CPUs busy and 197 of the ticks stolen.
const BEFORE = 'cpu  2411606 66805 285977 1298891 3874 0 44787 36123 0 0\ncpu0 1205803 33402 142988 649445 1937 0 22393 18061 0 0\nintr 1 2 3\n';
const AFTER = 'cpu  2412373 66805 286001 1298900 3874 0 44790 36320 0 0\ncpu0 1206190 33402 143000 649450 1937 0 22395 18160 0 0\n';

test('steal: the cpu line is read by its columns, the guest columns left out of the total', () => {
  assert.equal(parseCpuTicks(BEFORE), { steal: 36123, total: 2411606 + 66805 + 285977 + 1298891 + 3874 + 0 + 44787 + 36123 });
  // The per-CPU lines are not the machine's line.
  assert.equal(parseCpuTicks('cpu0 1 2 3 4 5 6 7 8 0 0\n'), null);
});

test('steal: a missing, short or garbled cpu line is unknown, not zero', () => {
  assert.is(parseCpuTicks(''), null);
  assert.is(parseCpuTicks('cpu  1 2 3 4 5 6 7\n'), null);
  assert.is(parseCpuTicks('cpu  1 2 3 4 x 6 7 8\n'), null);
});

test('steal: the share stolen between two readings, null when either is unknown or no time passed', () => {
  const before = parseCpuTicks(BEFORE);
  const after = parseCpuTicks(AFTER);
  // 197 of 1,000 ticks stolen.
  assert.is(stealShare(before, after), 197 / 1000);
  assert.is(stealShare(null, after), null);
  assert.is(stealShare(before, null), null);
  assert.is(stealShare(before, before), null);
});

test('steal: this machine is read, or said unknown where it has no /proc/stat', () => {
  const now = readCpuTicks();
  if (process.platform === 'linux') {
    assert.ok(now !== null && now.total > 0 && now.steal >= 0 && now.steal <= now.total);
  } else assert.is(now, null);
});

test('steal: a measured run gives its own value and the share stolen while it ran (null where unknown)', async () => {
  const { value, steal } = await withSteal(async () => 'ran');
  assert.is(value, 'ran');
  assert.ok(steal === null || (steal >= 0 && steal <= 1), String(steal));
});

test("steal: a ratio's note gives each round's steal of the target, then of its floor", () => {
  const runs = (...s: Array<number | null>) => s.map((steal) => ({ steal }));
  assert.is(stealNote(runs(0.312, 0.12, 0.449), runs(0.2, null, 0.381), 'floor'), '; steal 31/12/45 % (floor: 20/?/38)');
  assert.is(stealNote(runs(null, null), runs(null, null), 'floor'), '');
});

test.run();
