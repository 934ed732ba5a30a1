/**
 * Whether a feed item carries the story itself (long enough to read on) or only a teaser, and its
 * word count for the reading time. Its imports (core/domain/markup-scan.ts, core/domain/word-scan.ts)
 * have none: the card (core/domain/card.ts) reads it in the browser too.
 */
import { elementsNamed, replaceElements, tagsToSpace } from './markup-scan.ts';
import { countWords } from './word-scan.ts';

const SCRIPTS = /* @__PURE__ */ elementsNamed(['script', 'style']);

/** Fewer words than this is a teaser, not the story: no reading time (core/domain/card.ts). */
export const READABLE_WORDS = 150;

/**
 * Words of an item's HTML when it is long enough to be the story itself; undefined for a teaser.
 * Counted on the markup with tags dropped (no entity decoding needed to count words).
 */
export function fullTextWords(html: string): number | undefined {
  // A teaser fits in well under 800 characters of markup: skip the count for those.
  if (html.length < 800) return undefined;
  const n = countWords(tagsToSpace(replaceElements(html, SCRIPTS, ' ')));
  return n >= READABLE_WORDS ? n : undefined;
}
