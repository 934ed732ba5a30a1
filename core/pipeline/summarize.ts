/**
 * Lazy summary generation (SPEC.md "Summary and explanation"): once per article however many
 * requests arrive together, cached permanently on `articles.summary`, topping up an older summary
 * that lacks the three notes.
 *
 * Two layers keep it to one generation: in this process, concurrent callers share one in-flight
 * promise per article; across processes, a lease in `summary_claims` lets one generator through,
 * and the article is re-read after the lease is taken, so work finished meanwhile is not redone.
 * The model is tried first when configured; any failure falls back to the offline writer, so a
 * generation always ends with a summary.
 */
import type { Db } from 'mongodb';
import type { SummaryDoc } from '../domain/article.ts';
import { randomId } from '../domain/ids.ts';
import {
  hasAllNotes,
  mergeSummary,
  currentOffline,
  summaryInputOf,
  summaryMessages,
  SUMMARY_SCHEMA,
  validateSummaryAnswer,
  type SummaryInput,
  type SummaryTexts,
} from '../domain/summary.ts';
import { offlineTexts } from '../domain/offline-texts.ts';
import { writeOfflineSummaries } from './offline-summaries.ts';
import { describeError } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import type { ModelClient } from '../platform/model.ts';
import { claimSummary, readSummary, releaseSummaryClaim, saveSummary, type PublicArticle } from '../store/summaries.ts';

/** What the summarizer needs. */
export interface SummarizerDeps {
  db: Db;
  model: ModelClient;
  log: Logger;
  now: () => Date;
}

/** Tunables (defaults suit production). */
export interface SummarizerOptions {
  /** Per model attempt. The client retries once, so a generation waits at most about twice this. */
  modelTimeoutMs?: number;
  /** Lease length: longer than the slowest generation, short enough that a crash heals quickly. */
  claimTtlMs?: number;
}

/** Produces and caches summaries. */
export interface Summarizer {
  /**
   * The complete cached summary for a public article, generating (or topping up) it when needed.
   * Resolves to null only when another process holds the generation lease.
   */
  ensure(article: PublicArticle): Promise<SummaryDoc | null>;
}

/** Create a summarizer; its in-flight table is per instance (one per API app). */
export function createSummarizer(deps: SummarizerDeps, options: SummarizerOptions = {}): Summarizer {
  const modelTimeoutMs = options.modelTimeoutMs ?? 15_000;
  const claimTtlMs = options.claimTtlMs ?? 4 * modelTimeoutMs + 10_000;
  const owner = randomId();
  const inFlight = new Map<string, Promise<SummaryDoc | null>>();

  /** The offline texts, composed from the retelling stored with the article, else from one done now (the writer loads on first need). */
  async function offline(article: PublicArticle, input: SummaryInput): Promise<SummaryTexts> {
    const stored = currentOffline(article) ?? (await writeOfflineSummaries([article], deps.now(), deps.log)).get(article._id);
    if (!stored) throw new Error('the offline writer wrote nothing');
    return offlineTexts(input, stored.retold);
  }

  async function write(article: PublicArticle, input: SummaryInput, existing: SummaryDoc | null): Promise<SummaryDoc> {
    const fromModel = deps.model.available
      ? await deps.model.complete({
          name: 'summary',
          schema: SUMMARY_SCHEMA,
          messages: summaryMessages(input),
          validate: (value) => validateSummaryAnswer(value, input.teaser),
          timeoutMs: modelTimeoutMs,
        })
      : null;
    const texts = fromModel ?? (await offline(article, input));
    return mergeSummary(existing, texts, fromModel ? 'model' : 'offline', deps.now());
  }

  async function generate(article: PublicArticle): Promise<SummaryDoc | null> {
    if (!(await claimSummary(deps.db, article._id, owner, deps.now(), claimTtlMs))) return null;
    try {
      // Someone may have finished between our caller's read and our lease.
      const current = await readSummary(deps.db, article._id);
      if (hasAllNotes(current)) return current;
      const input = summaryInputOf(article, article.source_name);
      const summary = await write(article, input, current);
      if (await saveSummary(deps.db, article._id, summary)) return summary;
      return await readSummary(deps.db, article._id);
    } finally {
      await releaseSummaryClaim(deps.db, article._id, owner).catch((error: unknown) =>
        deps.log.warn('could not release a summary lease (it expires on its own)', { article: article._id, error: describeError(error) }),
      );
    }
  }

  return {
    ensure(article) {
      if (hasAllNotes(article.summary)) return Promise.resolve(article.summary);
      // Registered before the first await, so every caller in this tick shares the same promise.
      const running = inFlight.get(article._id);
      if (running) return running;
      const promise = generate(article).finally(() => inFlight.delete(article._id));
      inFlight.set(article._id, promise);
      return promise;
    },
  };
}
