/**
 * From a stored article to what readers get: the public card (SPEC.md "Article (feed item shape)")
 * and the in-memory `PoolArticle` the read model keeps, with the fields the filter, the ranking and
 * the brief rules need precomputed once per load instead of once per request.
 */
import { scoreOf, type ArticleCard, type ArticleDoc } from './article.ts';
import { stringsOf, textOf } from './guards.ts';
import { isGentle } from './gate.ts';
import { READABLE_WORDS } from './full-text.ts';
import { avoidText, foldText } from './prefs.ts';
import type { Told } from './retell-words.ts';
import { copiesFrom, currentOffline, firstSentence, summaryText } from './summary.ts';
import { specificLine, type StoryFacts } from './words.ts';

/** The stored fields the reading path loads (see core/store/pool.ts for the projection). */
export type PoolDoc = Pick<
  ArticleDoc,
  '_id' | 'source_id' | 'url' | 'title' | 'image' | 'paywalled' | 'published_at' | 'discovered_at' | 'topic' | 'tags' | 'flavor' | 'cortisol' | 'ragebait' | 'why'
> & {
  summary?: { summary?: unknown } | null;
  /** The teaser retold at ingest (core/pipeline/offline-summaries.ts): its first sentence is the card's line when no summary is cached. */
  offline_summary?: ArticleDoc['offline_summary'];
  word_count?: unknown;
  /** Names of the other outlets that reported it (from its near-duplicates; not a stored field). */
  also_reported_by?: readonly string[];
};

/** Reading speed for the estimate (words a minute; a common figure for screen reading). */
export const WORDS_PER_MINUTE = 230;

/** Minutes to read `words`, or null when the feed gave too little text to tell. */
export function readingMinutes(words: unknown): number | null {
  return typeof words === 'number' && Number.isFinite(words) && words >= READABLE_WORDS ? Math.max(1, Math.round(words / WORDS_PER_MINUTE)) : null;
}

/**
 * The card's sentence: the cached summary's first sentence; else the first sentence of the teaser
 * as we retold it at ingest, which is how the offline summary opens (so the card says the same
 * once a reader's visit caches that summary); else the story's own line. A retelling that repeats
 * five words of the title in a row is left for the story's line (it would restate the headline).
 */
export function cardLine(facts: StoryFacts, summary: string | null, retold: readonly Told[] = []): string {
  if (summary) {
    const first = firstSentence(summary);
    if (first) return first;
  }
  const told = retold[0]?.sentence;
  if (told && !copiesFrom(told, facts.title, 5)) return firstSentence(told);
  return specificLine(facts);
}

/** An article of the public pool as the read model holds it. */
export interface PoolArticle {
  id: string;
  source_id: string;
  topic: string;
  flavor: string;
  tags: readonly string[];
  cortisol: number;
  ragebait: number;
  paywalled: boolean;
  hasImage: boolean;
  /** Title, why line and cached summary: what avoid-terms are matched against. */
  text: string;
  /** `foldText(text)`: the avoid-term pre-test reads it (kept in step with `text`). */
  folded: string;
  /** Position in its snapshot (indexes the snapshot's per-article memos); -1 outside one. */
  seq: number;
  gentle: boolean;
  /** Effective publication time in ms: published_at, but never later than discovered_at. */
  time: number;
  /** discovered_at in ms (drives `/api/since`). */
  discovered: number;
  /** Ranking score (higher is better); see `rankScore` in filter.ts. */
  score: number;
  /** The cached summary text, or null. */
  summary: string | null;
  /** The card without `summary` (feeds); the brief adds the summary. */
  card: ArticleCard;
}

const ms = (d: unknown): number => (d instanceof Date ? d.getTime() : typeof d === 'string' || typeof d === 'number' ? new Date(d).getTime() : NaN);


/** The public card for a stored article and its source's name (without `summary`; see `withSummary`). */
export function toCard(doc: PoolDoc, sourceName: string): ArticleCard {
  const published = ms(doc.published_at);
  const discovered = ms(doc.discovered_at);
  const title = textOf(doc.title);
  const tags = stringsOf(doc.tags);
  return {
    id: doc._id,
    title,
    url: textOf(doc.url),
    image: textOf(doc.image) || null,
    why: textOf(doc.why),
    source_id: doc.source_id,
    source_name: sourceName,
    tags,
    topic: textOf(doc.topic),
    flavor: textOf(doc.flavor),
    paywalled: doc.paywalled === true,
    published_at: new Date(Number.isNaN(published) ? 0 : published).toISOString(),
    discovered_at: new Date(Number.isNaN(discovered) ? 0 : discovered).toISOString(),
    cortisol: scoreOf(doc.cortisol),
    ragebait: scoreOf(doc.ragebait),
    line: cardLine({ title, sourceName, topic: textOf(doc.topic), tags, flavor: textOf(doc.flavor) }, summaryText(doc), currentOffline(doc)?.retold),
    also_reported_by: [...(doc.also_reported_by ?? [])],
    reading_minutes: readingMinutes(doc.word_count),
  };
}

/**
 * Cards shown together never say one sentence twice (issue 18.2): a card whose line an earlier card
 * of the list already says (two teasers retold alike, a source's boilerplate teaser) shows the line
 * built from its own story instead. Changes `items` in place (a list its caller just made) and returns it.
 */
export function distinctLines<T>(items: T[], cardOf: (item: T) => ArticleCard, withCard: (item: T, card: ArticleCard) => T): T[] {
  if (items.length < 2) return items;
  const said = new Set<string>();
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i] as T;
    const card = cardOf(item);
    if (!said.has(card.line)) {
      said.add(card.line);
      continue;
    }
    const line = specificLine({ title: card.title, sourceName: card.source_name, topic: card.topic, tags: card.tags, flavor: card.flavor });
    items[i] = withCard(item, { ...card, line });
    said.add(line);
  }
  return items;
}

/** `distinctLines` over a list of cards. */
export function distinctCardLines(cards: ArticleCard[]): ArticleCard[] {
  return distinctLines(cards, (card) => card, (_old, card) => card);
}

/** The read model's entry for a stored article. `score` ranks it (see filter.ts). */
export function toPoolArticle(doc: PoolDoc, sourceName: string, score: (a: Omit<PoolArticle, 'score'>) => number): PoolArticle {
  const card = toCard(doc, sourceName);
  const summary = summaryText(doc);
  const text = avoidText(card, summary);
  const published = Date.parse(card.published_at);
  const discovered = Date.parse(card.discovered_at);
  const base: Omit<PoolArticle, 'score'> = {
    id: card.id,
    source_id: card.source_id,
    topic: card.topic,
    flavor: card.flavor,
    tags: card.tags,
    cortisol: card.cortisol,
    ragebait: card.ragebait,
    paywalled: card.paywalled,
    hasImage: card.image !== null,
    text,
    folded: foldText(text),
    seq: -1,
    // The lead's words are its title and its summary, or its line when it has none.
    gentle: isGentle({ cortisol: card.cortisol, ragebait: card.ragebait, title: card.title, summary: summary ?? card.line }),
    // A feed that dates an item in the future must not pin it to the top.
    time: discovered > 0 ? Math.min(published, discovered) : published,
    discovered,
    summary,
    card,
  };
  return { ...base, score: score(base) };
}

/** The card with its cached summary attached when there is one (brief items). */
export function withSummary(a: PoolArticle): ArticleCard {
  return a.summary ? { ...a.card, summary: a.summary } : a.card;
}

/**
 * The names of the other outlets among a story's near-duplicates' sources: its own source left
 * out, sources without a name (not visible) dropped, sorted, each once.
 */
export function otherOutlets(sourceIds: Iterable<string>, ownSourceId: string, nameOf: (id: string) => string | undefined): string[] {
  const names = new Set<string>();
  for (const id of sourceIds) {
    const name = id === ownSourceId ? undefined : nameOf(id);
    if (name) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}
