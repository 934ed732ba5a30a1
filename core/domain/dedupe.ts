/**
 * Near-duplicate detection across sources: the same story reworded by two publishers becomes one
 * canonical article and duplicates pointing at it (`duplicate_of`). Exact repeats (same GUID or
 * canonical URL) never get this far: the store refuses them by id. Pure: entries in, a plan out.
 */
import { CanonicalIndex, WordTable, type DedupeEntry } from './dedupe-index.ts';

export type { DedupeEntry } from './dedupe-index.ts';

/** True when `a` is the better copy of a story than `b`: readable over paywalled, image over none, earlier over later. */
export function isBetterCopy(a: DedupeEntry, b: DedupeEntry): boolean {
  if (a.paywalled !== b.paywalled) return !a.paywalled;
  if (a.has_image !== b.has_image) return a.has_image;
  if (a.published_at.getTime() !== b.published_at.getTime()) return a.published_at < b.published_at;
  return a.id < b.id;
}

/** The outcome: which incoming items are duplicates, and which stored canonicals a better new copy replaces. */
export interface DuplicatePlan {
  /** incoming id → id of its canonical copy. */
  duplicateOf: Map<string, string>;
  /** stored canonical id → id of the incoming article that replaces it as the best copy. */
  replaced: Map<string, string>;
}

/**
 * Plan duplicates for a batch. `existing` are stored canonical articles of the window; `incoming`
 * are new articles. Only stories from different sources are merged.
 */
export function planDuplicates(existing: DedupeEntry[], incoming: DedupeEntry[]): DuplicatePlan {
  const plan: DuplicatePlan = { duplicateOf: new Map(), replaced: new Map() };
  const table = new WordTable();
  for (const e of existing) table.count(e.fingerprint);
  for (const e of incoming) table.count(e.fingerprint);
  table.finish();
  const index = new CanonicalIndex(table, existing.length + incoming.length);
  const canonicals = index.canonicals;
  for (const e of existing) index.place(canonicals.length, e, true);
  // Who points at each canonical id, so a replacement re-points its group without scanning the plan.
  const followers = new Map<string, string[]>();
  const follow = (id: string, canonical: string) => {
    const list = followers.get(canonical);
    if (list) list.push(id);
    else followers.set(canonical, [id]);
  };
  // Oldest first, ties by id: the same comparisons as on the entries, on their keys read once.
  const times = incoming.map((e) => e.published_at.getTime());
  const order = incoming.map((_, i) => i).sort((a, b) => times[a]! - times[b]! || (incoming[a]!.id < incoming[b]!.id ? -1 : 1));
  for (const next of order) {
    const item = incoming[next]!;
    const found = index.find(item);
    if (found < 0) {
      index.place(canonicals.length, item, false);
      continue;
    }
    const current = canonicals[found]!;
    if (!isBetterCopy(item, current)) {
      plan.duplicateOf.set(item.id, current.id);
      follow(item.id, current.id);
      continue;
    }
    // The newcomer is the better copy: it takes the canonical place, and the old group follows it.
    const wasStored = index.stored[found] === 1;
    index.place(found, item, false);
    if (wasStored) plan.replaced.set(current.id, item.id);
    else plan.duplicateOf.set(current.id, item.id);
    const group = followers.get(current.id) ?? [];
    followers.delete(current.id);
    follow(current.id, item.id);
    for (const id of group) {
      // A follower is a duplicate or a replaced stored copy; re-point whichever still names the old canonical.
      for (const map of [plan.duplicateOf, plan.replaced]) {
        if (map.get(id) !== current.id) continue;
        map.set(id, item.id);
        follow(id, item.id);
      }
    }
  }
  return plan;
}
