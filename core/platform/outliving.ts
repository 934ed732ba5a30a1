/**
 * Work a request starts and does not wait for: a sign-in mail on its way (the answer must not
 * wait on delivery), the admin's notice of new feedback, a summary the reader stopped waiting for.
 * It is tracked for the process, so a stopping process lets it finish (for a moment:
 * `finishOutlivingWork`, a step of `npm run api`'s and `npm start`'s shutdown) after its server's
 * last request and before the database and the mailer close: otherwise a deploy's SIGTERM cut a
 * sign-in mail mid-send (the reader never got the link) or a summary's write half done (its lease
 * then held until it expired). The bench waits for all of it between its sections.
 *
 * Process-wide on purpose: what must finish before a process exits is the process's work, whichever
 * app started it. The work's own errors are its starter's to log; tracking never rethrows them.
 */
import type { Logger } from './log.ts';

const running = new Set<Promise<unknown>>();

/** Track `work` until it settles. */
export function outlive(work: Promise<unknown>): void {
  running.add(work);
  const done = (): void => {
    running.delete(work);
  };
  work.then(done, done);
}

/** How many tracked works are running. */
export function outlivingCount(): number {
  return running.size;
}

/**
 * Resolves true once no tracked work is running (work started meanwhile included), or false when
 * `ms` milliseconds pass first (the work goes on; a stopping process then exits without it).
 */
export async function workSettled(ms = Number.POSITIVE_INFINITY): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (running.size > 0) {
    const left = deadline - performance.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = Number.isFinite(left)
      ? new Promise<'late'>((resolve) => {
          timer = setTimeout(resolve, left, 'late');
        })
      : null;
    const all = Promise.allSettled([...running]);
    const first = await (late === null ? all : Promise.race([all, late]));
    clearTimeout(timer);
    if (first === 'late') return false;
  }
  return true;
}

/**
 * How long a stopping process waits, after its server's last request, for the work its requests
 * started (`finishOutlivingWork`): a mail's SMTP exchange takes milliseconds, and the whole stop
 * must stay within the 4.5 s deadline of `trapShutdown` (core/platform/runtime.ts) after up to 3 s
 * of requests finishing.
 */
export const SHUTDOWN_WORK_WAIT_MS = 1000;

/** The shutdown step between closing the server and closing the database: wait (bounded) for the tracked work, saying so. */
export async function finishOutlivingWork(log: Logger, ms = SHUTDOWN_WORK_WAIT_MS): Promise<void> {
  const count = running.size;
  if (count === 0) return;
  log.info('waiting for work requests started', { count, wait_ms: ms });
  if (!(await workSettled(ms))) log.warn('work requests started was still running at shutdown; it is dropped', { count: running.size });
}
