/**
 * The supervised candidate queue (SPEC.md "Source candidate", candidate fetch rules): stage a feed
 * URL with a preview, re-preview, promote into a real source, or reject. Order of work on POST: the
 * admin gate (already passed), the body, the URL's shape, duplicate checks, then the safe fetch with
 * no database call in flight, and only then the write.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError, NotFoundError } from '../../../core/platform/errors.ts';
import { checkUrl } from '../../../core/pipeline/fetcher.ts';
import { candidateName, OPEN_CANDIDATE_STATUSES, candidateTransition, candidateView, initialCandidateStatus, type CandidateDoc } from '../../../core/domain/candidate.ts';
import { randomId, slugId } from '../../../core/domain/ids.ts';
import { newSourceDefaults, type SourceDoc } from '../../../core/domain/source.ts';
import { sourcesCollection } from '../../../core/store/collections.ts';
import { findCandidate, findCandidateByUrl, insertCandidate, listCandidates, savePreview, transitionCandidate } from '../../../core/store/candidates.ts';
import { findSource } from '../../../core/store/sources.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { sourceHealthView } from './sources.ts';
import { adminPreview } from './preview.ts';
import { jsonBody } from '../../validate.ts';
import { ADMIN_BODY, pathId } from './input.ts';

/** 409: the request clashes with the current state (CONTRACT.md is silent; docs/admin.md records it). */
class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(code, message, 409);
  }
}

const createBody = z.object({ url: z.string().trim().min(1, 'a feed URL is needed').max(2048) });
const promoteBody = z.object({ activate: z.boolean().optional() });

function found(candidate: CandidateDoc | null): CandidateDoc {
  if (!candidate) throw new NotFoundError('No candidate with that id.');
  return candidate;
}

/** A source id derived from the name, made unique with a short suffix when taken. */
async function freeSourceId(deps: AppDeps, name: string): Promise<string> {
  const base = slugId(name);
  if (!(await findSource(deps.db, base))) return base;
  return `${base.slice(0, 40)}-${randomId().slice(0, 6).toLowerCase()}`;
}

/** The candidates sub-app, mounted at `/api/admin/candidates` behind the admin gate. */
export function adminCandidatesRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => c.json({ items: (await listCandidates(deps.db)).map(candidateView) }));

  app.post('/', jsonBody(createBody, ADMIN_BODY), async (c) => {
    const body = c.req.valid('json');
    // Shape first (scheme, userinfo, port, literal private address): a refused URL costs nothing.
    const url = checkUrl(body.url, deps.config.fetchAllowPrivate).href;
    if (await sourcesCollection(deps.db).findOne({ feed_url: url }, { projection: { _id: 1 } })) {
      throw new ConflictError('That feed is already a source.', 'already_a_source');
    }
    const existing = await findCandidateByUrl(deps.db, url);
    if (existing) throw new ConflictError(`That feed is already staged (${existing.status}); use re-preview.`, 'already_staged');

    const preview = await adminPreview(deps, url); // network only: no database call in flight

    const now = deps.now();
    const doc: CandidateDoc = {
      _id: randomId(),
      url,
      name: candidateName(new URL(url), preview.feed_title),
      status: initialCandidateStatus(preview),
      preview_json: preview,
      source_id: null,
      created_at: now,
      updated_at: now,
      previewed_at: now,
    };
    await insertCandidate(deps.db, doc);
    return c.json({ candidate: candidateView(doc) }, 201);
  });

  app.post('/:id/preview', async (c) => {
    const candidate = found(await findCandidate(deps.db, pathId(c, 'candidate')));
    const preview = await adminPreview(deps, candidate.url); // network only
    // The status is left alone: a re-preview never revives a rejected candidate.
    const updated = found(await savePreview(deps.db, candidate._id, preview, candidateName(new URL(candidate.url), preview.feed_title), deps.now()));
    return c.json({ candidate: candidateView(updated) });
  });

  app.post('/:id/reject', async (c) => {
    const candidate = found(await findCandidate(deps.db, pathId(c, 'candidate')));
    if (candidateTransition(candidate.status, 'reject') === null) throw new ConflictError(`A ${candidate.status} candidate cannot be rejected.`, 'invalid_transition');
    if (candidate.status === 'rejected') return c.json({ candidate: candidateView(candidate) });
    const updated = await transitionCandidate(deps.db, candidate._id, OPEN_CANDIDATE_STATUSES, 'rejected', deps.now());
    if (!updated) throw new ConflictError('The candidate changed meanwhile; reload and try again.', 'invalid_transition');
    return c.json({ candidate: candidateView(updated) });
  });

  app.post('/:id/promote', jsonBody(promoteBody, ADMIN_BODY), async (c) => {
    const candidate = found(await findCandidate(deps.db, pathId(c, 'candidate')));
    const { activate } = c.req.valid('json');
    if (candidateTransition(candidate.status, 'promote') === null) throw new ConflictError(`A ${candidate.status} candidate cannot be promoted.`, 'invalid_transition');
    if (await sourcesCollection(deps.db).findOne({ feed_url: candidate.url }, { projection: { _id: 1 } })) {
      throw new ConflictError('That feed is already a source.', 'already_a_source');
    }
    const now = deps.now();
    const status = activate === true ? 'active' : 'paused';
    const preview = candidate.preview_json;
    // The preview's paywall view is the domain-level hint (every sampled item flagged paywalled).
    const paywalled = typeof preview === 'object' && preview !== null && 'paywalled' in preview && preview.paywalled === true;
    const source: SourceDoc = {
      ...newSourceDefaults(now),
      _id: await freeSourceId(deps, candidate.name),
      name: candidate.name,
      feed_url: candidate.url,
      homepage: new URL(candidate.url).origin,
      paywalled,
      status,
      active: status === 'active',
    };
    await sourcesCollection(deps.db).insertOne(source);
    const updated = await transitionCandidate(deps.db, candidate._id, OPEN_CANDIDATE_STATUSES, 'promoted', now, { source_id: source._id });
    if (!updated) {
      // A concurrent reject or promote won: take the new source back so no orphan remains.
      await sourcesCollection(deps.db).deleteOne({ _id: source._id });
      throw new ConflictError('The candidate changed meanwhile; reload and try again.', 'invalid_transition');
    }
    return c.json({ source: sourceHealthView(source), candidate: candidateView(updated) }, 201);
  });

  return app;
}
