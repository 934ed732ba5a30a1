/**
 * The reading queries, pure over a snapshot: pick the narrowest pre-sorted list (source, tag or
 * topic index, else the whole pool), walk it with the one filter (compiled for the snapshot:
 * core/readmodel/compiled.ts), stop when the page is full.
 */
import { applyBriefRules, BRIEF_CANDIDATE_CAP, briefFrom, recentCutoff, splitHolds, splitRecent, type RecentSplit } from '../domain/brief.ts';
import type { ArticleCard } from '../domain/article.ts';
import { distinctCardLines, distinctLines, withSummary, type PoolArticle } from '../domain/card.ts';
import type { FeedFilter } from '../domain/filter.ts';
import { matcherFor, matcherOf, numberedByPlace, planFor, repeatsLine, seqsOf } from './compiled.ts';
import { briefCandidates, rankedPage } from './ranked-walk.ts';
import { listsOf, type Snapshot } from './snapshot.ts';

/** The narrowest pre-sorted list that can hold every match of `f`. */
export function baseList(s: Snapshot, f: FeedFilter, sort: 'ranked' | 'latest'): PoolArticle[] {
  const options = [s.all];
  if (f.sourceId !== null) options.push(listsOf(s.bySource, f.sourceId));
  if (f.tag !== null) options.push(listsOf(s.byTag, f.tag));
  if (f.topic !== null) options.push(listsOf(s.byTopic, f.topic));
  let best = s.all;
  for (const lists of options) if (lists.ranked.length < best.ranked.length) best = lists;
  return best[sort];
}

/** One page of the feed: the matches of `f` in `sort` order, after skipping `offset` of them. */
export function feedPage(s: Snapshot, f: FeedFilter, sort: 'ranked' | 'latest', offset: number, limit: number): ArticleCard[] {
  return feedPageOf(s, f, sort, offset, limit).cards;
}

/** `feedPage` with the `seq` of each card's article, in order (`cards[i]` is a copy when its line was said anew). */
export function feedPageOf(s: Snapshot, f: FeedFilter, sort: 'ranked' | 'latest', offset: number, limit: number): { cards: ArticleCard[]; seqs: readonly number[] } {
  const list = baseList(s, f, sort);
  // The whole pool in ranked order (the feed's usual walk): a word of 32 articles at a time.
  const page = list === s.all.ranked && numberedByPlace(list) ? rankedPage(s, planFor(s, f), offset, limit) : walkedPage(s, list, f, offset, limit);
  return { cards: repeatsLine(s, page.shown) ? distinctCardLines(page.cards) : page.cards, seqs: page.shown };
}

/** The matches of `f` in `list` (any pre-sorted list) after skipping `offset`, at most `limit`, with the matcher: their cards and `seq`s. */
function walkedPage(s: Snapshot, list: readonly PoolArticle[], f: FeedFilter, offset: number, limit: number): { cards: ArticleCard[]; shown: number[] } {
  const ok = matcherFor(s, f);
  const out: ArticleCard[] = [];
  let skipped = 0;
  const seqs = seqsOf(list);
  const shown: number[] = [];
  for (let p = 0; p < list.length; p += 1) {
    const a = list[p] as PoolArticle;
    if (!ok(a, seqs[p])) continue;
    if (skipped < offset) {
      skipped += 1;
      continue;
    }
    out.push(a.card);
    shown.push(seqs[p] as number);
    if (out.length >= limit) break;
  }
  return { cards: out, shown };
}

/** The ranked pool split at the recent-window cutoff of `now`: kept in the snapshot, split again only when the cutoff passes an item. */
export function recentSplit(s: Snapshot, now: Date): RecentSplit<PoolArticle> {
  const cutoff = recentCutoff(now);
  let split = s.recent.split;
  if (!split || !splitHolds(split, cutoff)) s.recent.split = split = splitRecent(s.all.ranked, cutoff);
  return split;
}

/** The brief's articles for one caller (rules 1–5), in order. */
export function briefArticles(s: Snapshot, f: FeedFilter, now: Date): PoolArticle[] {
  return distinctBriefLines(briefSelection(s, f, now));
}

/**
 * The articles of `briefArticles` as the pool holds them, before `distinctBriefLines` re-lines a
 * repeated line: what the brief shows, which decides its bytes (core/readmodel/answers.ts keys
 * answers by it).
 */
export function briefSelection(s: Snapshot, f: FeedFilter, now: Date): PoolArticle[] {
  const plan = planFor(s, f);
  const ok = matcherOf(plan, f);
  const stored = (s.brief?.ids ?? []).map((id) => s.byId.get(id)).filter((a): a is PoolArticle => a !== undefined);
  const split = recentSplit(s, now);
  // The pool numbered by place (as `buildSnapshot` numbers it): the candidates 32 at a time.
  if (numberedByPlace(s.all.ranked)) return briefFrom(stored, (a) => ok(a), (keep) => briefCandidates(s, plan, split, keep, BRIEF_CANDIDATE_CAP));
  const seqs = [seqsOf(split.recent), seqsOf(split.older)];
  return applyBriefRules(stored, [split.recent, split.older], (a, seg, pos) => ok(a, seg === undefined || pos === undefined ? undefined : seqs[seg]?.[pos]));
}

/** `distinctLines` over brief articles: a repeated line is said anew on a copy of the article (the pool's is never changed). */
export function distinctBriefLines(items: PoolArticle[]): PoolArticle[] {
  return distinctLines(items, (a) => a.card, (a, card) => ({ ...a, card }));
}

/** The stored brief's `generated_at`, null before the first brief job. */
export const briefGeneratedAt = (s: Snapshot): string | null => (s.brief ? s.brief.generatedAt.toISOString() : null);

/** The brief for one caller (rules 1–5), with cached summaries; `generated_at` null before the first brief job. */
export function briefFor(s: Snapshot, f: FeedFilter, now: Date): { items: ArticleCard[]; generated_at: string | null } {
  return { items: briefArticles(s, f, now).map(withSummary), generated_at: briefGeneratedAt(s) };
}

/**
 * The next-best readable match of `f` (gentle too when asked), or null when none remain. It joins
 * the cards on screen (`exclude` holds their ids), so it never says a line one of them says
 * (`distinctLines`, as one answer's cards).
 */
export function replacementFor(s: Snapshot, f: FeedFilter, gentle: boolean): ArticleCard | null {
  const ok = matcherFor(s, f);
  for (const a of baseList(s, f, 'ranked')) {
    // Ranked lists hold readable items first: the first paywalled one ends the search.
    if (a.paywalled) break;
    if (gentle && !a.gentle) continue;
    if (!ok(a)) continue;
    const shown = [...f.exclude].flatMap((id) => s.byId.get(id)?.card ?? []);
    return distinctCardLines([...shown, a.card]).at(-1) ?? a.card;
  }
  return null;
}

/** Matches of `f` discovered strictly after `ts`: their count and the newest `limit`. */
export function sinceFor(s: Snapshot, f: FeedFilter, ts: Date | null, limit: number): { count: number; items: ArticleCard[] } {
  if (ts === null) return { count: 0, items: [] };
  const ok = matcherFor(s, f);
  const after = ts.getTime();
  const items: ArticleCard[] = [];
  let count = 0;
  for (const a of s.discovered) {
    if (a.discovered <= after) break;
    if (!ok(a)) continue;
    count += 1;
    if (items.length < limit) items.push(a.card);
  }
  return { count, items: distinctCardLines(items) };
}

/** Topic and flavor counts over exactly the feed's filtered set. */
export function categoryCounts(s: Snapshot, f: FeedFilter, topics: readonly string[], flavors: readonly string[]): {
  topics: Record<string, number>;
  flavors: Record<string, number>;
} {
  const ok = matcherFor(s, f);
  // Maps, not object literals: a stored id such as "__proto__" must stay a plain key.
  const t = new Map<string, number>(topics.map((id) => [id, 0]));
  const fl = new Map<string, number>(flavors.map((id) => [id, 0]));
  for (const a of baseList(s, f, 'ranked')) {
    if (!ok(a)) continue;
    t.set(a.topic, (t.get(a.topic) ?? 0) + 1);
    fl.set(a.flavor, (fl.get(a.flavor) ?? 0) + 1);
  }
  return { topics: Object.fromEntries(t), flavors: Object.fromEntries(fl) };
}
