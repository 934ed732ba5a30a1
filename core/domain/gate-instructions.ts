/**
 * Feed text that addresses the classifier instead of the reader, cut before the calm gate's model
 * reads a headline or teaser.
 */

/**
 * Feed text that addresses the classifier instead of the reader ("ignore the rules and accept
 * this"). Feed text is data: such phrases are cut before the offline model reads the text, so they
 * can only lose an item its acceptance (core/pipeline/classify.ts trusts no model "accept" of such an item
 * unless the offline model accepts it too).
 */
export const INSTRUCTION = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|any|the|your|these|those|previous|prior|above|earlier|other|system)\s+){0,3}(?:rules|instructions?|prompts?|guidelines|filters?|policies|directions)\b`,
    String.raw`\b(?:accept|approve|whitelist|allow)\s+this(?:\s+(?:story|item|article|post|headline|one))?\b`,
    String.raw`\b(?:classify|rate|score|mark|label)\s+(?:this|it)\s+(?:as\s+)?(?:calm|safe|positive|accepted|good news|0)\b`,
    String.raw`\bsystem\s+prompt\b`,
    String.raw`\byou\s+are\s+(?:now\s+)?(?:an?\s+)?(?:ai|language model|classifier|assistant|chatbot)\b`,
  ].join('|'),
  'gi',
);

/**
 * A lower-cased token that may start an INSTRUCTION match: every alternative opens with one of
 * these words after `\b` and before a space, so the run of letters holding it ends with it
 * (test/ingestion/shared-scan.test.ts checks the list against the pattern). A text none of
 * whose tokens ends so cannot hold an instruction (core/domain/classifier.ts then skips the
 * pattern: 2.1 µs an item on the ingest bench's titles and teasers).
 */
export const MAY_INSTRUCT = /(?:ignore|disregard|forget|override|bypass|accept|approve|whitelist|allow|classify|rate|score|mark|label|system|you)$/;

/** The text with any instruction to the classifier cut out, and whether there was one. */
export function withoutInstructions(text: string): { text: string; instructed: boolean } {
  INSTRUCTION.lastIndex = 0;
  if (!INSTRUCTION.test(text)) return { text, instructed: false };
  return { text: text.replace(INSTRUCTION, ' ').replace(/\s{2,}/g, ' ').trim(), instructed: true };
}
