/**
 * The offline classifier: topic, 1–4 tags, flavor and the three scores from the lexicons, so the
 * product runs without a model and nothing is ever left unclassified. The title counts fully; the
 * teaser counts at half weight, because publishers' teasers are wordier than their headlines.
 */
import type { Classification } from './article.ts';
import { GATE } from './gate.ts';
import { DISTRESS, FLAVOR_TERMS, OUTRAGE, POSITIVE, PROMOTIONAL, TAG_TERMS, TOPIC_DEFAULT_TAG, TOPIC_TERMS, type Lexicon } from './lexicons.ts';
import { FLAVORS, TOPICS, isTag, isTopic } from './taxonomy.ts';

/** A compiled term: its pattern and weight. */
interface Term {
  pattern: RegExp;
  weight: number;
}

function termPattern(term: string): string {
  const prefix = term.endsWith('*');
  const body = (prefix ? term.slice(0, -1) : term)
    .replace(/[.+^${}()|[\]\\]/g, (c) => (c === '.' ? '.' : `\\${c}`))
    .replace(/ /g, '\\s+');
  // Leave `?` in (e.g. "neighbou?r"): an optional letter, written deliberately in the lexicons.
  return prefix ? `${body}[\\p{L}\\p{N}'-]*` : body;
}

function compile(lexicon: Lexicon): Term[] {
  return lexicon.flatMap(([weight, terms]) =>
    terms.map((term) => ({ pattern: new RegExp(`(?<![\\p{L}\\p{N}])${termPattern(term)}(?![\\p{L}\\p{N}])`, 'iu'), weight })),
  );
}

function compileSet(map: Record<string, readonly string[]>): Array<[string, Term[]]> {
  return Object.entries(map).map(([id, terms]) => [id, compile([[1, terms]])]);
}

const distress = compile(DISTRESS);
const outrage = compile(OUTRAGE);
const promotional = compile(PROMOTIONAL);
const positive = compile(POSITIVE);
const topics = compileSet(TOPIC_TERMS);
const tags = compileSet(TAG_TERMS);
const flavors = compileSet(FLAVOR_TERMS);

/** Sum of weights of the terms found: title at full weight, teaser at half. */
function score(terms: Term[], title: string, teaser: string): number {
  let total = 0;
  for (const { pattern, weight } of terms) {
    if (pattern.test(title)) total += weight;
    else if (teaser && pattern.test(teaser)) total += weight / 2;
  }
  return total;
}

/** Shouting and click framing that no lexicon word captures. */
function shoutScore(title: string): number {
  let s = 0;
  if (/[!?]{2,}|!$/.test(title)) s += 2;
  const caps = title.split(/\s+/).filter((w) => w.length >= 4 && /^[A-Z]+[!?.,:]*$/.test(w));
  if (caps.length >= 1) s += 2;
  if (/^(why|this|these|here's|here is)\b.*(will|should|must|never|always)/i.test(title)) s += 1;
  if (/\b(you|your)\b.*\?$/i.test(title)) s += 1;
  return s;
}

const clamp = (n: number) => Math.max(0, Math.min(10, Math.round(n * 10) / 10));

function best(scored: Array<[string, Term[]]>, title: string, teaser: string): Array<[string, number]> {
  return scored
    .map(([id, terms]) => [id, score(terms, title, teaser)] as [string, number])
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** The input of a classification: what the feed told us, nothing fetched. */
export interface ClassifierInput {
  title: string;
  teaser: string;
  /** The source's topic hint, used when no topic word matches. */
  topicHint?: string | null;
}

/** Classify one article offline. Always returns a complete, vocabulary-valid classification. */
export function classifyOffline(input: ClassifierInput): Classification {
  const title = input.title;
  const teaser = input.teaser.slice(0, 600);
  const calmCue = score(positive, title, teaser);
  let cortisol = score(distress, title, teaser);
  // A headline built around a distressing event (any term weighted 3 or more in the title) is not calm, whatever else it says.
  if (distress.some((t) => t.weight >= 3 && t.pattern.test(title))) cortisol += 2;
  // A rescue, a recovery or a fall in something bad softens distress words, but never hides a death.
  if (calmCue >= 2 && cortisol > 0 && cortisol < 5) cortisol -= 1;
  const ragebait = score(outrage, title, teaser) + shoutScore(title);
  const promo = score(promotional, title, teaser);

  const topicScores = best(topics, title, teaser);
  const hint = input.topicHint && isTopic(input.topicHint) ? input.topicHint : null;
  const topic = topicScores[0]?.[0] ?? hint ?? 'community';

  const tagList = best(tags, title, teaser).map(([id]) => id).filter(isTag).slice(0, 4);
  if (tagList.length === 0) tagList.push(TOPIC_DEFAULT_TAG[topic] ?? 'neighbours');

  const flavor = best(flavors, title, teaser)[0]?.[0] ?? 'grounded';
  const result = { cortisol: clamp(cortisol), ragebait: clamp(ragebait), promotional: clamp(promo) };
  const calmEnough = result.cortisol <= GATE.maxCortisol && result.ragebait <= GATE.maxRagebait && result.promotional <= GATE.maxPromotional;
  // Our own view: calm enough, and with a sign it is constructive (a warm cue, or an untroubled topic story).
  const accept = calmEnough && (calmCue >= 2 || (result.cortisol <= 1 && result.ragebait <= 1 && result.promotional <= 1 && topicScores.length > 0));
  const topicName = TOPICS.find((t) => t.id === topic)?.name ?? topic;
  const flavorInfo = FLAVORS.find((f) => f.id === flavor);
  return {
    topic,
    tags: tagList,
    flavor,
    ...result,
    accept,
    why: accept
      ? `A ${flavorInfo?.name.toLowerCase() ?? 'calm'} ${topicName.toLowerCase()} story: ${flavorInfo?.description ?? 'calm and useful'}.`
      : 'Not calm enough for Tidings.',
  };
}
