/**
 * Previewing a feed without adopting it: the public `/api/source-preview`, and the admin candidate
 * and live-source previews, all call `previewFeed`. It reads through the safe fetcher (or the demo
 * file) and classifies a sample, and it writes nothing: no database, no poll attempt, no health.
 */
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/log.ts';
import type { ModelClient } from '../platform/model.ts';
import { UpstreamError } from '../platform/errors.ts';
import { classifyAll } from './classify.ts';
import { readFeed } from './feed.ts';
import { FetchError, type Resolver } from './fetcher.ts';
import { summarizePreview, type PreviewResult } from '../domain/preview.ts';
import { fetchFailureText } from '../domain/fetch-failure.ts';

export type { PreviewResult } from '../domain/preview.ts';

/** What a preview needs (no database on purpose). */
export interface PreviewDeps {
  config: Pick<Config, 'fetchAllowPrivate' | 'publicBaseUrl'>;
  log: Logger;
  model: ModelClient;
  now: () => Date;
  resolver?: Resolver;
}

/** Options of one preview. */
export interface PreviewOptions {
  /** Items to sample, 1–50 (default 20). */
  sample?: number;
  /** Add the topic/flavor mix and the classifier's own acceptance view. */
  classify?: boolean;
  /** Ask the model (admins only); otherwise the offline classifier's view. */
  useModel?: boolean;
  /** The source's own paywall flag (live-source previews). */
  paywalled?: boolean;
}

/**
 * Preview a feed URL (http(s), or a demo source's `tidings-demo:` URL). Throws FetchError (422 for
 * a refused URL, 502 for a remote failure) or UpstreamError (502) when the feed cannot be read.
 */
export async function previewFeed(deps: PreviewDeps, url: string, options: PreviewOptions = {}): Promise<PreviewResult> {
  const now = deps.now();
  const sample = Math.max(1, Math.min(50, Math.trunc(options.sample ?? 20)));
  const read = await readFeed(url, {
    allowPrivate: deps.config.fetchAllowPrivate,
    publicBaseUrl: deps.config.publicBaseUrl,
    now,
    resolver: deps.resolver,
    paywalled: options.paywalled,
    maxItems: 100,
  });
  if (read.kind === 'failed') {
    if (read.refused) throw new FetchError('refused', read.error);
    throw new UpstreamError(`The feed could not be read: ${fetchFailureText(read)}.`, 'feed_unreadable');
  }
  if (read.kind === 'not_modified') throw new UpstreamError('The feed answered 304 to an unconditional request.', 'feed_unreadable');
  const items = [...read.items].sort((a, b) => b.published_at.getTime() - a.published_at.getTime()).slice(0, sample);
  const classified = await classifyAll(
    items.map((i) => ({ title: i.title, teaser: i.teaser })),
    { model: deps.model, log: deps.log, useModel: options.classify === true && options.useModel === true },
  );
  return summarizePreview(
    items.map((item, index) => ({
      title: item.title,
      url: item.url,
      published_at: item.published_at,
      paywalled: item.paywalled,
      has_image: item.image !== null,
      classification: classified[index]!.classification,
      by: classified[index]!.by,
    })),
    { url, feedTitle: read.title, now, withClassify: options.classify === true },
  );
}
