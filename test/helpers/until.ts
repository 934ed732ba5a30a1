/** Waiting on a condition in tests: poll until it holds or a deadline passes (never a fixed sleep standing in for synchronisation). */

/**
 * Poll `check` until it returns a truthy value (returned) or `ms` pass (throws naming `what`; a
 * function is asked then, so the message can say what was last seen).
 */
export async function until<T>(check: () => Promise<T> | T, ms = 10_000, what: string | (() => string) = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** True while a process with this pid exists (signal 0 probes without touching it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
