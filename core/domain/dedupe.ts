/**
 * Near-duplicate detection across sources: the same story reworded by two publishers becomes one
 * canonical article and duplicates pointing at it (`duplicate_of`). Exact repeats (same GUID or
 * canonical URL) never get this far: the store refuses them by id. Pure: entries in, a plan out.
 */

const STOPWORDS = new Set(
  ('a an the and or but of in on at to for from by with as is are was were be been has have had it its this that these those ' +
    'after before over under into about than then there their they them we our you your he she his her not no new says say said ' +
    'how why what who when where will would can could may might more most just now up out off de la le el et').split(' '),
);

/** Light stemming so "volunteers planted" and "volunteer plants" meet. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The significant words of a title (lower-cased, accents folded, stemmed, unique, sorted). */
export function titleTokens(title: string): string[] {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
  return [...new Set(words)].sort();
}

/** The stored fingerprint of a title: its significant words joined by spaces. */
export function fingerprint(title: string): string {
  return titleTokens(title).join(' ');
}

/** The distinct words of a fingerprint (as stored: words separated by spaces). */
function fingerprintWords(fp: string): Set<string> {
  return new Set(fp.split(' ').filter(Boolean));
}

/** The similarity rule of two fingerprints of 3 words or more: `shared` words of sizes `a` and `b`. */
function similarEnough(shared: number, a: number, b: number): boolean {
  const jaccard = shared / (a + b - shared);
  const overlap = shared / Math.min(a, b);
  return jaccard >= 0.6 || (shared >= 5 && overlap >= 0.8);
}

/** True when two fingerprints describe the same story. */
export function sameStory(a: string, b: string): boolean {
  const ta = fingerprintWords(a);
  const tb = fingerprintWords(b);
  if (ta.size < 3 || tb.size < 3) return a === b && a !== '';
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  return similarEnough(shared, ta.size, tb.size);
}

/** What dedupe needs to know about an article (stored or incoming). */
export interface DedupeEntry {
  id: string;
  source_id: string;
  fingerprint: string;
  paywalled: boolean;
  has_image: boolean;
  published_at: Date;
}

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
  const canonicals: Canonical[] = [];
  // Only canonicals sharing a word (or, for short fingerprints, the whole string) can be the same
  // story, so an inverted index replaces the scan of every canonical.
  // Plain arrays: iterating them is several times faster than Sets, and removals (a better copy
  // taking a canonical's place) are rare. Order inside a list does not matter: the lowest match wins.
  const byWord = new Map<string, number[]>();
  const byWhole = new Map<string, number[]>();
  const index = (key: string, map: Map<string, number[]>, at: number, add: boolean) => {
    const list = map.get(key);
    if (add) {
      if (list) list.push(at);
      else map.set(key, [at]);
    } else if (list) {
      const i = list.indexOf(at);
      if (i >= 0) list.splice(i, 1);
    }
  };
  const place = (at: number, entry: DedupeEntry, stored: boolean) => {
    const old = canonicals[at];
    if (old) {
      for (const w of old.words) index(w, byWord, at, false);
      index(old.fingerprint, byWhole, at, false);
    }
    const canonical: Canonical = { ...entry, stored, words: fingerprintWords(entry.fingerprint) };
    canonicals[at] = canonical;
    for (const w of canonical.words) index(w, byWord, at, true);
    index(canonical.fingerprint, byWhole, at, true);
  };
  for (const e of existing) place(canonicals.length, e, true);
  // Who points at each canonical id, so a replacement re-points its group without scanning the plan.
  const followers = new Map<string, string[]>();
  const follow = (id: string, canonical: string) => {
    const list = followers.get(canonical);
    if (list) list.push(id);
    else followers.set(canonical, [id]);
  };
  // Shared-word counters by canonical position, reset after each item.
  const shared = new Uint32Array(existing.length + incoming.length);
  const ordered = [...incoming].sort((a, b) => a.published_at.getTime() - b.published_at.getTime() || (a.id < b.id ? -1 : 1));
  for (const item of ordered) {
    const words = fingerprintWords(item.fingerprint);
    // Count the shared words of every canonical that shares one, then take the lowest position
    // that is the same story: the first match of a scan from the start.
    const touched: number[] = [];
    for (const w of words) {
      for (const at of byWord.get(w) ?? []) {
        if (shared[at] === 0) touched.push(at);
        shared[at]! += 1;
      }
    }
    let found = -1;
    for (const at of touched) {
      const n = shared[at]!;
      shared[at] = 0;
      if (found >= 0 && at > found) continue;
      const c = canonicals[at]!;
      if (c.source_id !== item.source_id && c.words.size >= 3 && words.size >= 3 && similarEnough(n, c.words.size, words.size)) found = at;
    }
    // Short fingerprints (under 3 words) only match the identical fingerprint (which has as few words).
    if (words.size < 3 && item.fingerprint !== '') {
      for (const at of byWhole.get(item.fingerprint) ?? []) {
        if ((found < 0 || at < found) && canonicals[at]!.source_id !== item.source_id) found = at;
      }
    }
    if (found < 0) {
      place(canonicals.length, item, false);
      continue;
    }
    const current = canonicals[found]!;
    if (!isBetterCopy(item, current)) {
      plan.duplicateOf.set(item.id, current.id);
      follow(item.id, current.id);
      continue;
    }
    // The newcomer is the better copy: it takes the canonical place, and the old group follows it.
    place(found, item, false);
    if (current.stored) plan.replaced.set(current.id, item.id);
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

/** A canonical of the plan: the entry, whether it is stored, and its fingerprint's words. */
interface Canonical extends DedupeEntry {
  stored: boolean;
  words: Set<string>;
}
