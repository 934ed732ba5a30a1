/** Small concurrency helpers: a bounded parallel map and a keyed limiter (per host). */

/** Map `items` through `fn` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/** At most `perKey` tasks at once for the same key (e.g. 2 requests per host); others wait their turn. */
export function keyedLimiter(perKey: number): <R>(key: string, task: () => Promise<R>) => Promise<R> {
  const active = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const release = (key: string) => {
    const queue = waiting.get(key);
    const wake = queue?.shift();
    if (wake) return wake();
    const n = (active.get(key) ?? 1) - 1;
    if (n <= 0) active.delete(key);
    else active.set(key, n);
  };
  return async (key, task) => {
    if ((active.get(key) ?? 0) >= perKey) {
      // The slot is handed over directly by `release`, so the count stays the same.
      await new Promise<void>((resolve) => {
        const queue = waiting.get(key) ?? [];
        queue.push(resolve);
        waiting.set(key, queue);
      });
    } else {
      active.set(key, (active.get(key) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      release(key);
    }
  };
}
