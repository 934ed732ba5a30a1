/**
 * The offline summary writer (SPEC.md "Summary and explanation", issue 18 item 3): what a story's
 * `/a` page and the summary cache get when no language model is configured. It retells the
 * teaser's main clauses in our own sentences (core/domain/retell.ts: who did what, where); the
 * texts around them (why we picked it, the notes) are composed by core/domain/offline-texts.ts.
 *
 * Server-side only, and loaded only where a retelling must be written (core/pipeline/offline-summaries.ts
 * imports it on first need): it reaches compromise through retell.ts (~450 ms of module load, a
 * ~2 MB lexicon). Renders compose the stored retelling instead.
 */
import { offlineTexts } from './offline-texts.ts';
import { retell } from './retell.ts';
import type { Told } from './retell-words.ts';
import { singleLine } from './markup-scan.ts';
import type { SummaryInput, SummaryTexts } from './summary.ts';

/** The teaser's first main clauses retold in our words (at most two; none when it gives too little): what is stored. */
export function retellTeaser(input: Pick<SummaryInput, 'teaser' | 'title'>): Told[] {
  return retell(singleLine(input.teaser), singleLine(input.title));
}

/** The offline summary and notes, written now. */
export function offlineSummary(input: SummaryInput): SummaryTexts {
  return offlineTexts(input, retellTeaser(input));
}
