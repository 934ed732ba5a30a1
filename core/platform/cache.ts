/**
 * The one bounded memo of the code base: a named least-recently-used cache on `lru-cache`, with
 * hit and miss counts. Every "remembered" value (parsed prefs, reading queries, encoded answers,
 * avoid-term tests, classifier tokens) goes through `boundedCache`, so each has a size bound, a
 * well-tested eviction and figures an operator can read (`cacheStats()`, shown to admins by
 * `/api/health`).
 *
 * Why a library: the hand-made memos each had their own bound and their own eviction (clear all,
 * drop the oldest half), none counted its hits, and a wrong eviction is a slow leak or a cold
 * cache nobody sees. lru-cache is the reference implementation, allocation-free on a hit. On the
 * warm reading path (a remembered query and a remembered answer: two look-ups a request) it cost
 * 400-500 ns a request against the former `Map`s' 380-520 ns (2,000,000 calls, interleaved, load
 * average 12-15): nothing next to the 25-90 µs of a warm request, so no hand-made memo is kept.
 */
import { LRUCache } from 'lru-cache';

/** What a cache reports. */
export interface CacheFigures {
  size: number;
  max: number;
  hits: number;
  misses: number;
}

/** A bounded memo with counts. Values may not be `undefined` (a miss is `undefined`). */
export class BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly name: string;
  readonly max: number;
  private readonly lru: LRUCache<K, V>;
  private hitCount = 0;
  private missCount = 0;

  constructor(name: string, max: number) {
    this.name = name;
    this.max = max;
    this.lru = new LRUCache<K, V>({ max });
  }

  /** The remembered value, or `undefined` (counted as a hit or a miss). */
  get(key: K): V | undefined {
    const value = this.lru.get(key);
    if (value === undefined) this.missCount++;
    else this.hitCount++;
    return value;
  }

  /**
   * The remembered value counted as a hit when found; a miss is not counted, for a look-up whose
   * miss goes on to the same cache's `get` or `getOrSet`, which counts it (api/known-answers.ts).
   */
  known(key: K): V | undefined {
    const value = this.lru.get(key);
    if (value !== undefined) this.hitCount++;
    return value;
  }

  /** The remembered value without counting or refreshing its place (for checks, not look-ups). */
  peek(key: K): V | undefined {
    return this.lru.peek(key);
  }

  set(key: K, value: V): void {
    this.lru.set(key, value);
  }

  /** The remembered value, or `make()`'s, remembered. */
  getOrSet(key: K, make: () => V): V {
    const known = this.get(key);
    if (known !== undefined) return known;
    const value = make();
    this.lru.set(key, value);
    return value;
  }

  /** The remembered values, most recently used first (neither counted nor refreshed). */
  values(): IterableIterator<V> {
    return this.lru.values();
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  figures(): CacheFigures {
    return { size: this.lru.size, max: this.max, hits: this.hitCount, misses: this.missCount };
  }
}

/**
 * Caches by name, for the figures. A family of caches (one per snapshot, say) shares a name and
 * its figures add up; a cache that is no longer referenced leaves the registry with its owner.
 */
const registry = new Set<WeakRef<BoundedCache<NonNullable<unknown>, NonNullable<unknown>>>>();
/** The registry is swept of collected caches when it reaches this size (then twice the live count). */
let sweepAt = 64;

function sweep(): void {
  for (const ref of registry) if (!ref.deref()) registry.delete(ref);
  sweepAt = Math.max(64, registry.size * 2);
}

/** A new bounded cache named `name` (for the figures), holding at most `max` entries. */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(name: string, max: number): BoundedCache<K, V> {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`cache ${name}: max must be a positive integer`);
  const cache = new BoundedCache<K, V>(name, max);
  // Families come and go (one cache per snapshot): the references of collected ones are dropped here.
  if (registry.size >= sweepAt) sweep();
  registry.add(new WeakRef(cache as unknown as BoundedCache<NonNullable<unknown>, NonNullable<unknown>>));
  return cache;
}

/** Every live cache's figures by name (caches sharing a name are summed), sorted by name. */
export function cacheStats(): Record<string, CacheFigures> {
  const out = new Map<string, CacheFigures>();
  for (const ref of registry) {
    const cache = ref.deref();
    if (!cache) {
      registry.delete(ref);
      continue;
    }
    const f = cache.figures();
    const sum = out.get(cache.name);
    if (sum) {
      sum.size += f.size;
      sum.max += f.max;
      sum.hits += f.hits;
      sum.misses += f.misses;
    } else out.set(cache.name, f);
  }
  return Object.fromEntries([...out].sort(([a], [b]) => a.localeCompare(b)));
}
