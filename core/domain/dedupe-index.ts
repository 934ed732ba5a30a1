/**
 * The near-duplicate candidate index of a plan (core/domain/dedupe.ts): fingerprint words
 * numbered, ordered rarest first and the most common ones kept as bits, and canonicals indexed
 * under their rarest words (prefix filtering), so an item is compared only with the few
 * canonicals that can pass the same-story rule.
 */
import { leastShared, needShared } from './fingerprint.ts';
import { sortShort } from './sort.ts';

/** What dedupe needs to know about an article (stored or incoming). */
export interface DedupeEntry {
  id: string;
  source_id: string;
  fingerprint: string;
  paywalled: boolean;
  has_image: boolean;
  published_at: Date;
}

/**
 * How many of a fingerprint's words, rarest first, go into the candidate index (prefix filtering):
 * two fingerprints sharing at least t words, each ordered by the same global order, always share a
 * word among the first |x| − t + 1 of x and the first |y| − t + 1 of y. With t the least share
 * either size allows, no pair that passes the rule is missed.
 */
function prefixLength(words: number): number {
  return words - leastShared(words) + 1;
}

/** Set bits of a 32-bit integer. */
function bitCount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** A fingerprint's distinct words as numbers (rarest first), with the most common words as bits too. */
interface Words {
  ids: number[];
  /** Bits of the batch's 64 most common words it holds (`low`: ranks 0–31, `high`: 32–63). */
  low: number;
  high: number;
  /** How many of its words have no bit. */
  rest: number;
}

/**
 * Every fingerprint of a batch split once: words numbered, each fingerprint's words ordered rarest
 * first for the candidate index, and the most common words as bits. Each step is a small function
 * called per entry, so it is optimised early in a run (a batch is planned once per ingest).
 */
export class WordTable {
  private readonly wordIds = new Map<string, number>();
  /** How many entries hold each word. */
  readonly holders: number[] = [];
  /** The fingerprint that last took each word, so a repeated word counts once (as in `fingerprintWords`). */
  private readonly takenBy: number[] = [];
  private readonly byPrint = new Map<string, Words>();

  /** Count an entry's words (a fingerprint seen before is split once). */
  count(fingerprint: string): void {
    let words = this.byPrint.get(fingerprint);
    if (!words) {
      words = { ids: this.number(fingerprint, this.byPrint.size), low: 0, high: 0, rest: 0 };
      this.byPrint.set(fingerprint, words);
    }
    for (const id of words.ids) this.holders[id]! += 1;
  }

  private number(fingerprint: string, print: number): number[] {
    const ids: number[] = [];
    for (const w of fingerprint.split(' ')) {
      if (w === '') continue;
      let id = this.wordIds.get(w);
      if (id === undefined) {
        id = this.holders.push(0) - 1;
        this.takenBy.push(-1);
        this.wordIds.set(w, id);
      }
      if (this.takenBy[id] === print) continue;
      this.takenBy[id] = print;
      ids.push(id);
    }
    return ids;
  }

  /** Once every entry is counted: order each fingerprint's words and set the bits of 64 of the most common words. */
  finish(): void {
    // Which words among equals get a bit does not matter (any choice bounds the shared count
    // correctly): those above the 64th count, then those equal to it.
    const holders = this.holders;
    const bit = new Int32Array(holders.length).fill(-1);
    const counts = Int32Array.from(holders).sort();
    const floor = counts.length > 64 ? counts[counts.length - 64]! : 0;
    let ranked = 0;
    for (const pass of [1, 0]) {
      for (let id = 0; id < holders.length && ranked < 64; id += 1) {
        if (pass === 1 ? holders[id]! > floor : holders[id] === floor) bit[id] = ranked++;
      }
    }
    for (const words of this.byPrint.values()) orderWords(words, holders, bit);
  }

  words(fingerprint: string): Words {
    return this.byPrint.get(fingerprint)!;
  }
}

/**
 * A fingerprint's words rarest first (ties by first appearance: rare words have short lists in the
 * index), and its bits.
 */
function orderWords(words: Words, holders: readonly number[], bit: Int32Array): void {
  const ids = sortShort(words.ids, (a, b) => holders[a]! - holders[b]! || a - b);
  for (const id of ids) {
    const b = bit[id]!;
    if (b < 0) words.rest += 1;
    else if (b < 32) words.low |= 1 << b;
    else words.high |= 1 << (b - 32);
  }
}

/**
 * The canonicals of a plan by position, with the candidate index. Only canonicals sharing a word
 * can be the same story; by prefix filtering, only canonicals sharing one of the item's rarest words
 * with their own rarest words (see `prefixLength`), so the index holds each canonical under those
 * few words. Short fingerprints (under 3 words) only match the identical fingerprint, indexed whole.
 */
export class CanonicalIndex {
  /** The entries themselves (not copies: a copy per placement was garbage the plan made for every article). */
  readonly canonicals: DedupeEntry[] = [];
  /** Whether the canonical at a position is a stored article (1) or an incoming one (0). */
  readonly stored: Uint8Array;
  // Plain arrays in ascending order: iterating them is several times faster than Sets, and a list
  // is read only up to the lowest match so far. Removals (a better copy taking a canonical's place) are rare.
  private readonly byWord = new Map<number, number[]>();
  private readonly byWhole = new Map<string, number[]>();
  private readonly sourceNumbers = new Map<string, number>();
  // What the candidate check reads, by canonical position, in flat arrays.
  private readonly atSource: Int32Array;
  private readonly atSize: Int32Array;
  private readonly atLow: Int32Array;
  private readonly atHigh: Int32Array;
  private readonly atRest: Int32Array;
  /** Each canonical's word ids, read straight from here by the shared-word count (not through the canonical). */
  private readonly atIds: number[][] = [];
  // Per item: its words marked, and the canonicals already taken as candidates, by stamp.
  private readonly marked: Int32Array;
  private readonly visited: Int32Array;
  private stamp = 0;

  constructor(
    private readonly table: WordTable,
    capacity: number,
  ) {
    this.stored = new Uint8Array(capacity);
    this.atSource = new Int32Array(capacity);
    this.atSize = new Int32Array(capacity);
    this.atLow = new Int32Array(capacity);
    this.atHigh = new Int32Array(capacity);
    this.atRest = new Int32Array(capacity);
    this.marked = new Int32Array(table.holders.length);
    this.visited = new Int32Array(capacity);
  }

  sourceOf(id: string): number {
    let n = this.sourceNumbers.get(id);
    if (n === undefined) this.sourceNumbers.set(id, (n = this.sourceNumbers.size));
    return n;
  }

  /** Put `entry` at position `at` (a new position, or the place of the canonical it replaces). */
  place(at: number, entry: DedupeEntry, stored: boolean): void {
    const old = this.canonicals[at];
    if (old) {
      this.indexWords(this.atIds[at]!, at, false);
      listUpdate(this.byWhole, old.fingerprint, at, false);
    }
    const words = this.table.words(entry.fingerprint);
    this.canonicals[at] = entry;
    this.stored[at] = stored ? 1 : 0;
    this.atSource[at] = this.sourceOf(entry.source_id);
    this.atSize[at] = words.ids.length;
    this.atLow[at] = words.low;
    this.atHigh[at] = words.high;
    this.atRest[at] = words.rest;
    this.atIds[at] = words.ids;
    this.indexWords(words.ids, at, true);
    listUpdate(this.byWhole, entry.fingerprint, at, true);
  }

  private indexWords(ids: readonly number[], at: number, add: boolean): void {
    if (ids.length < 3) return;
    const n = prefixLength(ids.length);
    for (let i = 0; i < n; i += 1) listUpdate(this.byWord, ids[i]!, at, add);
  }

  /** The lowest position holding the same story as `item` from another source, or -1. */
  find(item: DedupeEntry): number {
    const words = this.table.words(item.fingerprint);
    const size = words.ids.length;
    if (size < 3) return item.fingerprint === '' ? -1 : this.findWhole(item);
    const stamp = (this.stamp += 1);
    const { marked, visited, atSource, atSize, atLow, atHigh, atRest, atIds } = this;
    const source = this.sourceOf(item.source_id);
    for (const w of words.ids) marked[w] = stamp;
    // Every canonical sharing one of the item's rarest words; the lowest position that is the same
    // story wins (the first match of a scan from the start). The common words' bits bound the
    // shared count from above, and settle most candidates without counting.
    const { low, high, rest } = words;
    const prefix = prefixLength(size);
    let found = -1;
    // Lists are in ascending order, so a list is read only up to the best match so far.
    let limit = this.canonicals.length;
    for (let i = 0; i < prefix; i += 1) {
      const list = this.byWord.get(words.ids[i]!);
      if (!list) continue;
      for (let k = 0; k < list.length; k += 1) {
        const at = list[k]!;
        if (at >= limit) break;
        if (visited[at] === stamp) continue;
        visited[at] = stamp;
        if (atSource[at] === source) continue;
        const need = needShared(atSize[at]!, size);
        if (bitCount(atLow[at]! & low) + bitCount(atHigh[at]! & high) + Math.min(atRest[at]!, rest) < need) continue;
        const ids = atIds[at]!;
        let shared = 0;
        for (let j = 0; j < ids.length; j += 1) if (marked[ids[j]!] === stamp) shared += 1;
        if (shared >= need) limit = found = at;
      }
    }
    return found;
  }

  /** Short fingerprints (under 3 words) only match the identical fingerprint (which has as few words). */
  private findWhole(item: DedupeEntry): number {
    let found = -1;
    for (const at of this.byWhole.get(item.fingerprint) ?? []) {
      if ((found < 0 || at < found) && this.canonicals[at]!.source_id !== item.source_id) found = at;
    }
    return found;
  }
}

/**
 * Add `at` to (or remove it from) the list of `key`, keeping the list in ascending order: a new
 * canonical takes the next position (it goes at the end), only a better copy takes an old one.
 */
function listUpdate<K>(map: Map<K, number[]>, key: K, at: number, add: boolean): void {
  const list = map.get(key);
  if (add) {
    if (!list) map.set(key, [at]);
    else if (list.length === 0 || list[list.length - 1]! < at) list.push(at);
    else list.splice(lowerBound(list, at), 0, at);
  } else if (list) {
    const i = lowerBound(list, at);
    if (list[i] === at) list.splice(i, 1);
  }
}

/** The first index of an ascending list whose value is not below `at` (the list's length when none). */
function lowerBound(list: readonly number[], at: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < at) low = mid + 1;
    else high = mid;
  }
  return low;
}
