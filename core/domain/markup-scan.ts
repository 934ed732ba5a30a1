/**
 * The passes that take markup out of feed HTML (tags, comments, CDATA wrappers, script and style
 * elements with their content), each one linear in the text's length. They do what the regular
 * expressions they replace did (`/<[^>]*>/g` and the like; `tagsToSpace` once white space is
 * squeezed, as its callers do), but those restart at every `<` and read
 * on to the end of the text when nothing closes: a hostile item of 40,000 `&lt;` took 1.4 s a pass,
 * and a 2 MB feed (the fetcher's limit) could hold an hour of it. Here a search for a closing mark
 * that fails ends the pass, since no later opening can find one either. No dependencies: pure.
 */

/** A space, tab or line break: white space every caller of `tagsToSpace` squeezes into one space. */
const isWhite = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/**
 * `text` with every tag (`<` … first following `>`) read as a word break: one space where a run of
 * tags stood, none where white space already stands beside it or where it would start or end the
 * text. Once white space is squeezed (runs made one space, the ends trimmed, as every caller does),
 * that is what `text.replace(/<[^>]*>/g, ' ')` gave; the squeeze then finds (nearly always) no run
 * to rewrite: "that.</p><p><img> &amp; more" gave "that.   &amp; more", now "that. &amp; more".
 */
export function tagsToSpace(text: string): string {
  let out = '';
  let from = 0;
  // Whether the text kept so far ends in white space (its start counts: it is trimmed).
  let white = true;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', from)) {
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    if (open > from) {
      // After a tag (every piece but the first), one space unless white space stands on either side.
      if (from > 0 && !white && !isWhite(text.charCodeAt(from))) out += ' ';
      out += text.slice(from, open);
      white = isWhite(text.charCodeAt(open - 1));
    }
    from = close + 1;
  }
  if (from === 0) return text;
  if (from < text.length && !white && !isWhite(text.charCodeAt(from))) out += ' ';
  return out + text.slice(from);
}

const isLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** `text` with every tag that opens with a letter (`<b …>`, `</b>`) replaced by `by`: `text.replace(/<\/?[a-z][^>]*>/gi, by)`. */
export function replaceLetterTags(text: string, by: string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('<'); open >= 0; open = text.indexOf('<', open + 1)) {
    const name = text.charCodeAt(open + 1) === 47 ? open + 2 : open + 1;
    if (!isLetter(text.charCodeAt(name))) continue;
    const close = text.indexOf('>', name + 1);
    if (close < 0) break;
    out += text.slice(from, open) + by;
    from = close + 1;
    open = close;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * Every `start` … first following `end` replaced by what `keep` says (the part between them, or
 * a fixed text): the lazy `/start[\s\S]*?end/g` of two fixed marks.
 */
export function replaceBetween(text: string, start: string, end: string, keep: (inner: string) => string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf(start); open >= 0; open = text.indexOf(start, from)) {
    const close = text.indexOf(end, open + start.length);
    if (close < 0) break;
    out += text.slice(from, open) + keep(text.slice(open + start.length, close));
    from = close + end.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Elements `replaceElements` takes out: made once per list of names (see `elementsNamed`). */
export interface Elements {
  opener: RegExp;
  closers: ReadonlyMap<string, RegExp>;
}

/** The elements of `names` (lower case, letters only) for `replaceElements`. */
export function elementsNamed(names: readonly string[]): Elements {
  if (!names.every((n) => /^[a-z]+$/.test(n))) throw new Error('element names are lower-case letters');
  return { opener: new RegExp(`<(${names.join('|')})\\b`, 'gi'), closers: new Map(names.map((n) => [n, new RegExp(`</${n}\\s*>`, 'gi')])) };
}

/**
 * `text` with each of `elements` replaced by `by`, from its opening tag to the first closing tag of
 * its name after it, content included: `text.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, by)`
 * for `elementsNamed(['script', 'style'])`. A name with no closing tag after an opening one is not
 * searched for again.
 */
export function replaceElements(text: string, elements: Elements, by: string): string {
  const { opener, closers } = elements;
  let out = '';
  let from = 0;
  let unclosed: Set<string> | null = null;
  opener.lastIndex = 0;
  for (let open = opener.exec(text); open !== null; open = opener.exec(text)) {
    const name = open[1]!.toLowerCase();
    if (unclosed?.has(name)) continue;
    const closer = closers.get(name)!;
    closer.lastIndex = open.index + open[0].length;
    const close = closer.exec(text);
    if (close === null) {
      (unclosed ??= new Set()).add(name);
      if (unclosed.size === closers.size) break;
      continue;
    }
    out += text.slice(from, open.index) + by;
    from = opener.lastIndex = close.index + close[0].length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * The opening tags (`<name …>`, up to the first `>`) of `elements` in `text`, in order:
 * `text.matchAll(/<(img)\b[^>]*>/gi)` for `elementsNamed(['img'])`. A tag that never closes ends
 * the reading (nothing after it could close either).
 */
export function openingTags(text: string, elements: Elements): string[] {
  const { opener } = elements;
  const out: string[] = [];
  opener.lastIndex = 0;
  for (let open = opener.exec(text); open !== null; open = opener.exec(text)) {
    const close = text.indexOf('>', open.index + open[0].length);
    if (close < 0) break;
    out.push(text.slice(open.index, close + 1));
    opener.lastIndex = close + 1;
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

/**
 * One line of plain text (a summary's texts, a model's answer, a story's words in core/domain/words.ts): tags dropped (in one linear pass: a model's answer is hostile too),
 * control characters and runs of spaces collapsed. Not feed HTML's `plainText`
 * (core/domain/feed-html.ts), which also decodes entities and drops scripts with their content.
 */
export function singleLine(value: string): string {
  return tagsToSpace(value).replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}
