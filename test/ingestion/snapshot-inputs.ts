/**
 * Deterministic generated inputs for the snapshot tests of the ingestion's pure functions
 * (classifier, dedupe plan, normalising). The snapshots in `fixtures/*.snapshot.json` were taken
 * from the straightforward implementations before they were optimised; the tests assert the
 * optimised ones give byte-identical results, so any change here needs a fresh snapshot.
 */
import type { DedupeEntry } from '../../core/domain/dedupe.ts';
import { fingerprint } from '../../core/domain/dedupe.ts';
import { DISTRESS, FLAVOR_TERMS, OUTRAGE, POSITIVE, PROMOTIONAL, TAG_TERMS, TOPIC_TERMS } from '../../core/domain/lexicons.ts';
import { ADVERTISING, CALM, DISTRESSING, OUTRAGE_BAIT } from './headlines.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';

/** A deterministic PRNG (mulberry32): same seed, same sequence. */
export const prng = mulberry32;

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** Every lexicon term, turned into text the way a writer might: endings added, `?` resolved, odd case. */
function lexiconWords(): string[] {
  const terms = [
    ...[DISTRESS, OUTRAGE, PROMOTIONAL, POSITIVE].flatMap((l) => l.flatMap(([, t]) => t)),
    ...[TOPIC_TERMS, TAG_TERMS, FLAVOR_TERMS].flatMap((m) => Object.values(m).flat()),
  ];
  return [...new Set(terms)];
}

const FILLER = ['the', 'a', 'town', 'after', 'new', 'of', 'in', 'with', 'and', 'for', 'river', 'old', 'school', 'park', 'people', 'week', '2026', '1,200', 'its'];
/** Characters at word edges that exercise the word-boundary rule (Unicode letters, digits, apostrophes, hyphens, marks). */
const EDGES = ['', '', '', '', '-', "'", '’', 'é', 'ß', '3', '_', '.', ',', '!', '?', ':', '"', 'ſ', 'K', 'İ', 'ı', '\u0301', '—', 'ü'];
const SEPARATORS = [' ', ' ', ' ', ' ', '  ', '\t', '\n', ' – ', ', ', ': ', '\u00a0', '\u2009'];

function word(rand: () => number, words: readonly string[]): string {
  let w = rand() < 0.6 ? pick(rand, words) : pick(rand, FILLER);
  const star = w.endsWith('*');
  w = w.replace(/\*$/, '').replace(/(.)\?/g, (_, c: string) => (rand() < 0.5 ? c : ''));
  if (star && rand() < 0.7) w += pick(rand, ['', 's', 'ed', 'ing', 'ion', "'s", '-led', 'ly']);
  const caseRoll = rand();
  if (caseRoll < 0.15) w = w.toUpperCase();
  else if (caseRoll < 0.4) w = w.charAt(0).toUpperCase() + w.slice(1);
  if (rand() < 0.12) w = pick(rand, EDGES) + w;
  if (rand() < 0.12) w += pick(rand, EDGES);
  return w;
}

function sentence(rand: () => number, words: readonly string[], min: number, max: number): string {
  const n = min + Math.floor(rand() * (max - min + 1));
  let out = '';
  for (let i = 0; i < n; i += 1) out += (i ? pick(rand, SEPARATORS) : '') + word(rand, words);
  if (rand() < 0.15) out += pick(rand, ['!', '!!', '?', '?!', '…']);
  return out;
}

/** The classifier's inputs: the labelled headlines (without and with a teaser) and generated titles and teasers. */
export function classifierInputs(): Array<{ title: string; teaser: string; topicHint: string | null }> {
  const rand = prng(11);
  const words = lexiconWords();
  const labelled = [...CALM, ...DISTRESSING, ...OUTRAGE_BAIT, ...ADVERTISING];
  const out: Array<{ title: string; teaser: string; topicHint: string | null }> = labelled.map((title) => ({ title, teaser: '', topicHint: null }));
  for (const title of labelled) out.push({ title, teaser: sentence(rand, words, 10, 40), topicHint: rand() < 0.3 ? 'science' : null });
  for (let i = 0; i < 600; i += 1) {
    out.push({ title: sentence(rand, words, 3, 14), teaser: rand() < 0.2 ? '' : sentence(rand, words, 5, 120), topicHint: rand() < 0.2 ? pick(rand, ['nature', 'sport', 'nonsense']) : null });
  }
  return out;
}

/** The dedupe plan's inputs: a stored window and an incoming batch with retold stories across sources. */
export function dedupeInputs(): { existing: DedupeEntry[]; incoming: DedupeEntry[] } {
  const rand = prng(23);
  const words = [...CALM, ...DISTRESSING].join(' ').toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 3);
  const stories: string[] = [];
  for (let i = 0; i < 300; i += 1) {
    const n = 2 + Math.floor(rand() * 9);
    stories.push(Array.from({ length: n }, () => pick(rand, words)).join(' '));
  }
  const retell = (story: string): string => {
    const parts = story.split(' ');
    const roll = rand();
    if (roll < 0.3) parts.push(pick(rand, words));
    else if (roll < 0.5 && parts.length > 1) parts.splice(Math.floor(rand() * parts.length), 1);
    else if (roll < 0.7) parts[Math.floor(rand() * parts.length)] = pick(rand, words);
    return parts.join(' ');
  };
  const base = Date.UTC(2026, 10, 1);
  const entry = (i: number, prefix: string): DedupeEntry => {
    const story = pick(rand, stories);
    const fp = rand() < 0.05 ? pick(rand, ['', 'solo', 'two words']) : fingerprint(rand() < 0.5 ? story : retell(story));
    return {
      id: `${prefix}${String(i).padStart(4, '0')}`,
      source_id: `s${Math.floor(rand() * 12)}`,
      fingerprint: fp,
      paywalled: rand() < 0.2,
      has_image: rand() < 0.6,
      // Few distinct times, so the id tie-break and the ordering are exercised too.
      published_at: new Date(base + Math.floor(rand() * 40) * 3_600_000),
    };
  };
  const existing = Array.from({ length: 250 }, (_, i) => entry(i, 'e'));
  const incoming = Array.from({ length: 900 }, (_, i) => entry(i, 'n'));
  return { existing, incoming };
}

/** Feed-ish HTML fields for the normalising functions: markup, entities, scripts, comments, CDATA, control characters. */
export function htmlInputs(): string[] {
  const rand = prng(37);
  const words = lexiconWords();
  const bits = ['<b>', '</b>', '<p class="x">', '</p>', '<br/>', '<script>alert(1)</script>', '<style>p{}</style>', '<!-- c -->', '<![CDATA[x < y]]>',
    '&amp;', '&lt;b&gt;', '&lt;/b&gt;', '&#8217;', '&#x2014;', '&nbsp;', '&bogus;', '&#0;', '&#xD800;', '&Eacute;', '\u0000', '\u200b', '\ufeff', '\u0007',
    '<a href="https://e.example/?a=1&amp;b=2">', '</a>', '<img src="x.jpg" width="10">', '<iframe src=x>in</iframe>', '<NOSCRIPT>n</noscript >', '< not a tag', '>', '<3', 'a<b', '<!--', '<', '&'];
  const out: string[] = [];
  for (let i = 0; i < 500; i += 1) {
    const n = 1 + Math.floor(rand() * (i % 5 === 0 ? 200 : 30));
    let s = '';
    for (let j = 0; j < n; j += 1) s += rand() < 0.35 ? pick(rand, bits) : pick(rand, SEPARATORS) + word(rand, words);
    out.push(s);
  }
  return out;
}
