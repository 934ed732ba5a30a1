/**
 * The words of a teaser as compromise tags them, and what the retelling (core/domain/retell.ts) asks
 * of them: is it part of a noun phrase, a noun phrase's head, a verb; the small word tables the
 * retelling reads; the clauses of a sentence; and the words joined back into our own sentence.
 * Server-side only (compromise carries its lexicon): the browser bundle never imports it.
 */
import nlp from 'compromise';
import { lowerWords } from './summary.ts';
import { indefiniteArticle } from './words.ts';

export interface Word {
  text: string;
  pre: string;
  post: string;
  tags: ReadonlySet<string>;
  lower: string;
}

export const has = (w: Word | undefined, ...tags: string[]): boolean => !!w && tags.some((t) => w.tags.has(t));

/** Words of a noun phrase: nouns, names, adjectives, numbers, determiners, possessives. */
export const isNominal = (w: Word | undefined): boolean =>
  has(w, 'Noun', 'ProperNoun', 'Adjective', 'Value', 'Determiner', 'Possessive', 'Acronym') && !has(w, 'Verb', 'Conjunction', 'Preposition') && !has(w, 'Pronoun');
/** "her home", "their day": a possessive pronoun opens an object noun phrase. */
export const POSSESSIVE = new Set(['his', 'her', 'its', 'their', 'our', 'my', 'your']);
export const isHead = (w: Word | undefined): boolean => has(w, 'Noun', 'ProperNoun', 'Acronym') && !has(w, 'Pronoun', 'Verb', 'Date');
export const isVerb = (w: Word | undefined): boolean => has(w, 'Verb') && !has(w, 'Gerund');
/** Words after which a clause ends: ";", ":", a dash, a closing bracket. */
const ENDS_CLAUSE = /[;:—–)]|\s-\s/;
/** Little words that link two noun phrases into one ("families of otters", "botanists from Wrenfield"). */
export const LINKS = new Set(['of', 'from']);
/** Prepositions that introduce a place we keep ("in Wrenfield", "along the Millbrook"). */
export const PLACE_WORDS = new Set(['in', 'at', 'on', 'along', 'near', 'across', 'around', 'to', 'from', 'onto', 'into', 'off']);
/**
 * A teaser is read only when it is English enough for the tagger: this share of its words are these.
 * Pronouns and a few adverbs count too ("Every Saturday morning his kitchen door stays open, and
 * twelve households now share one very lively starter" has one article-like word in seventeen);
 * none is a common word of German, Dutch, Danish, French, Spanish or Italian ("so", "will", "over",
 * "but", "or", "we" (Dutch), "her" (Danish) are, and stay out).
 */
const ENGLISH = new Set([
  'the', 'a', 'an', 'of', 'and', 'to', 'in', 'on', 'for', 'with', 'at', 'by', 'is', 'was', 'are', 'were', 'it', 'its', 'their', 'has', 'have',
  'he', 'she', 'they', 'his', 'them', 'our', 'this', 'that', 'who', 'been', 'every', 'very', 'now', 'than', 'into', 'about', 'after',
]);
export const MAX_WORDS = 16;
export const MIN_WORDS = 5;
/** Words that turn a verb group negative: a clause with one is left out rather than risk losing them. */
export const NEGATIONS = new Set(['no', 'not', "n't", 'never', 'longer', 'nor', 'hardly', 'barely']);
/** Verbs of saying: told only with what was said (a noun phrase), never as "has said in a statement". */
export const SAYING = new Set(['say', 'tell', 'announce', 'add', 'note', 'write', 'explain', 'ask', 'report', 'state', 'claim']);
/** Subjects that point elsewhere rather than name something. */
export const EMPTY_SUBJECTS = new Set(['there', 'here', 'this', 'that', 'these', 'those', 'it', 'which', 'what', 'all', 'some']);
/** Heads that only count what follows them. */
export const QUANTITIES = new Set(['dozens', 'hundreds', 'thousands', 'millions', 'group', 'family', 'team', 'number', 'pair', 'couple', 'lot', 'lots', 'handful', 'range', 'series']);
/** Time words the tagger may call conjunctions; read as adverbs (left out of what we write). */
const ADVERBS = new Set(['now', 'also', 'still', 'once', 'then', 'already', 'just', 'recently', 'finally', 'together']);
/** Words that open a subordinate clause: its verb is not the sentence's main one. */
export const SUBORDINATE = new Set(['whether', 'how', 'what', 'why', 'when', 'after', 'before', 'while', 'because', 'if', 'as', 'once', 'since', 'until', 'although', 'though', 'who', 'which', 'that', 'where', 'whose']);

/** Longest sentence we tag: the tagger's cost grows faster than its length, and a longer run (a run-on or a word salad) cannot be retold in 16 words. */
const MAX_SENTENCE_WORDS = 40;
/** A sentence end: a terminator, closing quotes or brackets, a space, then a capital or a digit. */
const SENTENCE_END = /[.!?…]+["”’)\]]*\s+(?=["“‘(]?[\p{Lu}\p{N}])/gu;
/** A period that ends an initial or a common abbreviation ("J.", "U.S.", "Dr.", "Sept.") rather than a sentence. */
const ABBREVIATION = /(?:^|[\s(.])(?:\p{L}|Mr|Mrs|Ms|Dr|St|Mt|Ft|Prof|Jr|Sr|vs|etc|approx|No|Inc|Ltd|Co|Corp|Gov|Sen|Rep|Gen|Lt|Col|Capt|Sgt|Rev|Ave|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.$/iu;

/**
 * The text cut at its sentence ends, cheaply and before any tagging, so the retelling tags only
 * the sentences it reads. Where unsure (an abbreviation) it does not cut: a piece may hold two
 * sentences, which the tagger then splits as it would have.
 */
export function sentencePieces(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (ABBREVIATION.test(text.slice(start, m.index + 1))) continue;
    out.push(text.slice(start, end));
    start = end;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/**
 * A sentence as we give it to the tagger: whole up to MAX_SENTENCE_WORDS words; a longer one cut
 * to that many when a comma, colon, semicolon, dash or bracket breaks it into clauses there (the
 * clause we retell comes early); null for a longer unbroken run (a word salad, text whose sentence
 * ends were lost), which is not read at all.
 */
export function taggable(piece: string): string | null {
  const words = piece.match(/\S+\s*/g) ?? [];
  if (words.length <= MAX_SENTENCE_WORDS) return piece;
  const head = words.slice(0, MAX_SENTENCE_WORDS).join('');
  return /[,;:—–()]|\s-\s/.test(head) ? head : null;
}

/**
 * What `nlp(text)` computes after tokenizing, but for `chunks`, compromise's phrase chunker (an
 * eighth of a parse): the retelling reads only the words' tags.
 */
const TAGGING = nlp.hooks().filter((h) => !['contractions', 'alias', 'machine', 'chunks'].includes(h));

export function wordsOf(text: string): Word[][] {
  const doc = nlp.tokenize(text).compute(TAGGING);
  // The tagger reads a sentence-opening plural noun as a verb when a verb follows ("Wardens counted").
  // A contraction's implied word ("Reader's" → "is") has no text of its own: it is not a verb we can tell.
  return doc.docs.map((all) => all.filter((t) => t.text.trim() !== '')).map((terms) =>
    terms.map((t, i) => {
      const tags = new Set(t.tags ?? []);
      const next = terms[i + 1]?.tags;
      if (i === 0 && tags.has('Verb') && /s$/.test(t.normal) && !['Determiner', 'Noun', 'Adjective', 'Value', 'Possessive'].some((x) => next?.has(x))) {
        tags.delete('Verb');
        tags.add('Noun');
        tags.add('Plural');
      }
      if (ADVERBS.has(t.normal)) tags.add('Adverb');
      return { text: t.text.replace(/^["“”‘’']+|["“”‘’']+$/g, ''), pre: t.pre, post: t.post, tags, lower: t.normal };
    }),
  );
}

/** A sentence's clauses: split at ";", ":", dashes and ", and"/", but". */
export function clausesOf(sentence: Word[]): Word[][] {
  const out: Word[][] = [];
  let current: Word[] = [];
  sentence.forEach((w, i) => {
    const next = sentence[i + 1];
    current.push(w);
    const joinsClauses = /,/.test(w.post) && next && ['and', 'but', 'so', 'while'].includes(next.lower) && sentence.slice(i + 2, i + 8).some(isVerb);
    if (ENDS_CLAUSE.test(w.post) || joinsClauses) {
      out.push(current);
      current = [];
    }
  });
  if (current.length) out.push(current);
  return out.map((c) => (['and', 'but', 'so', 'while'].includes(c[0]?.lower ?? '') ? c.slice(1) : c)).filter((c) => c.length > 2);
}

/** Words joined back into text, keeping the commas of a list ("willow, alder and oak saplings") and "a"/"an" agreeing with the next word. */
export function join(ws: readonly Word[]): string {
  return ws
    .map((w, i) => {
      const next = ws[i + 1];
      const text = next && (w.lower === 'a' || w.lower === 'an') ? indefiniteArticle(next.text) : w.text;
      return next && /,/.test(w.post) && !has(next, 'Preposition') ? `${text},` : text;
    })
    .join(' ');
}

/** A sentence of ours; `clause` is the same words ready to follow "… reports that", when its first word can safely lose its capital. */
export interface Told {
  sentence: string;
  clause: string | null;
}

/** Our sentence from its words, or null when a stray symbol of the teaser (code, markup, a "[…]") came through. */
export function sentenceOf(ws: readonly Word[]): Told | null {
  const text = join(ws).replace(/\s+/g, ' ').trim();
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ,'’&/-]*$/u.test(text) || / ,|,,/.test(text)) return null;
  const first = ws[0]!;
  // "miRNAs" keeps its case. Only a determiner, a number or a possessive is surely not a name ("Bramble" may be one).
  const plain = first.text === first.text.toLowerCase() || first.text.slice(1) === first.text.slice(1).toLowerCase();
  const sentence = plain ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : text;
  const lowerable = plain && has(first, 'Determiner', 'Value', 'Possessive') && !has(first, 'ProperNoun');
  return { sentence: `${sentence}.`, clause: lowerable ? `${text.charAt(0).toLowerCase()}${text.slice(1)}` : null };
}

/** True when a tenth or more of the text's words are common English function words. */
export function readsAsEnglish(text: string): boolean {
  const ws = lowerWords(text);
  return ws.length > 0 && ws.filter((w) => ENGLISH.has(w)).length * 10 >= ws.length;
}
