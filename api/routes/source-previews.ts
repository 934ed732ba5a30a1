/**
 * `GET /api/source-preview?url=&sample=&classify=` (public; SPEC.md "Preview result"). Only http
 * and https URLs; through the safe fetcher; writes nothing. Limited to 10 requests a minute per
 * client address, counted in memory only (CONTRACT.md). `classify` asks the model only for admins;
 * everyone else gets the offline classifier's view.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { RateLimitError } from '../../core/platform/errors.ts';
import { previewFeed } from '../../core/pipeline/preview.ts';
import { isOn } from '../../core/domain/guards.ts';
import { isAdmin } from '../../core/domain/user.ts';
import { clientAddress } from '../client-address.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { currentUser } from '../session.ts';
import { query } from '../validate.ts';

/** Requests allowed per client address per window. */
export const PREVIEW_LIMIT = 10;
const WINDOW_MS = 60_000;

/** A sliding-window counter per key, in memory (never stored, never logged). */
function slidingWindow(limit: number, windowMs: number) {
  const hits = new Map<string, number[]>();
  return (key: string, now: number): boolean => {
    const recent = (hits.get(key) ?? []).filter((t) => now - t < windowMs);
    if (recent.length >= limit) {
      hits.set(key, recent);
      return false;
    }
    recent.push(now);
    hits.set(key, recent);
    // Keep the map small: forget addresses idle for a whole window.
    if (hits.size > 10_000) for (const [k, v] of hits) if (v.every((t) => now - t >= windowMs)) hits.delete(k);
    return true;
  };
}

/** Why `url` cannot be previewed, or null: an http or https URL of at most 2,000 characters. */
function urlProblem(url: string): string | null {
  if (url.length > 2000) return 'give the http or https address of a feed (at most 2,000 characters)';
  try {
    const scheme = new URL(url).protocol;
    return scheme === 'http:' || scheme === 'https:' ? null : 'only http and https URLs are accepted';
  } catch {
    return 'not a valid URL';
  }
}

const PreviewQuery = z.object({
  url: z.string().trim().min(1, 'give the http or https address of a feed').check((ctx) => {
    const problem = urlProblem(ctx.value);
    if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }),
  sample: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int('a whole number from 1 to 50').min(1, 'a whole number from 1 to 50').default(20)),
  classify: z.string().optional().transform(isOn),
});

/** The source-preview sub-app. */
export function sourcePreviewRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const allow = slidingWindow(PREVIEW_LIMIT, WINDOW_MS);

  // Counted before the query is judged: a refused request spends its turn too.
  const limited: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!allow(clientAddress(c), deps.now().getTime())) throw new RateLimitError('Too many previews; please wait a minute.');
    await next();
  };

  app.get('/', limited, query(PreviewQuery), async (c) => {
    const { url, sample, classify } = c.req.valid('query');
    const user = classify ? await currentUser(c) : null;
    const result = await previewFeed(deps, url, { sample: Math.min(sample, 50), classify, useModel: user !== null && isAdmin(user, deps.config) });
    c.header('Cache-Control', 'no-store');
    return c.json(result);
  });

  return app;
}
