/**
 * Calm Filters prefs (SPEC.md "Filter prefs", CONTRACT.md field names): one tolerant parser for the
 * `prefs` JSON. A bad blob never breaks a request: malformed JSON gives empty prefs, wrong types
 * and non-string list entries are skipped, malformed pauses are dropped, unknown fields (such as
 * `lanes`) are ignored. `activeBoundaries` folds the pauses still running at `now` into the lists.
 */
import { isRecord } from './guards.ts';
import { isFlavor, isTopic } from './taxonomy.ts';

/** What a pause can silence for a while. */
export type PauseKind = 'topic' | 'flavor' | 'tag' | 'term' | 'source';
const PAUSE_KINDS: readonly PauseKind[] = ['topic', 'flavor', 'tag', 'term', 'source'];
const isPauseKind = (v: unknown): v is PauseKind => typeof v === 'string' && (PAUSE_KINDS as readonly string[]).includes(v);

/** A pause: `value` of `kind` is muted until `until`. */
export interface Pause {
  kind: PauseKind;
  value: string;
  until: Date;
}

/** The parsed prefs. Lists hold trimmed, non-empty strings (terms lower-cased). */
export interface Prefs {
  include_topics: string[];
  mute_topics: string[];
  include_flavors: string[];
  mute_flavors: string[];
  mute_tags: string[];
  avoid_terms: string[];
  pauses: Pause[];
  /** Inclusive ceiling 0–10, or null. */
  max_cortisol: number | null;
  max_ragebait: number | null;
}

/** The boundaries in force at one instant: sets for the filter, pauses folded in. */
export interface Boundaries {
  includeTopics: ReadonlySet<string>;
  muteTopics: ReadonlySet<string>;
  includeFlavors: ReadonlySet<string>;
  muteFlavors: ReadonlySet<string>;
  muteTags: ReadonlySet<string>;
  muteSources: ReadonlySet<string>;
  /**
   * The avoid-terms (pauses folded in), each with its own pattern: an article is avoided when any
   * of them matches (exactly when the one pattern of them all, `avoidPattern`, would). Empty: none.
   */
  avoid: readonly AvoidTerm[];
  maxCortisol: number | null;
  maxRagebait: number | null;
}

/**
 * One avoid-term ready to test: its case-insensitive word-boundary `pattern` (`avoidPattern` of the
 * term alone) and `key`, a pre-test (`avoidKeys` of the term alone): the pattern can only match a
 * text whose `foldText` holds the key; null when the term has no ASCII letter or digit.
 */
export interface AvoidTerm {
  term: string;
  key: string | null;
  pattern: RegExp;
}

/** Caps that keep a hostile blob from costing much: entries per list, characters per entry. */
const MAX_ENTRIES = 100;
const MAX_ENTRY_CHARS = 80;
/** Raw `prefs` strings longer than this are ignored whole (no JSON parse of megabytes). */
export const MAX_PREFS_CHARS = 16_384;

/** Prefs that filter nothing. */
export const EMPTY_PREFS: Prefs = Object.freeze({
  include_topics: [],
  mute_topics: [],
  include_flavors: [],
  mute_flavors: [],
  mute_tags: [],
  avoid_terms: [],
  pauses: [],
  max_cortisol: null,
  max_ragebait: null,
});

/** A list field: trimmed (NFC), non-blank, distinct strings, capped; lower-cased when `lower`. */
export function stringList(value: unknown, lower = false): string[] {
  if (!Array.isArray(value)) return [];
  // Index loops and a linear check for repeats (at most MAX_ENTRIES short strings): every
  // first-seen reading query parses its prefs here, and the copies, the `Set` and its spread cost
  // more than the entries (docs/benchmarks.md, "First-seen queries").
  const out: string[] = [];
  const end = Math.min(value.length, MAX_ENTRIES * 4);
  for (let i = 0; i < end; i += 1) {
    const entry: unknown = value[i];
    if (typeof entry !== 'string') continue;
    let trimmed = entry.normalize('NFC').trim().slice(0, MAX_ENTRY_CHARS);
    if (!trimmed) continue;
    if (lower) trimmed = trimmed.toLowerCase();
    if (!out.includes(trimmed)) out.push(trimmed);
    if (out.length >= MAX_ENTRIES) break;
  }
  return out;
}

function ceiling(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  return Math.min(10, Math.max(0, n));
}

function pauses(value: unknown, lowerTerms: boolean): Pause[] {
  if (!Array.isArray(value)) return [];
  const out: Pause[] = [];
  for (const entry of value.slice(0, MAX_ENTRIES * 4)) {
    if (!isRecord(entry)) continue;
    const { kind, value: v, until } = entry;
    if (!isPauseKind(kind)) continue;
    if (typeof v !== 'string' || !v.trim()) continue;
    const when = typeof until === 'string' || typeof until === 'number' ? new Date(until) : null;
    if (!when || Number.isNaN(when.getTime())) continue;
    const text = v.normalize('NFC').trim().slice(0, MAX_ENTRY_CHARS);
    out.push({ kind, value: kind === 'term' && lowerTerms ? text.toLowerCase() : text, until: when });
    if (out.length >= MAX_ENTRIES) break;
  }
  return out;
}

/**
 * Parse a `prefs` value (a JSON string or an already-parsed object) tolerantly. Never throws.
 * `keepCase`: avoid-terms keep the reader's spelling (the device's own copy, device-prefs.ts);
 * the server folds them, which changes nothing a case-insensitive match finds.
 */
export function parsePrefs(raw: unknown, { keepCase = false }: { keepCase?: boolean } = {}): Prefs {
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_PREFS_CHARS) return EMPTY_PREFS;
    try {
      value = JSON.parse(raw);
    } catch {
      return EMPTY_PREFS;
    }
  }
  if (!isRecord(value)) return EMPTY_PREFS;
  return {
    // Unknown ids in an include list are dropped, so a stale or garbled list widens, never empties, the feed.
    include_topics: stringList(value.include_topics).filter(isTopic),
    mute_topics: stringList(value.mute_topics),
    include_flavors: stringList(value.include_flavors).filter(isFlavor),
    mute_flavors: stringList(value.mute_flavors),
    mute_tags: stringList(value.mute_tags),
    avoid_terms: stringList(value.avoid_terms, !keepCase),
    pauses: pauses(value.pauses, !keepCase),
    max_cortisol: ceiling(value.max_cortisol),
    max_ragebait: ceiling(value.max_ragebait),
  };
}

/**
 * What avoid-terms are matched in: every sentence a card shows (its title, why line and line) and
 * the cached summary, so a story never shows a word its reader avoids. The same text on the server
 * (core/domain/card.ts) and in the browser (core/domain/device-prefs.ts).
 */
export function avoidText(card: { title: string; why: string; line: string }, summary: string | null | undefined): string {
  return `${card.title}\n${card.why}\n${card.line}\n${summary ?? ''}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern matching any term on word boundaries, case-insensitively. Boundaries are Unicode
 * letters / digits (not JS `\b`, which is ASCII-only and would let "café" match inside "cafés").
 * Inner whitespace matches any run of whitespace.
 */
export function avoidPattern(terms: readonly string[]): RegExp | null {
  const parts = terms.filter((t) => t.trim()).map((t) => escapeRegExp(t.trim()).replace(/\s+/g, '\\s+'));
  if (parts.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${parts.join('|')})(?![\\p{L}\\p{N}_])`, 'iu');
}

/**
 * Case-folded text for the avoid pre-test: lower case, and the long s (U+017F) as "s", the one
 * non-ASCII letter that lower-casing leaves but the `iu` pattern matches to an ASCII letter (the
 * Kelvin sign, the other one, lower-cases to "k").
 */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes('\u017f') ? lower.replaceAll('\u017f', 's') : lower;
}

/**
 * For each term, its longest run of ASCII letters and digits, lower-cased: a match of the term must
 * contain that run literally (only ASCII case and the two letters `foldText` handles fold to ASCII
 * under `iu`), so a folded text without any key cannot match. Null when some term has no such run.
 */
export function avoidKeys(terms: readonly string[]): string[] | null {
  const keys: string[] = [];
  for (const term of terms) {
    if (!term.trim()) continue;
    let best = '';
    for (const run of term.match(/[a-z0-9]+/gi) ?? []) if (run.length > best.length) best = run;
    if (!best) return null;
    keys.push(best.toLowerCase());
  }
  return keys;
}

// Compiled terms, shared by every request that avoids the same term (a pattern has no `g` flag,
// so testing it keeps no state): a reader's first request then compiles no regular expression for
// a term any reader avoided before. Bounded; cleared whole when full.
// Hand-made rather than core/platform/cache.ts (issue 22): this module is bundled into the reader
// app, and lru-cache adds 5,845 bytes gzipped to a bundle (`pages.reader_js_gz_bytes`, ≤ 30,720)
// that has about 1,000 to spare; the server's hit counts are read from the memos around it
// (readmodel.prefs, readmodel.avoid).
const MAX_COMPILED_TERMS = 4096;
const compiledTerms = new Map<string, AvoidTerm>();

/** The avoid-term `term` (non-blank), compiled once while remembered. */
export function avoidTerm(term: string): AvoidTerm {
  let compiled = compiledTerms.get(term);
  if (compiled === undefined) {
    const pattern = avoidPattern([term]);
    if (pattern === null) throw new Error('avoidTerm of a blank term');
    compiled = Object.freeze({ term, key: avoidKeys([term])?.[0] ?? null, pattern });
    if (compiledTerms.size >= MAX_COMPILED_TERMS) compiledTerms.clear();
    compiledTerms.set(term, compiled);
  }
  return compiled;
}

/** The distinct non-blank terms of `terms`, compiled. */
export function avoidTerms(terms: readonly string[]): AvoidTerm[] {
  const out: AvoidTerm[] = [];
  const seen = new Set<string>();
  for (const term of terms) {
    if (!term.trim() || seen.has(term)) continue;
    seen.add(term);
    out.push(avoidTerm(term));
  }
  return out;
}

/** `list` and the values of the `kind` pauses among `running` (`list` itself when none run). */
function withPaused(list: readonly string[], running: readonly Pause[], kind: PauseKind): readonly string[] {
  if (running.length === 0) return list;
  const out = [...list];
  for (const p of running) if (p.kind === kind) out.push(p.value);
  return out;
}

const NO_PAUSES: readonly Pause[] = [];
const NO_STRINGS: readonly string[] = [];

/** The boundaries in force at `now`: expired pauses do nothing, running ones join the mute lists. */
export function activeBoundaries(prefs: Prefs, now: Date): Boundaries {
  const at = now.getTime();
  const running = prefs.pauses.length === 0 ? NO_PAUSES : prefs.pauses.filter((p) => p.until.getTime() > at);
  return {
    includeTopics: new Set(prefs.include_topics),
    muteTopics: new Set(withPaused(prefs.mute_topics, running, 'topic')),
    includeFlavors: new Set(prefs.include_flavors),
    muteFlavors: new Set(withPaused(prefs.mute_flavors, running, 'flavor')),
    muteTags: new Set(withPaused(prefs.mute_tags, running, 'tag')),
    muteSources: new Set(withPaused(NO_STRINGS, running, 'source')),
    avoid: avoidTerms(withPaused(prefs.avoid_terms, running, 'term')),
    maxCortisol: prefs.max_cortisol,
    maxRagebait: prefs.max_ragebait,
  };
}
