/**
 * CPU steal: the time the hypervisor kept this machine's virtual CPUs waiting while they had work
 * to run (Linux's `/proc/stat`, the `steal` column of its `cpu` line, summed over every CPU). On a
 * virtual machine whose host is shared, a load run keeps both of the bench's CPUs busy (the server
 * and the load generator) and the host may then run them only part of the time: every rate the run
 * reads is then the host's as much as the code's. The bench reports the share of CPU time stolen
 * during each load run and each section (docs/benchmarks.md, "The machine's host"), so a reader can
 * tell a bad spell of the machine from a slower build. Elsewhere (no `/proc/stat`) it is null.
 */
import { readFileSync } from 'node:fs';

/** Cumulative CPU time (in the kernel's ticks, all CPUs): stolen, and in all. */
export interface CpuTicks {
  steal: number;
  total: number;
}

/**
 * The ticks of the `cpu` line of `/proc/stat`'s text: `user nice system idle iowait irq softirq
 * steal` (the guest columns that may follow are already counted in user and nice). Null when the
 * line is missing or malformed, or too old to have the steal column.
 */
export function parseCpuTicks(stat: string): CpuTicks | null {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (line === undefined) return null;
  const fields = line.trim().split(/\s+/).slice(1, 9);
  if (fields.length < 8 || !fields.every((f) => /^\d+$/.test(f))) return null;
  const ticks = fields.map(Number);
  return { steal: ticks[7] ?? 0, total: ticks.reduce((a, b) => a + b, 0) };
}

/** The machine's ticks now, or null where `/proc/stat` cannot be read (not Linux). */
export function readCpuTicks(): CpuTicks | null {
  try {
    return parseCpuTicks(readFileSync('/proc/stat', 'latin1'));
  } catch {
    return null;
  }
}

/** The share (0-1) of the CPU time between `before` and `after` that was stolen; null when either is unknown or no time passed. */
export function stealShare(before: CpuTicks | null, after: CpuTicks | null): number | null {
  if (before === null || after === null) return null;
  const total = after.total - before.total;
  return total > 0 ? Math.max(0, after.steal - before.steal) / total : null;
}

/** `run`'s value and the share of CPU time stolen while it ran (`stealShare`; null where unknown). */
export async function withSteal<T>(run: () => Promise<T>): Promise<{ value: T; steal: number | null }> {
  const before = readCpuTicks();
  const value = await run();
  return { value, steal: stealShare(before, readCpuTicks()) };
}

/** The steal of each run as whole percent (`"31/12/45"`, `?` where unknown). */
const perRun = (runs: readonly { steal: number | null }[]) => runs.map((r) => (r.steal === null ? '?' : String(Math.round(r.steal * 100)))).join('/');

/**
 * A ratio's note on the host's steal (`"; steal 31/12/45 % (floor: 20/9/38)"`): the steal of each
 * round's run of the target, then of the runs it is divided by; empty when the machine does not say.
 */
export function stealNote(ours: readonly { steal: number | null }[], base: readonly { steal: number | null }[], baseName: string): string {
  if ([...ours, ...base].every((r) => r.steal === null)) return '';
  return `; steal ${perRun(ours)} % (${baseName}: ${perRun(base)})`;
}
