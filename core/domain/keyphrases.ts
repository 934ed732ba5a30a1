/**
 * The strongest phrases of a title, for the card's story line (issue 18, item 2; core/domain/words.ts
 * `specificLine`, which the browser may build too, so this stays a small hand-made module): runs
 * of content words, at most three long, with the verbs at their edges trimmed, scored by what
 * makes a phrase specific (a name, a number, a compound, a long word, more than one word); a bare
 * number is never a phrase. Pure and deterministic. The offline summary retells the teaser with a
 * real tagger instead (core/domain/retell.ts).
 */

/** Function words and the commonest verbs: never part of a phrase. */
const STOP = new Set(
  ('a an the and or but nor of in on at to for from by with as is are was were be been being am has have had having do does did ' +
    'it its it’s it\'s this that these those there their theirs they them we our ours you your he she his her hers him i me my ' +
    'not no yes new says say said tells told how why what who whom whose which when where while will would can could may might ' +
    'must shall should more most less least just now then than up out off over under into onto about after before again also ' +
    'very so too all any each every some such other another one ones here only own same both few many much get gets got go goes ' +
    'went gone come comes came make makes made take takes took give gives gave find finds found see sees saw seen know knew ' +
    'spent spend keep kept let lets put set sets help helps helped way ways thing things next last first year years day days ' +
    'week weeks time times people per via amid across around between through during without within since until upon because ' +
    'if though although whether yet still even ever never often already soon today yesterday tomorrow week-long like together ' +
    'near beside behind inside outside along among toward towards against above below beyond onto off').split(' '),
);

/** Headline verbs (base forms; "-s" and "-es" forms follow): they split phrases as function words do. */
const VERBS = new Set(
  ('build return run spot replant open win help launch grow save reach join turn bring create restore raise celebrate become ' +
    'hit mark start begin show offer reveal unveil discover use learn teach welcome receive take boost complete hatch feed ' +
    'protect clean add tackle beat break lead meet move pass rise thrive rescue pick bake knit solve lift hope want need try ' +
    'compete prove share sing map').split(' '),
);
const isVerb = (w: string): boolean => VERBS.has(w) || (w.endsWith('es') && VERBS.has(w.slice(0, -2))) || (w.endsWith('s') && VERBS.has(w.slice(0, -1)));

// "40,000" is one token: a comma inside a number does not end it.
const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}'’-]|,(?=\d{3}))*/gu;
/** Punctuation that ends a phrase. */
const BREAK = /[.,;:!?()[\]{}"“”‘’—–|/…]|\s-\s/;

interface Token {
  text: string;
  lower: string;
  /** First word of its sentence (capitalised for grammar, not because it is a name). */
  initial: boolean;
}

const isVerbForm = (w: string): boolean => w.length > 4 && /(ing|ed)$/.test(w);
const isContent = (t: Token): boolean => !STOP.has(t.lower) && !isVerb(t.lower) && (t.lower.length >= 3 || /\d/.test(t.lower)) && !/ly$/.test(t.lower);

/** Runs of content tokens, split at punctuation and function words. */
function runs(input: string): Token[][] {
  const text = input;
  const out: Token[][] = [];
  let current: Token[] = [];
  let last = 0;
  let sentenceStart = true;
  const flush = () => {
    if (current.length > 0) out.push(current);
    current = [];
  };
  for (const m of text.matchAll(TOKEN)) {
    const between = text.slice(last, m.index);
    if (BREAK.test(between)) flush();
    if (/[.!?]/.test(between)) sentenceStart = true;
    const t: Token = { text: m[0].replace(/['’]s$/, ''), lower: m[0].toLowerCase().replace(/['’]s$/, ''), initial: sentenceStart };
    sentenceStart = false;
    last = (m.index ?? 0) + m[0].length;
    if (isContent(t)) current.push(t);
    else flush();
  }
  flush();
  return out;
}

function score(phrase: Token[]): number {
  let s = phrase.length > 1 ? 1 : 0;
  for (const t of phrase) {
    s += 1;
    if (/\d/.test(t.text)) s += 2;
    else if (!t.initial && /^\p{Lu}/u.test(t.text)) s += 2;
    if (t.text.includes('-')) s += 1;
    if (t.lower.length >= 7) s += 1;
  }
  return s;
}

/**
 * Up to `max` key phrases of `text`, in the order they appear, leaving out phrases whose every word
 * is in `exclude` (lower-cased words, e.g. the title's when reading the teaser).
 */
export function keyPhrases(text: string, max: number, exclude: ReadonlySet<string> = new Set()): string[] {
  const candidates: Array<{ phrase: string; lower: string; score: number; at: number }> = [];
  let at = 0;
  for (const run of runs(text)) {
    let words = run;
    // A verb form at either edge is the action around the thing, not the thing ("building solar
    // boat"); before a single noun it names the thing ("reading room").
    while (words.length > 1 && isVerbForm(words[0]!.lower) && (words.length > 2 || !words[0]!.lower.endsWith('ing'))) words = words.slice(1);
    while (words.length > 1 && isVerbForm(words[words.length - 1]!.lower)) words = words.slice(0, -1);
    if (words.length > 3) words = words.slice(-3);
    if (words.length === 1 && isVerbForm(words[0]!.lower)) continue;
    // A bare number says nothing on its own ("River Wend and 40").
    if (words.length === 1 && /^\d[\d,.]*$/.test(words[0]!.text)) continue;
    if (words.every((w) => exclude.has(w.lower))) continue;
    const lower = words.map((w) => w.lower).join(' ');
    if (candidates.some((c) => c.lower === lower)) continue;
    // A sentence's capital is dropped ("Volunteers" → "volunteers"), a name's is not: "Harbour Light", "NASA".
    const lowered = (w: Token, i: number): boolean => w.initial && !/^\p{Lu}{2,}/u.test(w.text) && !/^\p{Lu}/u.test(words[i + 1]?.text ?? '');
    candidates.push({ phrase: words.map((w, i) => (lowered(w, i) ? w.lower : w.text)).join(' '), lower, score: score(words), at: at++ });
  }
  const chosen = [...candidates].sort((a, b) => b.score - a.score || a.at - b.at);
  const kept: typeof candidates = [];
  for (const c of chosen) {
    if (kept.length >= max) break;
    if (kept.some((k) => k.lower.includes(c.lower) || c.lower.includes(k.lower))) continue;
    kept.push(c);
  }
  return kept.sort((a, b) => a.at - b.at).map((c) => c.phrase);
}

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
