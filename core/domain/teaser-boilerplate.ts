/**
 * What feeds add to a teaser that is not the story: a paragraph of links to other stories
 * ("Related: …", removed from the HTML), a link's label standing for the whole teaser
 * (Hacker News' "Comments"), Reddit's "submitted by … [link] [N comments]", and a closing call to
 * read on ("Continue reading…", "Read More Here →", "To read this article in full, please click
 * here", WordPress's "The post … appeared first on …", an excerpt's "[…]"). Left in, these words
 * reach the calm gate ("comments" reads as a cue of an outrage thread), the retelling and the page.
 *
 * A closing call counts only after a sentence's end (or as the whole teaser), so a story whose own
 * last words are "read more" ("Children in Leeds now read more") keeps them. Pure and bounded: a
 * text over 1,000 characters is left as it is (the teaser keeps its first 600, so its closing words
 * never show), a text naming none of the closings' words costs one scan (~0.4 µs a teaser), and
 * every pattern's match is bounded (a crafted 1,000-character text costs at most ~0.2 ms).
 */

/**
 * A paragraph (or list item, or div) that only points at other stories: a label such as "Related:",
 * "Related Posts:", "Relevant Review:", "See also:" or "Read more:" (the colon inside or after its
 * `<span>`/`<strong>`), then nothing but links. The Guardian puts one inside its teasers ("Related:
 * Las Vegas shooting followed a depressingly familiar routine"): another story's words, which the
 * calm gate would read as this story's. Matched in the HTML, where the link's end is known; every
 * part is bounded (tags of at most 400 characters, at most six links of 2,000 in their tag and 300
 * of text each), so a try at one `<p` reads a bounded window, whatever follows.
 */
const RELATED_LINKS =
  /<(p|li|div)\b[^<>]{0,400}>\s*(?:<(?:span|strong|b|em|i)\b[^<>]{0,400}>\s*)?(?:related|relevant|see also|read more|read also|also read|more on this(?: story)?|recommended)(?:[ \t]+(?:posts?|stories|story|articles?|links?|reading|reviews?|coverage))?(?:\s*:\s*(?:<\/(?:span|strong|b|em|i)>)?|\s*<\/(?:span|strong|b|em|i)>\s*:)\s*(?:<a\b[^<>]{0,2000}>[^<]{1,300}<\/a>[\s,|•·]{0,20}){1,6}<\/\1\s*>/gi;

/** Words a related-links label starts with: HTML without them (or without a link) costs two scans. */
const ANY_RELATED = /relat|relev|see also|read (?:more|also)|also read|more on|recommended/i;

/** `html` without its related-links paragraphs (see RELATED_LINKS); most teasers come back as they are. */
export function withoutRelatedLinks(html: string): string {
  // Tags in any case, as RELATED_LINKS reads them (`</A>` too).
  if ((!html.includes('</a>') && !html.includes('</A>')) || !ANY_RELATED.test(html)) return html;
  return html.replace(RELATED_LINKS, ' ');
}

/** Teasers that are only a link's label. */
const LABEL_ONLY = /^(?:comments?|discuss(?:ion)?|link|permalink|read more|continue reading|more)\W*$/i;

/** The closing calls, each anchored at the end; most only after a sentence's end or as the whole text. */
const CLOSINGS: readonly RegExp[] = [
  /(?:^|(?<=[.!?…:"”')\]]))\s*The post\s.{1,300}?\s(?:appeared first on|first appeared on)\s.{1,150}$/i,
  // With its own closing mark ("Continue reading...", "Continue reading <title> →") it is never the story's.
  /\s*Continue reading(?:\.{3}|…|\s*[→»›]|\s.{1,140}?\s[→»›])\s*$/i,
  /(?:^|(?<=[.!?…:"”')\]]))\s*Continue reading\b.{0,160}$/i,
  /(?:^|(?<=[.!?…:"”')\]]))\s*Read (?:more|on|the (?:full|rest of the) (?:story|article|post))(?: here| at .{1,60})?[\s»›→.…:>-]*$/i,
  /(?:^|(?<=[.!?…:"”')\]]))\s*To read (?:this|the) (?:article|story|post) in full,? (?:please )?click here\W*$/i,
  /\s*(?:submitted by\b.{0,160}?)?(?: ?\/u\/\S{1,60})?(?: ?\/r\/\S{1,60})? ?\[link\]\s*\[[\d,]*\s*comments?\]\s*$/i,
];

/** An excerpt's closing bracketed ellipsis ("… radiant floor heating throughou [...]"). */
const BRACKETED_ELLIPSIS = /\s*\[(?:…|\.\.\.|&hellip;)\]\s*$/;

/** Words one of the closings holds: a text without any is left as it is after one scan (most teasers). */
const ANY_CLOSING = /continue reading|read (?:more|on|the|this)|appeared|first on|\[link\]|\[(?:…|\.\.\.|&hellip;)\]/i;

/** Texts longer than this keep their end out of the teaser anyway (`teaserText` keeps 600 characters). */
const READ_UP_TO = 1000;

/** `text` (plain text, spaces squeezed) without the feed's boilerplate; empty when nothing else was there. */
export function withoutBoilerplate(text: string): string {
  if (LABEL_ONLY.test(text)) return '';
  if (text.length > READ_UP_TO || !ANY_CLOSING.test(text)) return text;
  let out = text;
  for (let pass = 0; pass < 3; pass += 1) {
    const before = out;
    for (const closing of CLOSINGS) out = out.replace(closing, '');
    out = out.replace(BRACKETED_ELLIPSIS, '…').trimEnd();
    if (out === before) break;
  }
  return LABEL_ONLY.test(out) ? '' : out;
}
