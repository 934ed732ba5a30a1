/**
 * The one place the admin routes call the ingestion preview (core/pipeline/preview.ts): fetch through the
 * safe fetcher, parse and classify in memory with the model's view (`classify`), write nothing.
 * Callers make no database call while it runs, so no connection is held during the network work.
 */
import { previewFeed, type PreviewResult } from '../../../core/pipeline/preview.ts';
import type { AppDeps } from '../../deps.ts';

/** Preview a feed URL for an admin: every field of SPEC.md's Preview result plus the classify view. Throws FetchError (422 refused, 502 remote) or UpstreamError (502). */
export function adminPreview(deps: AppDeps, url: string, options: { paywalled?: boolean } = {}): Promise<PreviewResult> {
  return previewFeed(
    { config: deps.config, log: deps.log, model: deps.model, now: deps.now },
    url,
    { classify: true, useModel: true, paywalled: options.paywalled },
  );
}
