/**
 * Classification of new articles: one `classification` Chat Completions request per article when a
 * model is configured (bounded concurrency, timeout; the client retries once), its answer validated
 * against the vocabulary; the offline classifier on any failure or without a key (CONTRACT.md
 * "Language-model requests": no article is ever lost or left unclassified).
 */
import { z } from 'zod';
import type { Logger } from './log.ts';
import type { ModelClient } from './model.ts';
import { mapLimited } from './concurrency.ts';
import type { Classification } from './domain/article.ts';
import { classifyOffline, type ClassifierInput } from './domain/classifier.ts';
import { FLAVORS, TAGS, TOPICS, isFlavor, isTag, isTopic } from './domain/taxonomy.ts';

/** The strict JSON schema sent as `response_format.json_schema.schema`. */
export const CLASSIFICATION_SCHEMA: Record<string, unknown> = {
  type: 'object',
  additionalProperties: false,
  required: ['topic', 'tags', 'flavor', 'cortisol', 'ragebait', 'promotional', 'accept', 'why'],
  properties: {
    topic: { type: 'string', enum: TOPICS.map((t) => t.id) },
    tags: { type: 'array', items: { type: 'string', enum: TAGS.map((t) => t.id) }, description: '1 to 4 tags' },
    flavor: { type: 'string', enum: FLAVORS.map((f) => f.id) },
    cortisol: { type: 'number', description: '0 (calm) to 10 (distressing)' },
    ragebait: { type: 'number', description: '0 (neutral) to 10 (outrage-bait)' },
    promotional: { type: 'number', description: '0 (journalism) to 10 (an advert)' },
    accept: { type: 'boolean', description: 'true when this belongs in a calm, constructive good-news reader' },
    why: { type: 'string', description: 'one short line: why a reader would value this story' },
  },
};

const score = z.number().finite().min(0).max(10);
const answer = z.object({
  topic: z.string().refine(isTopic),
  tags: z.array(z.string()).min(1),
  flavor: z.string().refine(isFlavor),
  cortisol: score,
  ragebait: score,
  promotional: score,
  accept: z.boolean(),
  why: z.string().trim().min(1).max(400),
});

/** Validate a model answer: known topic and flavor, 1–4 known tags, scores 0–10; null otherwise. */
export function validateClassification(value: unknown): Classification | null {
  const parsed = answer.safeParse(value);
  if (!parsed.success) return null;
  const tags = [...new Set(parsed.data.tags.filter(isTag))].slice(0, 4);
  if (tags.length === 0) return null;
  return { ...parsed.data, tags, why: parsed.data.why.replace(/\s+/g, ' ') };
}

const SYSTEM = [
  'You classify news items for Tidings, a calm good-news reader.',
  'Score cortisol (distress), ragebait (outrage framing) and promotional (advertising) from 0 to 10.',
  'Accept only calm, constructive stories: no death, violence, disaster, outrage framing or sales pitches.',
  'Choose one topic, 1 to 4 tags and one flavor from the enumerations only.',
].join(' ');

/** The messages of one classification request; the title appears verbatim. */
export function classificationMessages(input: ClassifierInput): Array<{ role: 'system' | 'user'; content: string }> {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Title: ${input.title}\nTeaser: ${input.teaser.slice(0, 600) || '(none)'}` },
  ];
}

/** A classification and who made it. */
export interface Classified {
  classification: Classification;
  by: 'model' | 'offline';
}

/** Options of a classification run. */
export interface ClassifyOptions {
  model: ModelClient;
  log: Logger;
  /** Whether to ask the model at all (public previews use the offline view). Default true. */
  useModel?: boolean;
  /** Parallel model requests. Default 4. */
  concurrency?: number;
  /** Per-request timeout. Default 15 000 ms. */
  timeoutMs?: number;
  /** Called after each article is classified (progress bars). */
  onEach?: () => void;
}

/** Classify each input (model first when available, offline on any failure), in input order. */
export async function classifyAll(inputs: readonly ClassifierInput[], options: ClassifyOptions): Promise<Classified[]> {
  const useModel = options.useModel !== false && options.model.available;
  return mapLimited(inputs, useModel ? options.concurrency ?? 4 : inputs.length || 1, async (input) => {
    if (useModel) {
      const value = await options.model.complete({
        name: 'classification',
        schema: CLASSIFICATION_SCHEMA,
        messages: classificationMessages(input),
        validate: validateClassification,
        timeoutMs: options.timeoutMs ?? 15_000,
      });
      if (value) {
        options.onEach?.();
        return { classification: value, by: 'model' as const };
      }
      options.log.debug('classification fell back to offline', { title: input.title.slice(0, 80) });
    }
    options.onEach?.();
    return { classification: classifyOffline(input), by: 'offline' as const };
  });
}
