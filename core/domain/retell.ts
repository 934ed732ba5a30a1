/**
 * Who did what, where: up to two short sentences of ours retold from a feed teaser, without a
 * language model (issue 18, item 3). compromise (a small rule-based English tagger) marks each
 * word's part of speech; from its tags we take a clause's subject noun phrase, its main verb group
 * and what follows the verb (an object, a complement, a place), leave out the rest (time adjuncts,
 * asides, purpose clauses), and check the result: it ends on a noun, never repeats 8 or more
 * consecutive words of the teaser and never restates the title. A teaser that gives too little (no
 * clause with a noun subject, not English) yields nothing and the caller says so plainly.
 *
 * Server-side only: compromise is about 2 MB of lexicon, so nothing the browser bundles imports
 * this module (core/domain/card.ts and summary.ts stay free of it).
 */
import nlp from 'compromise';
import {
  EMPTY_SUBJECTS, has, isHead, isNominal, isVerb, join, LINKS, MAX_WORDS, MIN_WORDS, NEGATIONS, PLACE_WORDS, POSSESSIVE,
  QUANTITIES, readsAsEnglish, SAYING, sentenceOf, sentencePieces, SUBORDINATE, taggable, wordsOf, clausesOf, type Told, type Word,
} from './retell-words.ts';
import { boundedCache } from '../platform/cache.ts';
import { copiesFrom, lowerWords } from './summary.ts';

/** The noun phrase ending just before `end`: back over nominal words and "of"/"from" links, to a comma. */
function subjectBefore(c: Word[], end: number): Word[] | null {
  let start = end;
  while (start > 0) {
    const w = c[start - 1]!;
    // A comma ends the subject unless it lists nouns that "and" then closes ("Drills, sewing machines and ladders").
    if (/,/.test(w.post) && start < end && !(isNominal(w) && c.slice(start, end).some((x) => x.lower === 'and'))) break;
    // "sewing machines": a verb form in -ing before a noun names a kind of thing.
    const modifier = has(w, 'Gerund') && isHead(c[start]);
    if (isNominal(w) || modifier || ((LINKS.has(w.lower) || w.lower === 'and') && isNominal(c[start - 2]))) start -= 1;
    else break;
  }
  const subject = c.slice(start, end);
  if (!subject.some(isHead) || !isHead(subject[subject.length - 1])) return null;
  // "The murder of Elizabeth Short, known as …": a comma before the verb makes it an aside.
  if (/,/.test(subject[subject.length - 1]!.post) || /['’]s$/.test(subject[subject.length - 1]!.text) || EMPTY_SUBJECTS.has(subject[0]!.lower) && subject.length === 1) return null;
  if (subject.some((w) => has(w, 'Date') || /^\d{4,}$/.test(w.text))) return null;
  // Inside another phrase: after a verb, a pronoun or "by" ("carried her home", "run by retired teachers").
  const before = c[start - 1];
  if ((!/,/.test(before?.post ?? '') && has(before, 'Verb', 'Pronoun', 'Preposition')) || ['by', 'with'].includes(before?.lower ?? '')) return null;
  return subject;
}

/** True when the noun phrase at `at` is followed by a verb: the subject of a new clause ("… and the wildlife has followed"). */
function opensClause(c: Word[], at: number): boolean {
  let i = at;
  while (isNominal(c[i])) i += 1;
  return isVerb(c[i]);
}

/** The noun phrase (or list of them) from `at`: at most `max` words, ending on a noun. */
function phraseFrom(c: Word[], at: number, max: number): Word[] {
  let end = at;
  if (POSSESSIVE.has(c[at]?.lower ?? '') && isNominal(c[at + 1])) end += 1;
  while (end < c.length && end - at < max) {
    const w = c[end]!;
    // "… and oak saplings", "… of code", "one very lively starter".
    const joins = ((w.lower === 'and' || LINKS.has(w.lower)) && isNominal(c[end + 1]) && !opensClause(c, end + 1)) || (has(w, 'Adverb') && has(c[end + 1], 'Adjective'));
    if ((!isNominal(w) && !joins) || (end > at && /[([]/.test(w.pre))) break;
    end += 1;
    if (/[,;:]/.test(w.post) && !(isNominal(c[end]) || c[end]?.lower === 'and')) break;
    if (/[;:.!?]/.test(w.post)) break;
  }
  let phrase = c.slice(at, end);
  while (phrase.length && !isHead(phrase[phrase.length - 1])) phrase = phrase.slice(0, -1);
  return phrase;
}

/** The first place named after `from` ("in Wrenfield", "along the Millbrook river"), or none. */
function placeAfter(c: Word[], from: number): Word[] {
  for (let i = from; i < c.length - 1; i += 1) {
    if (!PLACE_WORDS.has(c[i]!.lower)) continue;
    const np = phraseFrom(c, i + 1, 4);
    if (np.some((w) => has(w, 'ProperNoun', 'Place')) && !np.some((w) => has(w, 'Date', 'Person'))) return [c[i]!, ...np];
  }
  return [];
}

/** A clause's parts, each a run of its words; `extra` are what may be dropped first, last first. */
interface Retold {
  subject: Word[];
  verbs: Word[];
  rest: Word[];
  extra: Word[][];
}

/** The verb group from `v`: auxiliaries, the verb, adverbs left out; ends at a comma. */
function verbGroup(c: Word[], v: number): { verbs: Word[]; end: number; comma: boolean; negative: boolean } {
  let end = v;
  const verbs: Word[] = [];
  let negative = false;
  while (end < c.length && (isVerb(c[end]) || has(c[end], 'Adverb', 'Negative', 'Particle') || NEGATIONS.has(c[end]!.lower))) {
    if (NEGATIONS.has(c[end]!.lower) || has(c[end], 'Negative')) negative = true;
    if (isVerb(c[end]) || has(c[end], 'Particle')) verbs.push(c[end]!);
    end += 1;
    if (/[,;:]/.test(c[end - 1]!.post)) return { verbs, end, comma: true, negative };
  }
  return { verbs, end, comma: false, negative };
}

/** What follows the verb group at `at`: a noun phrase, an adjective or a preposition and its noun phrase. */
function complementAt(c: Word[], at: number): Word[] {
  const np = phraseFrom(c, at, 7);
  if (np.length) return np;
  if (has(c[at], 'Adjective') && !has(c[at], 'Noun')) {
    const to = c[at + 1]?.lower === 'to' && !POSSESSIVE.has(c[at + 2]?.lower ?? '') ? phraseFrom(c, at + 2, 4) : [];
    return to.length ? [c[at]!, c[at + 1]!, ...to] : [c[at]!];
  }
  if (has(c[at], 'Preposition') && !/[,;:]/.test(c[at]!.post)) {
    const after = phraseFrom(c, at + 1, 6);
    return after.length ? [c[at]!, ...after] : [];
  }
  return [];
}

/**
 * A verb's forms, asked of compromise once per spelling: each question is a fresh parse of the
 * word (a few milliseconds), and teasers share their verbs. Bounded like every memo (core/platform/cache.ts).
 */
const PARTICIPLE_OF = boundedCache<string, string>('retell participles', 5000);
const INFINITIVE_OF = boundedCache<string, string>('retell infinitives', 5000);

/** Participles compromise does not give (it gives one only where it differs from the past tense). */
const PARTICIPLES: Readonly<Record<string, string>> = { ran: 'run', came: 'come', became: 'become', began: 'begun', swam: 'swum', sang: 'sung', rang: 'rung', drank: 'drunk', shrank: 'shrunk' };

/**
 * A lone past-tense verb told in the present perfect, as news is retold ("planted" → "have
 * planted", "caught" → "has caught"); any other verb group as it was.
 */
function perfect(verbs: Word[], subject: Word[]): Word[] {
  const [verb] = verbs;
  if (verbs.length !== 1 || !verb || !has(verb, 'PastTense') || has(verb, 'Copula', 'Auxiliary', 'Passive', 'Participle')) return verbs;
  const participle = PARTICIPLES[verb.lower] ?? PARTICIPLE_OF.getOrSet(verb.text, () => {
    const forms = nlp(verb.text).verbs().conjugate()[0] as Record<string, unknown> | undefined;
    return typeof forms?.Participle === 'string' ? forms.Participle : verb.text;
  });
  const link = subject.findIndex((w) => LINKS.has(w.lower));
  const head = link > 0 ? subject.slice(0, link) : subject;
  const noun = head[head.length - 1];
  const plural = head.some((w) => w.lower === 'and' || (has(w, 'Value') && !['one', '1', 'a'].includes(w.lower))) || has(noun, 'Plural') || (!has(noun, 'Singular') && /[^s'’]s$/i.test(noun?.text ?? ''));
  const aux: Word = { text: plural ? 'have' : 'has', pre: '', post: ' ', tags: new Set(['Verb', 'Auxiliary']), lower: plural ? 'have' : 'has' };
  return [aux, { ...verb, text: participle, lower: participle.toLowerCase() }];
}

/** A clause retold as subject + verb group + what follows, or null when it has no such shape. */
function retellClause(c: Word[]): Retold | null {
  for (let v = 1; v < c.length; v += 1) {
    if (!isVerb(c[v]) || (c[v - 1]?.lower === 'to' && has(c[v], 'Infinitive'))) continue;
    let s = v;
    while (s > 0 && has(c[s - 1], 'Adverb') && !has(c[s - 1], 'Noun')) s -= 1;
    const subject = subjectBefore(c, s);
    if (!subject) continue;
    const start = s - subject.length;
    // "After the ditches were blocked, …": a subordinate clause, not the main one.
    const opener = c.slice(0, start).findLastIndex((w) => SUBORDINATE.has(w.lower));
    if (opener >= 0 && !c.slice(opener, start).some((w) => /,/.test(w.post))) continue;
    const group = verbGroup(c, v);
    if (group.comma || group.negative || !group.verbs.some(isVerb)) continue;
    const last = group.verbs[group.verbs.length - 1]!;
    if (has(last, 'Auxiliary') && !has(last, 'Copula')) continue;
    // "controlled by the sensor": a participle describing the subject, not its verb.
    if (group.verbs.length === 1 && has(last, 'PastTense') && c[group.end]?.lower === 'by') continue;
    // "Dozens of tracks pressed into mud … suggest": a past participle describing the subject, not its verb.
    if (group.verbs.length === 1 && has(c[group.end], 'Preposition') && c.slice(group.end).some((w) => has(w, 'PresentTense') && !has(w, 'Copula'))) continue;
    const verbs = perfect(group.verbs, subject);
    const rest = complementAt(c, group.end);
    if (!rest.length) continue;
    const infinitive = INFINITIVE_OF.getOrSet(last.text, () => (nlp(last.text).verbs().toInfinitive().text() || last.lower).toLowerCase());
    if (SAYING.has(infinitive) && has(rest[0], 'Preposition')) continue;
    const extra: Word[][] = [];
    let at = group.end + rest.length;
    // "confirmed the tiny plant is new to science": the object is the subject of a reported clause.
    if (isVerb(c[at]) && has(c[at], 'Copula', 'Modal', 'Auxiliary', 'PresentTense') && !/[,;:]/.test(rest[rest.length - 1]!.post)) {
      const inner = verbGroup(c, at);
      const more = inner.comma ? [] : complementAt(c, inner.end);
      if (more.length) {
        rest.push(...inner.verbs, ...more);
        at = inner.end + more.length;
      }
    }
    const pp = /[,;:]/.test(c[at - 1]?.post ?? '') ? [] : complementAt(c, at);
    if (pp.length && has(pp[0], 'Preposition') && !has(pp[0], 'Conjunction')) {
      extra.push(pp);
      at += pp.length;
    }
    const place = placeAfter(c, at);
    if (place.length) extra.push(place);
    return { subject, verbs, rest, extra };
  }
  return null;
}

/** The retold clause's words, shortened until it repeats no 8-word run of the teaser (null when it cannot). */
function shorten(r: Retold, teaser: string): Word[] | null {
  const subjects = [r.subject];
  // A subject may lose its "of"/"from" tail ("Botanists from Wrenfield"), unless its head is a quantity ("Dozens of tracks").
  const link = r.subject.findIndex((w) => LINKS.has(w.lower));
  if (link > 0 && !r.subject.slice(0, link).some((w) => has(w, 'Value') || QUANTITIES.has(w.lower))) subjects.push(r.subject.slice(0, link));
  // Then the adjectives of what follows the verb ("the tiny plant" → "the plant"), unless one is all
  // it is, and an adverb with the adjective it qualifies ("one very lively starter" → "one starter").
  const dropped = (i: number): boolean => has(r.rest[i], 'Adjective') && !has(r.rest[i], 'Noun') && isNominal(r.rest[i + 1]);
  const plain = r.rest.filter((w, i) => !dropped(i) && !(has(w, 'Adverb') && dropped(i + 1)));
  const rests = plain.length < r.rest.length && plain.some(isHead) ? [r.rest, plain] : [r.rest];
  for (let drop = 0; drop <= r.extra.length; drop += 1) {
    for (const rest of rests) {
      for (const subject of subjects) {
        const ws = [...subject, ...r.verbs, ...rest, ...r.extra.slice(0, r.extra.length - drop).flat()];
        if (ws.length <= MAX_WORDS && !copiesFrom(join(ws), teaser, 8)) return ws;
      }
    }
  }
  return null;
}

/** True when the sentence says no more than the title: a 5-word run of it, or only its words. */
function restatesTitle(sentence: string, title: string): boolean {
  const titleWords = new Set(lowerWords(title));
  const own = lowerWords(sentence).filter((w) => w.length > 3);
  return copiesFrom(sentence, title, 5) || (own.length > 0 && own.every((w) => titleWords.has(w)));
}

/**
 * Up to `max` sentences of ours from the teaser's first clauses that have the shape, in teaser
 * order: each a subject, a verb group and what follows, never the title restated and never 8 or
 * more consecutive teaser words. Deterministic; [] when the teaser gives too little.
 */
export function retell(teaser: string, title: string, max = 2): Told[] {
  if (!readsAsEnglish(teaser)) return [];
  const out: Told[] = [];
  // Tag a sentence only when its turn comes, and a long one only in part or not at all (see taggable).
  for (const piece of sentencePieces(teaser.slice(0, 600))) {
    const text = taggable(piece);
    for (const sentence of text ? wordsOf(text) : []) {
      for (const clause of clausesOf(sentence)) {
        if (out.length >= max) return out;
        const retold = retellClause(clause);
        const ws = retold && shorten(retold, teaser);
        if (!ws || ws.length < MIN_WORDS || !isHead(ws[ws.length - 1])) continue;
        const told = sentenceOf(ws);
        if (!told || restatesTitle(told.sentence, title) || out.some((o) => copiesFrom(o.sentence, told.sentence, 3))) continue;
        out.push(told);
      }
    }
  }
  return out;
}
