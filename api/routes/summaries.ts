/**
 * `GET /api/summary/<id>` (SPEC.md, shape in the shared rules): 200
 * `{"id","status":"ready","summary"[,"what_happened","why_matters","why_belongs"]}` (the notes only
 * when all three exist) or 200 `{"id","status":"pending"}`; 404 for a malformed id or one outside
 * the public pool. A missing or incomplete summary is generated (once, see core/pipeline/summarize.ts); the
 * request waits a few seconds for it and otherwise answers pending while generation carries on,
 * and the client polls.
 */
import { Hono } from 'hono';
import { NotFoundError, describeError } from '../../core/platform/errors.ts';
import { outlive } from '../../core/platform/outliving.ts';
import type { SummaryDoc } from '../../core/domain/article.ts';
import { isValidId } from '../../core/domain/ids.ts';
import { hasAllNotes, summaryView } from '../../core/domain/summary.ts';
import { findPublicArticle } from '../../core/store/summaries.ts';
import { createSummarizer } from '../../core/pipeline/summarize.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** How long a request waits for a generation before answering `pending`. */
export const SUMMARY_WAIT_MS = 4000;

/** `promise`'s value, or null when it fails or takes longer than `ms`. */
async function within<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise.catch(() => null), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The summaries sub-app, mounted at `/api/summary`. */
export function summaryRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const summarizer = createSummarizer(deps);

  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isValidId(id)) throw new NotFoundError('No such article.');
    const article = await findPublicArticle(deps.db, id);
    if (!article) throw new NotFoundError('No such article.');

    let summary: SummaryDoc | null = article.summary;
    if (!hasAllNotes(summary)) {
      const generation = summarizer.ensure(article);
      // The generation outlives this request when it is slow; its failure must still be seen.
      outlive(generation.catch((error: unknown) => deps.log.warn('summary generation failed', { article: id, error: describeError(error) })));
      summary = (await within(generation, SUMMARY_WAIT_MS)) ?? article.summary;
    }

    if (!summary?.summary) {
      c.header('Cache-Control', 'no-store');
      return c.json({ id, status: 'pending' }, 200);
    }
    // A complete summary never changes; an incomplete one is about to be topped up.
    c.header('Cache-Control', hasAllNotes(summary) ? 'public, max-age=300' : 'no-store');
    return c.json(summaryView(id, summary), 200);
  });

  return app;
}
