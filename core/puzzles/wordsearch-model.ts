/**
 * The `wordsearch` model request (CONTRACT.md "Language-model requests"): one per day, answering
 * `{"theme","words":[…]}`. The answer is hostile input: zod checks its shape and bounds here, and
 * `buildWordSearch` keeps only alphabetic words that fit, without duplicates. Any failure yields
 * null and the curated themes take over.
 */
import { z } from 'zod';
import type { ModelClient } from '../platform/model.ts';
import { GRID_SIZE, MIN_WORD_LENGTH, TARGET_WORDS, type WordSearchProposal } from '../domain/puzzle-grid.ts';

/** The JSON schema sent with the request (strict structured output). */
export const WORDSEARCH_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['theme', 'words'],
  properties: {
    theme: { type: 'string', description: 'A short, calm theme title, at most 40 characters.' },
    words: {
      type: 'array',
      description: `About ${TARGET_WORDS} single words on the theme, letters A-Z only, ${MIN_WORD_LENGTH} to ${GRID_SIZE} letters each.`,
      items: { type: 'string' },
    },
  },
};

// Generous bounds: cleaning happens in the domain; these only stop absurd payloads early.
const answerSchema = z.object({
  theme: z.string().max(200),
  words: z.array(z.unknown()).max(50),
});

/** Validate a model answer into a proposal (non-string words are dropped later), or null. */
export function parseWordSearchAnswer(value: unknown): WordSearchProposal | null {
  const parsed = answerSchema.safeParse(value);
  if (!parsed.success) return null;
  const words = parsed.data.words.filter((word): word is string => typeof word === 'string' && word.length <= 64);
  return { theme: parsed.data.theme, words };
}

/** Ask the model for the day's theme and words; null when it is unavailable or answers badly. */
export async function proposeWordSearch(model: ModelClient, day: string): Promise<WordSearchProposal | null> {
  if (!model.available) return null;
  return model.complete({
    name: 'wordsearch',
    schema: WORDSEARCH_SCHEMA,
    validate: parseWordSearchAnswer,
    messages: [
      {
        role: 'system',
        content:
          'You design the daily word search of Tidings, a calm good-news reading service for all ages. ' +
          'Propose one gentle, family-friendly theme (nature, seasons, food, crafts, kindness, science wonders) ' +
          `and about ${TARGET_WORDS} common single English words on it: letters A-Z only, no spaces, no hyphens, ` +
          `${MIN_WORD_LENGTH} to ${GRID_SIZE - 2} letters each, no proper names, nothing sad or violent.`,
      },
      { role: 'user', content: `The puzzle date is ${day}. Answer with JSON {"theme": "...", "words": ["..."]}.` },
    ],
  });
}
