/**
 * The offline summary's texts from the teaser's retold sentences (SPEC.md "Summary and
 * explanation", issue 18 item 3): the summary, "what happened", "why it matters" and "why it
 * belongs here" when no language model is configured. The retelling itself (core/domain/retell.ts
 * on compromise) is the costly part: it is done once, when a story is accepted, and stored with the
 * article (`articles.offline_summary.retold`); this composition is cheap and pure, so every render
 * runs it on the stored sentences without loading compromise. Deterministic for the same input;
 * never a run of 8 teaser words, never the title restated as what happened, and no section restates
 * another.
 */
import type { Told } from './retell-words.ts';
import { singleLine } from './markup-scan.ts';
import { copiesFrom, lowerWords, SUMMARY_LIMITS, type SummaryInput, type SummaryTexts } from './summary.ts';
import { pickedBecause, specificLine, storyLine } from './words.ts';

const WHY_MATTERS: Record<string, string> = {
  wonder: 'It widens what we know about the world, which is worth a moment of awe.',
  heartwarming: 'It is a reminder that people are looking out for one another.',
  constructive: 'It shows a real problem being worked on, with progress that can last.',
  inspiring: 'It marks something achieved, which makes the next step feel possible.',
  light: 'It is a small, light moment that makes the day a little easier.',
  grounded: 'It is calm, useful information rather than noise.',
};

/**
 * Said when the teaser gives too little to retell: fewer than THIN_WORDS words the title does not
 * have. That a richer summary needs a model is the page's own note under every offline summary, so
 * it is not said here again.
 */
export const THIN_TEASER = "The publisher's teaser says little beyond the headline.";

/**
 * Said when the teaser says more but none of it could be retold (not English, a question, a list,
 * a shape the retelling does not read): saying it says little would be untrue, and its words are
 * the publisher's (never copied).
 */
export const UNTOLD_TEASER = "The publisher's teaser gives the details, in words we do not copy.";

/** A teaser with fewer words than this that its title lacks says little beyond the headline. */
const THIN_WORDS = 8;

/** True when `teaser` has fewer than THIN_WORDS words (`lowerWords`, as copying is counted) that `title` does not. */
function saysLittle(teaser: string, title: string): boolean {
  const inTitle = new Set(lowerWords(title));
  let beyond = 0;
  for (const word of lowerWords(teaser)) if (!inTitle.has(word) && (beyond += 1) >= THIN_WORDS) return false;
  return true;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?…]["”’)]*$/.test(t) ? t : `${t}.`;
}

/**
 * What "what happened" says: the teaser's second retold clause; else who has the rest of the story;
 * with nothing retold, why (the teaser says little, or says it in words we do not copy) and who has it.
 */
function happened(source: string, told: readonly Told[], untold: string): string {
  const [first, second] = told;
  if (second) return second.clause ? `${source} also reports that ${second.clause}.` : `${source} also reports: ${second.sentence}`;
  return first ? `${source} has the rest of the story, beyond what its teaser gives.` : `${untold} ${source} has the full story.`;
}

/**
 * The offline summary and notes from `retold`, the teaser's sentences retold in our words. With one:
 * the first, then why we picked the story. Without: the story's own line (flavor, topic, tags, the
 * title's key phrases), then why we picked it; "what happened" then says plainly that the teaser
 * says little (when it does) or that its details are the publisher's words. That sentence is about
 * the summary, not the story: in the summary it was read on `/today` and in the digest, where it
 * only interrupted.
 */
export function offlineTexts(input: SummaryInput, retold: readonly Told[]): SummaryTexts {
  const source = singleLine(input.sourceName) || 'The publisher';
  const teaser = singleLine(input.teaser);
  const because = pickedBecause(input.flavor, input.topic);
  let told = retold.slice(0, 2);
  // Sentences that each copy nothing could still join into a run of the teaser's words, where
  // clauses stood side by side in it ("… for a term. The recording …"): keep fewer.
  while (told.length > 0 && copiesFrom([...told.map((t) => t.sentence), because].join(' '), teaser, 8)) told = told.slice(0, -1);
  const facts = { title: input.title, sourceName: input.sourceName, topic: input.topic, tags: input.tags, flavor: input.flavor };
  // The story's own line names the title's key phrases; on a title that is little else it would restate it.
  const line = copiesFrom(specificLine(facts), input.title, 5) ? storyLine(input.flavor, input.topic) : specificLine(facts);
  const opening = told[0] ? [told[0].sentence] : [line];
  const untold = saysLittle(teaser, input.title) ? THIN_TEASER : UNTOLD_TEASER;
  // The offline classifier's why line is the story line of its flavor and topic, which the summary's
  // last sentence (`because`) already says in other words: said again here it would read twice.
  const why = singleLine(input.why);
  const ownWhy = why !== '' && why !== storyLine(input.flavor, input.topic) ? why : '';
  return {
    summary: [...opening, because].join(' ').slice(0, SUMMARY_LIMITS.summary),
    what_happened: happened(source, told, untold).slice(0, SUMMARY_LIMITS.note),
    why_matters: WHY_MATTERS[input.flavor] ?? 'It is good news that holds up without hype.',
    why_belongs: `${ownWhy ? `${sentence(ownWhy)} ` : ''}It passed our calm gate with stress at ${input.cortisol} and outrage at ${input.ragebait} out of 10.`.slice(
      0,
      SUMMARY_LIMITS.note,
    ),
  };
}
