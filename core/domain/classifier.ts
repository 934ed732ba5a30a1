/**
 * The offline classifier, so the product runs without a language model and nothing is ever left
 * unclassified: the calm gate's decision and its three scores come from the trained model
 * (core/domain/gate-model.ts); topic, 1–4 tags and flavor from the cue words of
 * core/domain/lexicons.ts. The title counts fully; the teaser counts at half weight, because
 * publishers' teasers are wordier than their headlines.
 */
import type { Classification } from './article.ts';
import { hitsOf, nextStamp, type TokenList } from './classifier-hits.ts';
import { COMPILED, flavors, tags, topics, type Term } from './classifier-terms.ts';
import { TEASER_WORDS, type WordsRead } from './gate-features.ts';
import { gateView } from './gate-model.ts';
import { shippedModel } from './gate-weights.ts';
import { TOPIC_DEFAULT_TAG } from './lexicons.ts';
import { sortShort } from './sort.ts';
import { isTag, isTopic } from './taxonomy.ts';
import { hasApostrophe, wordOfToken } from './word-scan.ts';
import { storyLine } from './words.ts';

/**
 * The lists a term counts in, as score slots: one slot per topic, tag and flavor. `USES[id]` holds
 * (slot, weight) pairs, flat.
 */
const TOPIC_SLOT = 0;
const TAG_SLOT = TOPIC_SLOT + topics.length;
const FLAVOR_SLOT = TAG_SLOT + tags.length;
const SLOTS = FLAVOR_SLOT + flavors.length;
const USES: number[][] = COMPILED.map(() => []);
[topics, tags, flavors].flatMap((set) => set.map(([, terms]) => terms)).forEach((terms, slot) => {
  for (const { id, weight } of terms) USES[id]!.push(slot, weight);
});

/** Scratch: the scores of the current classification (read before the next one starts). */
const SCORES = new Float64Array(SLOTS);

/** Scratch: which terms the current title holds (by stamp), so the teaser only adds the others. */
const inTitle = new Int32Array(COMPILED.length);
let titleStamp = 0;

/**
 * Every list's score: the weights of the terms found, title at full weight, teaser at half (a term
 * in both counts once, at full weight). Weights are whole numbers, so the sums are exact in any order.
 */
function scoresOf(title: number[], teaser: number[]): Float64Array {
  const stamp = (titleStamp = nextStamp(titleStamp, [inTitle]));
  const scores = SCORES.fill(0);
  for (const id of title) {
    inTitle[id] = stamp;
    const uses = USES[id]!;
    for (let i = 0; i < uses.length; i += 2) scores[uses[i]!]! += uses[i + 1]!;
  }
  for (const id of teaser) {
    if (inTitle[id] === stamp) continue;
    const uses = USES[id]!;
    for (let i = 0; i < uses.length; i += 2) scores[uses[i]!]! += uses[i + 1]! / 2;
  }
  return scores;
}

/** The first entry of `set` with the highest score above 0 (what `best(…)[0]` would be), or null. */
function top(set: Array<[string, Term[]]>, scores: Float64Array, first: number): string | null {
  let winner: string | null = null;
  let high = 0;
  for (let i = 0; i < set.length; i += 1) {
    const s = scores[first + i]!;
    if (s > high) {
      high = s;
      winner = set[i]![0];
    }
  }
  return winner;
}

/** The entries of `set` that scored, best first (ties in the set's order). */
function best(set: Array<[string, Term[]]>, scores: Float64Array, first: number): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (let i = 0; i < set.length; i += 1) {
    const s = scores[first + i]!;
    if (s > 0) out.push([set[i]![0], s]);
  }
  return sortShort(out, (a, b) => b[1] - a[1]);
}

/** The input of a classification: what the feed told us, nothing fetched. */
export interface ClassifierInput {
  title: string;
  teaser: string;
  /** The source's topic hint, used when no topic word matches. */
  topicHint?: string | null;
}

/**
 * The gate's words from the classifier's tokens of the same title and teaser, when they are the
 * same runs (whole lists, no apostrophe); undefined otherwise (the gate cuts its own).
 */
function wordsRead(title: string, teaser: string, titleTokens: TokenList, teaserTokens: TokenList): WordsRead | undefined {
  if (!titleTokens.whole || !teaserTokens.whole || hasApostrophe(title) || hasApostrophe(teaser)) return undefined;
  const words = titleTokens.tokens;
  const titleCount = words.length;
  for (let i = 0; i < titleCount; i += 1) words[i] = wordOfToken(words[i]!);
  for (const token of teaserTokens.tokens) words.push(wordOfToken(token));
  return { words, titleCount, ledeEnd: teaserTokens.next < 0 ? teaser.length : teaserTokens.next, instructs: titleTokens.instructs || teaserTokens.instructs };
}

/** Classify one article offline. Always returns a complete, vocabulary-valid classification. */
export function classifyOffline(input: ClassifierInput): Classification {
  const teaserText = input.teaser.slice(0, 600);
  // One scan of each text serves the classifier's terms and the gate's words: the gate's own scan
  // (a second lower-casing, scan and slices) was about 3-4 µs of classifyOffline's 25-31 µs an item
  // on the ingest bench's feeds (alternating runs).
  const titleTokens: TokenList = { tokens: [], limit: Infinity, next: -1, whole: true, instructs: false };
  const teaserTokens: TokenList = { tokens: [], limit: TEASER_WORDS, next: -1, whole: true, instructs: false };
  const titleHits = hitsOf(input.title, titleTokens);
  const teaserHits = teaserText ? hitsOf(teaserText, teaserTokens) : [];
  const view = gateView(input.title, teaserText, shippedModel(), wordsRead(input.title, teaserText, titleTokens, teaserTokens));
  const scores = scoresOf(titleHits, teaserHits);

  const topTopic = top(topics, scores, TOPIC_SLOT);
  const hint = input.topicHint && isTopic(input.topicHint) ? input.topicHint : null;
  const topic = topTopic ?? hint ?? 'community';

  // The first 4 tags that scored (a loop rather than map, filter and slice: three arrays an item).
  const tagList: string[] = [];
  for (const [id] of best(tags, scores, TAG_SLOT)) if (tagList.length < 4 && isTag(id)) tagList.push(id);
  if (tagList.length === 0) tagList.push(TOPIC_DEFAULT_TAG[topic] ?? 'neighbours');

  const flavor = top(flavors, scores, FLAVOR_SLOT) ?? 'grounded';
  const offline: NonNullable<Classification['offline']> = {
    accept: view.accept,
    reason: view.reason,
    p_accept: Math.round(view.probabilities.accept * 1000) / 1000,
    cortisol: view.cortisol,
    ragebait: view.ragebait,
    promotional: view.promotional,
    cues: view.cues,
  };
  // Set after the literal rather than spread into it, which built and copied an object per item.
  if (view.instructed) offline.instructed = true;
  return {
    topic,
    tags: tagList,
    flavor,
    cortisol: view.cortisol,
    ragebait: view.ragebait,
    promotional: view.promotional,
    accept: view.accept,
    why: view.accept
      ? storyLine(flavor, topic)
      : `Not calm enough for Tidings: ${REASON_TEXT[view.reason ?? 'distress']}${view.cues.length ? ` (${view.cues.map((c) => `"${c}"`).join(', ')})` : ''}.`,
    reason: view.reason,
    offline,
  };
}

const REASON_TEXT = { distress: 'a distressing story', ragebait: 'framed to anger or to hook', promotional: 'selling something' } as const;
