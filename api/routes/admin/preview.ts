/**
 * The one place the admin routes call the ingestion preview (core/preview.ts): fetch through the
 * safe fetcher, parse and classify in memory, write nothing. It is called with no database call in
 * flight, so no connection is held during the network work.
 */
import { UnavailableError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';

/** What the admin routes need from a preview. */
export interface AdminPreview {
  /** The preview result as returned to the client and stored as `preview_json`. */
  result: Record<string, unknown>;
  feedTitle: string | null;
  homepage: string | null;
  sampleSize: number;
  acceptedCount: number;
}

/** Preview a feed URL with the model's view (`classify`); throws FetchError (422 refused, 502 remote). */
export async function adminPreview(_deps: AppDeps, _url: string): Promise<AdminPreview> {
  throw new UnavailableError('Feed previews are not available yet.', 'preview_unavailable');
}
