/** A one-line progress bar on a terminal; silent when stdout is not a TTY. */
import type { Progress } from '../jobs/context.ts';

/** Create a progress reporter for the given stream. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stdout): Progress & { end(): void } {
  let drawn = false;
  const report = ((done: number, total: number, label?: string) => {
    if (!stream.isTTY || total <= 0) return;
    const width = 30;
    const filled = Math.round((Math.min(done, total) / total) * width);
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    stream.write(`\r${bar} ${done}/${total}${label ? ` ${label.slice(0, 40)}` : ''}\x1b[K`);
    drawn = true;
  }) as Progress & { end(): void };
  report.end = () => {
    if (drawn) stream.write('\n');
  };
  return report;
}
