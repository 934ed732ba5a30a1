/**
 * The language-model client: any OpenAI-compatible Chat Completions endpoint, asked for structured
 * output (`response_format: json_schema`, strict) as CONTRACT.md "Language-model requests" says.
 * Every failure (no key, network, timeout, HTTP error, unparsable or invalid JSON) resolves to null,
 * so callers always fall back to their offline path and nothing is lost. The `openai` package
 * (~150 modules) is loaded at the first request, so a process without a key, or one that never
 * asks, does not pay for it at start-up.
 */
import type OpenAI from 'openai';
import type { Config } from './config.ts';
import { describeError } from './errors.ts';
import type { Logger } from './log.ts';

/** One chat message. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** A structured-output request. `validate` returns the typed value or null when the JSON is wrong. */
export interface StructuredRequest<T> {
  name: 'classification' | 'summary' | 'wordsearch';
  schema: Record<string, unknown>;
  messages: ChatMessage[];
  validate: (value: unknown) => T | null;
  timeoutMs?: number;
}

/** The model client. `available` is false when no key is configured. */
export interface ModelClient {
  available: boolean;
  complete<T>(request: StructuredRequest<T>): Promise<T | null>;
}

/** How the `openai` package is loaded (a parameter so a test can make the first load fail). */
export type LoadOpenAI = () => Promise<{ default: typeof OpenAI }>;

/**
 * Build the client from the configuration (unavailable without OPENAI_API_KEY). A load of the
 * `openai` package that fails is not kept: the next request tries again, so one bad moment (a disk
 * hiccup, a deploy swapping `node_modules`) does not leave the process offline until a restart.
 */
export function createModelClient(config: Pick<Config, 'openai'>, log: Logger, load: LoadOpenAI = () => import('openai')): ModelClient {
  if (!config.openai) {
    return { available: false, complete: async () => null };
  }
  const { apiKey, baseUrl, model } = config.openai;
  let client: Promise<OpenAI> | null = null;
  const open = async (): Promise<OpenAI> => {
    const { default: OpenAIClient } = await load();
    return new OpenAIClient({ apiKey, baseURL: baseUrl ?? undefined, maxRetries: 1, timeout: 20_000 });
  };
  return {
    available: true,
    async complete<T>(request: StructuredRequest<T>): Promise<T | null> {
      try {
        client ??= open().catch((error: unknown) => {
          client = null;
          throw error;
        });
        const response = await (await client).chat.completions.create(
          {
            model,
            messages: request.messages,
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.name, strict: true, schema: request.schema },
            },
          },
          { timeout: request.timeoutMs ?? 20_000 },
        );
        const content = response.choices[0]?.message?.content;
        if (typeof content !== 'string') return null;
        let parsed: unknown;
        try {
          parsed = JSON.parse(content);
        } catch {
          log.warn('model answered with invalid JSON', { request: request.name });
          return null;
        }
        const value = request.validate(parsed);
        if (value === null) log.warn('model answer failed validation', { request: request.name });
        return value;
      } catch (error) {
        log.warn('model request failed', { request: request.name, error: describeError(error) });
        return null;
      }
    },
  };
}
