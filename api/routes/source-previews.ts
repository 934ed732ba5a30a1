/**
 * `GET /api/source-preview?url=&sample=&classify=` (public; SPEC.md "Preview result"). Only http
 * and https URLs; through the safe fetcher; writes nothing. Limited to 10 requests a minute per
 * client address, counted in memory only (CONTRACT.md). `classify` asks the model only for admins;
 * everyone else gets the offline classifier's view.
 */
import { Hono, type Context } from 'hono';
import { RateLimitError, ValidationError } from '../../core/platform/errors.ts';
import { previewFeed } from '../../core/pipeline/preview.ts';
import { isAdmin } from '../../core/domain/user.ts';
import { clientAddress } from '../client-address.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { currentUser } from '../session.ts';

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

/** The source-preview sub-app. */
export function sourcePreviewRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const allow = slidingWindow(PREVIEW_LIMIT, WINDOW_MS);

  app.get('/', async (c) => {
    if (!allow(clientAddress(c), deps.now().getTime())) throw new RateLimitError('Too many previews; please wait a minute.');
    const url = c.req.query('url')?.trim() ?? '';
    if (!url || url.length > 2000) throw new ValidationError('url: give the http or https address of a feed.');
    let scheme: string;
    try {
      scheme = new URL(url).protocol;
    } catch {
      throw new ValidationError('url: not a valid URL.');
    }
    if (scheme !== 'http:' && scheme !== 'https:') throw new ValidationError('url: only http and https URLs are accepted.');
    const sampleRaw = c.req.query('sample');
    const sample = sampleRaw === undefined || sampleRaw === '' ? 20 : Number(sampleRaw);
    if (!Number.isInteger(sample) || sample < 1) throw new ValidationError('sample: a whole number from 1 to 50.');
    const classify = /^(1|true|yes|on)$/i.test(c.req.query('classify') ?? '');
    const user = classify ? await currentUser(c) : null;
    const result = await previewFeed(deps, url, { sample: Math.min(sample, 50), classify, useModel: user !== null && isAdmin(user, deps.config) });
    c.header('Cache-Control', 'no-store');
    return c.json(result);
  });

  return app;
}
