/**
 * The offline classifier's cue words compiled once: every distinct term of core/domain/lexicons.ts
 * with its word-boundary pattern, the topic, tag and flavor lists as term ids with weights, and the
 * index that answers which terms a token can match (core/domain/classifier-hits.ts reads it).
 */
import { FLAVOR_TERMS, TAG_TERMS, TOPIC_TERMS, type Lexicon } from './lexicons.ts';

/**
 * A distinct lexicon term, compiled once. Matching follows the word-boundary rule of `pattern` (no
 * letter or digit on either side). Plain words and `word*` prefixes are answered from the text's
 * tokens through an index, which gives the same answers as the ~800 Unicode regexes (with
 * look-behind) it replaces at a fraction of the cost; the rest keep their regex, run only when a
 * token starts with the term's leading letters.
 */
export interface Compiled {
  pattern: RegExp;
  /** `word`: a token equals `key`; `prefix`: a token starts with `key`; `regex`: `pattern`, tried when a token starts with `key` (always when `key` is empty). */
  kind: 'word' | 'prefix' | 'regex';
  key: string;
  /** For a phrase of plain words (`to buy`): its words, each of which a matching text holds as a token. */
  words: string[] | null;
}

/** A weighted use of a term in one list; `id` indexes COMPILED and a text's hits. */
export interface Term {
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
  if (PLAIN.test(term)) return { pattern, kind: 'word', key: term, words: null };
  if (term.endsWith('*') && PLAIN.test(term.slice(0, -1))) return { pattern, kind: 'prefix', key: term.slice(0, -1), words: null };
  // The literal letters a match must start with: a match begins at a word start, so some token starts with them.
  const lead = /^[a-z0-9\u00e9]*/.exec(term)?.[0] ?? '';
  // A phrase's words are separated by `\s+` and bounded by the look-arounds, so each is a whole token of a matching text.
  const words = term.split(' ');
  return { pattern, kind: 'regex', key: term[lead.length] === '?' ? lead.slice(0, -1) : lead, words: words.length > 1 && words.every((w) => PLAIN.test(w)) ? words : null };
}

export const COMPILED: Compiled[] = [];
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

export const topics = compileSet(TOPIC_TERMS);
export const tags = compileSet(TAG_TERMS);
export const flavors = compileSet(FLAVOR_TERMS);

/** Term ids by the whole token they need, and by the token start they need (prefix and regex terms). */
const BY_WORD = new Map<string, number[]>();
const BY_START = new Map<string, number[]>();
export const ALWAYS_REGEX: number[] = [];
COMPILED.forEach((c, id) => {
  if (c.kind === 'regex' && c.key === '') return void ALWAYS_REGEX.push(id);
  const map = c.kind === 'word' ? BY_WORD : BY_START;
  const list = map.get(c.key);
  if (list) list.push(id);
  else map.set(c.key, [id]);
});
/** The longest token start any term looks up. */
const MAX_START = Math.max(0, ...[...BY_START.keys()].map((k) => k.length));

/** What a token finds: the word and prefix terms it matches, and the regex terms worth trying on its text (shared through the cache: read only). */
export interface TokenTerms {
  found: number[];
  tryRegex: number[];
  /** The stamp of the last text holding this token (see `hitsOf`). */
  seen: number;
}

export function termsOfToken(token: string): TokenTerms {
  const found: number[] = [...(BY_WORD.get(token) ?? [])];
  const tryRegex: number[] = [];
  const top = Math.min(token.length, MAX_START);
  for (let n = 1; n <= top; n += 1) {
    for (const id of BY_START.get(token.slice(0, n)) ?? []) (COMPILED[id]!.kind === 'prefix' ? found : tryRegex).push(id);
  }
  return { found, tryRegex, seen: 0 };
}
