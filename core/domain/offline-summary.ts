/**
 * The offline summary writer (SPEC.md "Summary and explanation", issue 18 item 3): what a story's
 * `/a` page and the summary cache get when no language model is configured. It retells the
 * teaser's main clauses in our own sentences (core/domain/retell.ts: who did what, where), adds
 * why we picked the story, and says plainly when the teaser gives too little and a fuller summary
 * needs a model. Deterministic for the same input; never a run of 8 teaser words, never the title
 * restated as what happened.
 *
 * Server-side only: it reaches compromise through retell.ts, so the browser bundle must not import
 * it (core/domain/summary.ts holds what both sides share).
 */
import { retell } from './retell.ts';
import { copiesFrom, plainText, SUMMARY_LIMITS, type SummaryInput, type SummaryTexts } from './summary.ts';
import { displayName } from './taxonomy.ts';
import { pickedBecause, specificLine, storyLine, withArticle } from './words.ts';

const WHY_MATTERS: Record<string, string> = {
  wonder: 'It widens what we know about the world, which is worth a moment of awe.',
  heartwarming: 'It is a reminder that people are looking out for one another.',
  constructive: 'It shows a real problem being worked on, with progress that can last.',
  inspiring: 'It marks something achieved, which makes the next step feel possible.',
  light: 'It is a small, light moment that makes the day a little easier.',
  grounded: 'It is calm, useful information rather than noise.',
};

/** Said when the teaser gives too little to retell. */
export const THIN_TEASER = "The publisher's teaser says little beyond the headline, so a fuller summary needs a language model.";

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?…]["”’)]*$/.test(t) ? t : `${t}.`;
}

/**
 * The offline summary and notes. With a teaser to retell: its one or two main clauses in our words,
 * then why we picked it. Without: the story's own line (flavor, topic, tags, the title's key
 * phrases), the plain admission that a fuller summary needs a model, then why we picked it.
 */
export function offlineSummary(input: SummaryInput): SummaryTexts {
  const source = plainText(input.sourceName) || 'The publisher';
  const teaser = plainText(input.teaser);
  const because = pickedBecause(input.flavor, input.topic);
  let told = retell(teaser, plainText(input.title));
  // Sentences that each copy nothing could still join into a run of the teaser's words, where
  // clauses stood side by side in it ("… for a term. The recording …"): keep fewer.
  while (told.length > 0 && copiesFrom([...told.map((t) => t.sentence), because].join(' '), teaser, 8)) told = told.slice(0, -1);
  const facts = { title: input.title, sourceName: input.sourceName, topic: input.topic, tags: input.tags, flavor: input.flavor };
  // The story's own line names the title's key phrases; on a title that is little else it would restate it.
  const line = copiesFrom(specificLine(facts), input.title, 5) ? storyLine(input.flavor, input.topic) : specificLine(facts);
  const opening = told.length > 0 ? told.map((t) => t.sentence) : [line, THIN_TEASER];
  const first = told[0];
  const topicStory = withArticle(`${displayName(input.topic).toLowerCase()} story`);
  const why = plainText(input.why);
  return {
    summary: [...opening, because].join(' ').slice(0, SUMMARY_LIMITS.summary),
    what_happened: (first
      ? first.clause
        ? `${source} reports that ${first.clause}.`
        : `${source} reports: ${first.sentence}`
      : `${source} covers ${topicStory}; its teaser adds little to the headline.`
    ).slice(0, SUMMARY_LIMITS.note),
    why_matters: WHY_MATTERS[input.flavor] ?? 'It is good news that holds up without hype.',
    why_belongs: `${why ? `${sentence(why)} ` : ''}It passed our calm gate with stress at ${input.cortisol} and outrage at ${input.ragebait} out of 10.`.slice(
      0,
      SUMMARY_LIMITS.note,
    ),
  };
}
