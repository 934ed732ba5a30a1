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

/** True when two fingerprints describe the same story. */
export function sameStory(a: string, b: string): boolean {
  const ta = new Set(a.split(' ').filter(Boolean));
  const tb = new Set(b.split(' ').filter(Boolean));
  if (ta.size < 3 || tb.size < 3) return a === b && a !== '';
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  const jaccard = shared / (ta.size + tb.size - shared);
  const overlap = shared / Math.min(ta.size, tb.size);
  return jaccard >= 0.6 || (shared >= 5 && overlap >= 0.8);
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
  const canonicals: Array<DedupeEntry & { stored: boolean }> = existing.map((e) => ({ ...e, stored: true }));
  const ordered = [...incoming].sort((a, b) => a.published_at.getTime() - b.published_at.getTime() || (a.id < b.id ? -1 : 1));
  for (const item of ordered) {
    const index = canonicals.findIndex((c) => c.source_id !== item.source_id && sameStory(c.fingerprint, item.fingerprint));
    if (index < 0) {
      canonicals.push({ ...item, stored: false });
      continue;
    }
    const current = canonicals[index]!;
    if (!isBetterCopy(item, current)) {
      plan.duplicateOf.set(item.id, current.id);
      continue;
    }
    // The newcomer is the better copy: it takes the canonical place, and the old group follows it.
    canonicals[index] = { ...item, stored: false };
    if (current.stored) plan.replaced.set(current.id, item.id);
    else plan.duplicateOf.set(current.id, item.id);
    for (const [dup, canonical] of plan.duplicateOf) if (canonical === current.id) plan.duplicateOf.set(dup, item.id);
    for (const [old, canonical] of plan.replaced) if (canonical === current.id) plan.replaced.set(old, item.id);
  }
  return plan;
}
