/**
 * Feed HTML made plain text: character references decoded with the full HTML5 table, scripts and
 * styles dropped with their content, tags stripped, spaces collapsed, cut at a word boundary.
 */
import { decodeHTMLStrict } from 'entities/decode';
import { elementsNamed, replaceBetween, replaceElements, replaceLetterTags, tagsToSpace } from './markup-scan.ts';
import { withoutBoilerplate, withoutRelatedLinks } from './teaser-boilerplate.ts';

/**
 * Decode HTML character references with the full HTML5 table (`entities`): named, decimal and hex,
 * each only when closed by `;` (strict mode, so `AT&T` or `&copy 2024` stay as written); an
 * unknown name stays as written, and the Windows-1252 numbers feeds still send (`&#150;`) become
 * the characters they meant. A reference to a code point that cannot stand in text (`&#0;`, a
 * surrogate, past U+10FFFF) is dropped rather than shown as U+FFFD: the text is decoded between
 * its own U+FFFD characters (no reference spans one), so every U+FFFD in a decoded piece came from
 * such a reference, and the ones the feed itself wrote are kept.
 */
export function decodeEntities(text: string): string {
  // Without a U+FFFD of its own (nearly always) the text is its one piece: no split and join.
  if (!text.includes(REPLACEMENT)) return decodeHTMLStrict(text).replaceAll(REPLACEMENT, '');
  const pieces = text.split(REPLACEMENT);
  for (let i = 0; i < pieces.length; i += 1) pieces[i] = decodeHTMLStrict(pieces[i]!).replaceAll(REPLACEMENT, '');
  return pieces.join(REPLACEMENT);
}

const REPLACEMENT = '\uFFFD';

/** Elements whose content is never text a reader sees. */
const HIDDEN_ELEMENTS = elementsNamed(['script', 'style', 'noscript', 'iframe', 'template']);

/** Plain text from feed HTML: scripts and styles dropped with their content, tags stripped, entities decoded, spaces collapsed. */
export function plainText(html: string): string {
  // Each pass runs only when its trigger character is present: a pass without it changes nothing,
  // and most titles carry no markup at all (this runs on every field of every feed item).
  let text = html;
  // Each pass is linear in the text (core/domain/markup-scan.ts): feed HTML is hostile.
  if (text.includes('<')) {
    if (text.includes('<![CDATA[')) text = replaceBetween(text, '<![CDATA[', ']]>', (inner) => inner);
    text = replaceElements(text, HIDDEN_ELEMENTS, ' ');
    if (text.includes('<!--')) text = replaceBetween(text, '<!--', '-->', () => ' ');
    text = tagsToSpace(text);
  }
  // Decode once, then strip again: titles often arrive with escaped markup (`&lt;b&gt;`).
  if (text.includes('&')) text = decodeEntities(text);
  if (text.includes('<')) text = replaceLetterTags(text, ' ');
  if (text.includes('&')) text = decodeEntities(text);
  return squeezeSpace(text);
}

/** A character `squeezeSpace` drops or reads as space, other than the plain space. */
const UNUSUAL_SPACE = /[\u0000-\u001f\u007f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/**
 * `.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim()`:
 * control and zero-width characters dropped, every run of spaces made one space, the ends trimmed.
 * Only runs that are not already a single space are replaced (most of them are). Text whose only
 * space is the plain one (nearly all) needs its runs of two or more spaces made one: one test
 * instead of the two passes, 0.32 against 0.50 µs a title on the ingest bench's feeds (CPU time).
 */
function squeezeSpace(text: string): string {
  if (!UNUSUAL_SPACE.test(text)) return (text.includes('  ') ? text.replace(/ {2,}/g, ' ') : text).trim();
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '')
    .replace(/[^\S ]\s*| \s+/g, ' ')
    .trim();
}

/** Cut text at a word boundary to at most `max` characters (ellipsis included). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** A clean title: plain text, at most 300 characters; empty when nothing readable remains. */
export function cleanTitle(raw: string): string {
  return truncate(plainText(raw), 300);
}

/** The feed's own teaser as plain text without the feed's boilerplate or its links to other stories (teaser-boilerplate.ts), at most 600 characters (input for our summary only). */
export function teaserText(raw: string): string {
  return truncate(withoutBoilerplate(plainText(withoutRelatedLinks(raw))), 600);
}
