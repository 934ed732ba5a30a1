/**
 * The one cache module of the code base: a named least-recently-used cache on `lru-cache`, with
 * hit and miss counts. Every "remembered" value (parsed prefs, reading queries, encoded answers,
 * avoid-term tests, classifier tokens) goes through `boundedCache`, so each has a size bound, a
 * well-tested eviction and figures an operator can read (`cacheStats()`, shown to admins by
 * `/api/health`); the calm gate's words, asked for fifty times an item, go through its cheaper
 * sibling `wordMemo` (a `Map` emptied when full, the same figures: see `WordMemo`).
 *
 * Why a library: the hand-made memos each had their own bound and their own eviction (clear all,
 * drop the oldest half), none counted its hits, and a wrong eviction is a slow leak or a cold
 * cache nobody sees. lru-cache is the reference implementation, allocation-free on a hit. On the
 * warm reading path (a remembered query and a remembered answer: two look-ups a request) it cost
 * 400-500 ns a request against the former `Map`s' 380-520 ns (2,000,000 calls, interleaved, load
 * average 12-15): nothing next to the 25-90 µs of a warm request, so no hand-made memo is kept.
 *
 * A cache whose keys are mostly asked for once (a reader's first query, prefs no one sent before)
 * can keep a value only on its key's second request (`admitOnSecondSight`): the first one is
 * marked in a table of fingerprints and answered without being kept. A value kept for every
 * one-off key outlives a young-generation collection or two, is promoted and later evicted from
 * the old generation: that churn, not the insert itself, is what remembering costs a cold request
 * (docs/benchmarks.md). The table keeps no keys, only 32-bit hashes in a typed array: a key whose
 * mark another key overwrote waits for one more request, and one sharing its fingerprint with a
 * key seen before is kept at once; either way only what is kept differs, never a value.
 */
import { LRUCache } from 'lru-cache';

/** What a cache reports. */
export interface CacheFigures {
  size: number;
  max: number;
  hits: number;
  misses: number;
}

/** How a cache admits values. */
interface CacheOptions {
  /** Keep a value only when its key was offered before (string keys; see the module comment). */
  admitOnSecondSight?: boolean;
}

/** Fingerprint slots per entry of a cache that admits on second sight. */
const SLOTS_PER_ENTRY = 8;

/** Keys up to this long are fingerprinted whole; a longer one by every third unit (see `fingerprint`). */
const WHOLE_KEY_UNITS = 48;

/**
 * A 32-bit FNV-1a-style fingerprint of `key`: its UTF-16 code units two to a step (each pair as one
 * 32-bit word), every unit of a short key and every third unit of a longer one, then its length.
 * Reading the units is the cost (4-5 ns a unit here: a 243-character key took 1.0-1.3 µs whole, and
 * the reading path marks three such keys on a first-seen request: its query, its prefs, its
 * answer). Two long keys of one length that differ only between the units read share a
 * fingerprint, and the second is kept on its first offer: what is kept changes, never a value.
 */
function fingerprint(key: string): number {
  const length = key.length;
  const step = length <= WHOLE_KEY_UNITS ? 1 : 3;
  let h = 0x811c9dc5;
  let i = 0;
  for (; i + step < length; i += 2 * step) h = Math.imul(h ^ (key.charCodeAt(i) | (key.charCodeAt(i + step) << 16)), 0x01000193);
  if (i < length) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  // The length last: mixed in first, it met the first unit in one XOR, and a key one unit longer
  // matched another whose first unit differed by the lengths' XOR.
  return Math.imul(h ^ length, 0x01000193) >>> 0;
}

/** Which keys were offered before, approximately: one fingerprint per slot, no keys kept. */
class Doorkeeper {
  private readonly seen: Uint32Array;
  private readonly mask: number;

  constructor(slots: number) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(64, slots)));
    this.seen = new Uint32Array(size);
    this.mask = size - 1;
  }

  /** True when `key` was offered before; otherwise marks it and says false. */
  admits(key: unknown): boolean {
    if (typeof key !== 'string') return true;
    const h = fingerprint(key);
    const slot = (h ^ (h >>> 15)) & this.mask;
    if (this.seen[slot] === h) return true;
    this.seen[slot] = h;
    return false;
  }
}

/** A memo the figures read (`cacheStats`). */
interface Figured {
  readonly name: string;
  figures(): CacheFigures;
}

/** A bounded memo with counts. Values may not be `undefined` (a miss is `undefined`). */
export class BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> implements Figured {
  readonly name: string;
  readonly max: number;
  private readonly lru: LRUCache<K, V>;
  private readonly doorkeeper: Doorkeeper | null;
  private hitCount = 0;
  private missCount = 0;

  constructor(name: string, max: number, options: CacheOptions = {}) {
    this.name = name;
    this.max = max;
    this.lru = new LRUCache<K, V>({ max });
    this.doorkeeper = options.admitOnSecondSight === true ? new Doorkeeper(max * SLOTS_PER_ENTRY) : null;
  }

  /** The remembered value, or `undefined` (counted as a hit or a miss). */
  get(key: K): V | undefined {
    const value = this.lru.get(key);
    if (value === undefined) this.missCount++;
    else this.hitCount++;
    return value;
  }

  /** The remembered value without counting or refreshing its place (for checks, not look-ups). */
  peek(key: K): V | undefined {
    return this.lru.peek(key);
  }

  /** Remember `value` for `key` (on a cache that admits on second sight, only from the key's second offer on); true when it is kept. */
  set(key: K, value: V): boolean {
    if (this.doorkeeper !== null && !this.doorkeeper.admits(key) && !this.lru.has(key)) return false;
    this.lru.set(key, value);
    return true;
  }

  /** The remembered value, or `make()`'s, remembered (as `set` remembers). */
  getOrSet(key: K, make: () => V): V {
    const known = this.get(key);
    if (known !== undefined) return known;
    const value = make();
    this.set(key, value);
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
const registry = new Set<WeakRef<Figured>>();
/** The registry is swept of collected caches when it reaches this size (then twice the live count). */
let sweepAt = 64;

function sweep(): void {
  for (const ref of registry) if (!ref.deref()) registry.delete(ref);
  sweepAt = Math.max(64, registry.size * 2);
}

/** A new bounded cache named `name` (for the figures), holding at most `max` entries. */
export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(name: string, max: number, options?: CacheOptions): BoundedCache<K, V> {
  checkBound(name, max);
  const cache = new BoundedCache<K, V>(name, max, options);
  register(cache);
  return cache;
}

/** A memo's bound must be a positive whole number of entries. */
function checkBound(name: string, max: number): void {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`cache ${name}: max must be a positive integer`);
}

/** Keep `cache` in the registry (for `cacheStats`) while it lives. */
function register(cache: Figured): void {
  // Families come and go (one cache per snapshot): the references of collected ones are dropped here.
  if (registry.size >= sweepAt) sweep();
  registry.add(new WeakRef(cache));
}

/**
 * A bounded memo for the hottest per-word look-ups, many to a text (the calm gate's words): a
 * `Map` emptied when it is full, with the same figures as a `BoundedCache`. Its keys are
 * a small vocabulary asked for over and over, so eviction hardly matters and the look-up is all the
 * cost: lru-cache's `get` keeps its recency list on every hit, and over the calm gate's ~50 words an
 * item that was ~1 µs of `classifyOffline`'s ~18 (the ingest bench's 5,000 items, the two versions
 * alternating in one process, 30 rounds each, twice: best 93.0 / 90.3 ms against 88.2 / 85.6).
 */
export class WordMemo<K extends NonNullable<unknown>, V extends NonNullable<unknown>> implements Figured {
  readonly name: string;
  readonly max: number;
  private readonly map = new Map<K, V>();
  private hitCount = 0;
  private missCount = 0;

  constructor(name: string, max: number) {
    this.name = name;
    this.max = max;
  }

  /** The remembered value, or `undefined` (counted as a hit or a miss). */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) this.missCount++;
    else this.hitCount++;
    return value;
  }

  /** Remember `value` for `key`; a full memo is emptied first (untrusted text brings any number of words). */
  set(key: K, value: V): void {
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(key, value);
  }

  figures(): CacheFigures {
    return { size: this.map.size, max: this.max, hits: this.hitCount, misses: this.missCount };
  }
}

/** A new word memo named `name` (for the figures), holding at most `max` entries. */
export function wordMemo<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(name: string, max: number): WordMemo<K, V> {
  checkBound(name, max);
  const memo = new WordMemo<K, V>(name, max);
  register(memo);
  return memo;
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
