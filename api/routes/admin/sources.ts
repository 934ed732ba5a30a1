/**
 * Source management (SPEC.md "Source status", visibility, review, live preview; CONTRACT.md bodies):
 * the health list, status transitions with the `active` mirror, visibility (which bumps the pool
 * version so feeds, the brief and the next build drop or restore the articles) and the review flag.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { IMPORT_STATUSES, OPML_MAX_BYTES, SOURCE_STATUSES } from '../../../core/domain/source.ts';
import { describeError, NotFoundError, ValidationError } from '../../../core/platform/errors.ts';
import { importOpml } from '../../../core/pipeline/opml.ts';
import { readModelFor } from '../../../core/readmodel/readmodel.ts';
import { sourceRates, type SourceDoc, type SourceHealthView } from '../../../core/domain/source.ts';
import { findSource } from '../../../core/store/sources.ts';
import { listAllSources, setSourceReview, setSourceStatus, setSourceVisibility } from '../../../core/store/admin-sources.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { jsonBody, limitBody, query } from '../../validate.ts';
import { ADMIN_BODY, pathId } from './input.ts';
import { adminPreview } from './preview.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A source as the health list shows it: identity, flags, polling health, metrics and derived rates. */
export function sourceHealthView(s: SourceDoc): SourceHealthView {
  return {
    id: s._id,
    name: s.name,
    feed_url: s.feed_url,
    homepage: s.homepage,
    status: s.status,
    active: s.active,
    content_visible: s.content_visible,
    paywalled: s.paywalled,
    description: s.description ?? null,
    topic_hint: s.topic_hint ?? null,
    topic_hints: s.topic_hints ?? [],
    review_reason: s.review_reason,
    last_error: s.last_error,
    last_success_at: iso(s.last_success_at),
    last_attempt_at: iso(s.last_attempt_at),
    next_poll_at: iso(s.next_poll_at),
    failures: s.failures,
    retry_after: iso(s.retry_after),
    served: s.served,
    accepted_total: s.accepted_total,
    total_articles: s.total_articles,
    duplicates: s.duplicates,
    accepted_duplicates: s.accepted_duplicates,
    with_image: s.with_image,
    ...sourceRates(s),
    created_at: iso(s.created_at),
    updated_at: iso(s.updated_at),
  };
}

const statusBody = z.object({ status: z.enum(SOURCE_STATUSES) });
const visibilityBody = z.object({ visibility: z.enum(['visible', 'hidden']) });
const ImportQuery = z.object({ status: z.enum(IMPORT_STATUSES).default('paused') });
const reviewBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('flag'), reason: z.string().trim().min(1, 'a reason is needed to flag a source').max(500) }),
  z.object({ action: z.literal('clear'), reason: z.string().optional().nullable() }),
]);

function found(source: SourceDoc | null): SourceDoc {
  if (!source) throw new NotFoundError('No source with that id.');
  return source;
}

/** The sources sub-app, mounted at `/api/admin/sources` behind the admin gate. */
export function adminSourcesRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json({ items: (await listAllSources(deps.db)).map(sourceHealthView) }));

  app.post('/:id/status', jsonBody(statusBody, ADMIN_BODY), async (c) => {
    const id = pathId(c, 'source');
    const { status } = c.req.valid('json');
    return c.json({ source: sourceHealthView(found(await setSourceStatus(deps.db, id, status, deps.now()))) });
  });

  app.post('/:id/visibility', jsonBody(visibilityBody, ADMIN_BODY), async (c) => {
    const id = pathId(c, 'source');
    const { visibility } = c.req.valid('json');
    const source = found(await setSourceVisibility(deps.db, id, visibility === 'visible', deps.now()));
    // The bumped pool version reaches every other API process within seconds; this one answers
    // from the new pool at once. The write is done either way, so a failed reload is only logged.
    await readModelFor(deps.db, deps.log).refresh().catch((error: unknown) => deps.log.warn('read model reload failed', { error: describeError(error) }));
    return c.json({ source: sourceHealthView(source) });
  });

  app.post('/:id/review', jsonBody(reviewBody, ADMIN_BODY), async (c) => {
    const id = pathId(c, 'source');
    const body = c.req.valid('json');
    const reason = body.action === 'flag' ? body.reason : null;
    return c.json({ source: sourceHealthView(found(await setSourceReview(deps.db, id, reason, deps.now()))) });
  });

  app.post('/:id/preview', async (c) => {
    const id = pathId(c, 'source');
    const source = found(await findSource(deps.db, id));
    // Read-only: the preview module fetches and classifies in memory and writes nothing.
    return c.json({ source_id: source._id, preview: await adminPreview(deps, source.feed_url, { paywalled: source.paywalled }) });
  });

  return app;
}

/**
 * OPML import, `POST /api/admin/import/sources.opml` (the counterpart of the export's
 * `GET /api/admin/export/sources.opml`). Not under `/sources`: a fixed name beside `/sources/:id/…`
 * makes Hono's RegExpRouter refuse the whole app, which then routes every request, the reading
 * path included, through the slower TrieRouter (docs/benchmarks.md).
 */
export function adminImportRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // OPML import: the file's bytes as the body (any content type; its charset is honoured), the
  // status of the new sources in the query. A file refused whole is a 422 and writes nothing.
  app.post(
    '/sources.opml',
    limitBody({ maxBytes: OPML_MAX_BYTES, tooLarge: `The file is larger than ${OPML_MAX_BYTES / 1024 / 1024} MB; an OPML import takes at most that. Nothing was imported.` }),
    query(ImportQuery),
    async (c) => {
      const { status } = c.req.valid('query');
      // The file itself, in its own charset: not JSON, so read as bytes and judged by importOpml.
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const summary = await importOpml(deps.db, bytes, c.req.header('content-type'), { status, allowPrivate: deps.config.fetchAllowPrivate, now: deps.now() });
      return c.json(summary, summary.added.length > 0 ? 201 : 200);
    },
  );
  return app;
}
