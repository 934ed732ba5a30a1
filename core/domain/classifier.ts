/**
 * The offline classifier: topic, 1–4 tags, flavor and the three scores from the lexicons, so the
 * product runs without a model and nothing is ever left unclassified. The title counts fully; the
 * teaser counts at half weight, because publishers' teasers are wordier than their headlines.
 */
import type { Classification } from './article.ts';
import { GATE } from './gate.ts';
import { DISTRESS, FLAVOR_TERMS, OUTRAGE, POSITIVE, PROMOTIONAL, TAG_TERMS, TOPIC_DEFAULT_TAG, TOPIC_TERMS, type Lexicon } from './lexicons.ts';
import { FLAVORS, TOPICS, isTag, isTopic } from './taxonomy.ts';

/**
 * A distinct lexicon term, compiled once. Matching follows the word-boundary rule of `pattern` (no
 * letter or digit on either side). Plain words and `word*` prefixes are answered from the text's
 * tokens through an index, which gives the same answers as the ~800 Unicode regexes (with
 * look-behind) it replaces at a fraction of the cost; the rest keep their regex, run only when a
 * token starts with the term's leading letters.
 */
interface Compiled {
  pattern: RegExp;
  /** `word`: a token equals `key`; `prefix`: a token starts with `key`; `regex`: `pattern`, tried when a token starts with `key` (always when `key` is empty). */
  kind: 'word' | 'prefix' | 'regex';
  key: string;
}

/** A weighted use of a term in one list; `id` indexes COMPILED and a text's hits. */
interface Term {
  id: number;
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

/** Letters a term may use on the token path (anything else, e.g. a space, hyphen, `.` or `?`, goes to the regex). */
const PLAIN = /^[a-z0-9\u00e9]+$/;

function compileTerm(term: string): Compiled {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${termPattern(term)}(?![\\p{L}\\p{N}])`, 'iu');
  if (PLAIN.test(term)) return { pattern, kind: 'word', key: term };
  if (term.endsWith('*') && PLAIN.test(term.slice(0, -1))) return { pattern, kind: 'prefix', key: term.slice(0, -1) };
  // The literal letters a match must start with: a match begins at a word start, so some token starts with them.
  const lead = /^[a-z0-9\u00e9]*/.exec(term)?.[0] ?? '';
  return { pattern, kind: 'regex', key: term[lead.length] === '?' ? lead.slice(0, -1) : lead };
}

const COMPILED: Compiled[] = [];
const termIds = new Map<string, number>();

function compile(lexicon: Lexicon): Term[] {
  return lexicon.flatMap(([weight, terms]) =>
    terms.map((term) => {
      let id = termIds.get(term);
      if (id === undefined) {
        id = COMPILED.push(compileTerm(term)) - 1;
        termIds.set(term, id);
      }
      return { id, weight };
    }),
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

/** Term ids by the whole token they need, and by the token start they need (prefix and regex terms). */
const BY_WORD = new Map<string, number[]>();
const BY_START = new Map<string, number[]>();
const ALWAYS_REGEX: number[] = [];
COMPILED.forEach((c, id) => {
  if (c.kind === 'regex' && c.key === '') return void ALWAYS_REGEX.push(id);
  const map = c.kind === 'word' ? BY_WORD : BY_START;
  const list = map.get(c.key);
  if (list) list.push(id);
  else map.set(c.key, [id]);
});
/** The longest token start any term looks up. */
const MAX_START = Math.max(0, ...[...BY_START.keys()].map((k) => k.length));

/** Which terms a text contains (1 = found), by term id. */
type Hits = Uint8Array;

function hitsOf(text: string): Hits {
  const hits = new Uint8Array(COMPILED.length);
  // İ lower-cases to two characters and ſ matches `s` case-insensitively: such texts keep the regexes.
  if (/[\u0130\u017f]/.test(text)) {
    COMPILED.forEach((c, id) => {
      if (c.pattern.test(text)) hits[id] = 1;
    });
    return hits;
  }
  const tried = new Uint8Array(COMPILED.length);
  const check = (id: number) => {
    const c = COMPILED[id]!;
    if (c.kind === 'prefix') hits[id] = 1;
    else if (!tried[id]) {
      tried[id] = 1;
      if (c.pattern.test(text)) hits[id] = 1;
    }
  };
  ALWAYS_REGEX.forEach(check);
  const seen = new Set<string>();
  // Tokens are the maximal runs of letters and digits: exactly the patterns' word-boundary rule.
  for (const token of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (seen.has(token)) continue;
    seen.add(token);
    for (const id of BY_WORD.get(token) ?? []) hits[id] = 1;
    const top = Math.min(token.length, MAX_START);
    for (let n = 1; n <= top; n += 1) {
      const ids = BY_START.get(token.slice(0, n));
      if (ids) ids.forEach(check);
    }
  }
  return hits;
}

/** Sum of weights of the terms found: title at full weight, teaser at half. */
function score(terms: Term[], title: Hits, teaser: Hits | null): number {
  let total = 0;
  for (const { id, weight } of terms) {
    if (title[id]) total += weight;
    else if (teaser && teaser[id]) total += weight / 2;
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

function best(scored: Array<[string, Term[]]>, title: Hits, teaser: Hits | null): Array<[string, number]> {
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
  const title = hitsOf(input.title);
  const teaserText = input.teaser.slice(0, 600);
  const teaser = teaserText ? hitsOf(teaserText) : null;
  const calmCue = score(positive, title, teaser);
  let cortisol = score(distress, title, teaser);
  // A headline built around a distressing event (any term weighted 3 or more in the title) is not calm, whatever else it says.
  if (distress.some((t) => t.weight >= 3 && title[t.id])) cortisol += 2;
  // A rescue, a recovery or a fall in something bad softens distress words, but never hides a death.
  if (calmCue >= 2 && cortisol > 0 && cortisol < 5) cortisol -= 1;
  const ragebait = score(outrage, title, teaser) + shoutScore(input.title);
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
