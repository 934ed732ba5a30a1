/**
 * The source candidate (SPEC.md "Source candidate" and its state table): a feed URL staged apart
 * from the real sources, never polled, with a stored snapshot of its latest preview.
 */

import { isOneOf } from './guards.ts';

/** Where a candidate can stand. */
export const CANDIDATE_STATUSES = ['suggested', 'quarantined', 'rejected', 'promoted'] as const;

/** Where a candidate stands. */
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** The statuses a candidate can still be rejected or promoted from: it waits for the admin's decision. */
export const OPEN_CANDIDATE_STATUSES = ['suggested', 'quarantined'] as const satisfies readonly CandidateStatus[];

/** Whether a candidate still waits for a decision (reject and promote start only there). */
export const isOpenCandidate = (status: CandidateStatus): boolean => isOneOf(OPEN_CANDIDATE_STATUSES, status);

/** Whether a value is a candidate status (the admin page reads the queue's answers with it). */
export const isCandidateStatus = (v: unknown): v is CandidateStatus => isOneOf(CANDIDATE_STATUSES, v);

/** What can be done to a candidate. */
export type CandidateAction = 'repreview' | 'reject' | 'promote';

/** A candidate as stored in the `candidates` collection. */
export interface CandidateDoc {
  _id: string;
  /** The feed URL as submitted (normalised by `new URL`). */
  url: string;
  /** Derived display name (the feed's title, else the host). */
  name: string;
  status: CandidateStatus;
  /** The latest preview result (SPEC.md "Preview result", with the classify view). */
  preview_json: unknown;
  /** Id of the source created on promote, else null. */
  source_id: string | null;
  created_at: Date;
  updated_at: Date;
  previewed_at: Date;
}

/**
 * The status after `action`, or null when the action is not allowed from `current`:
 * re-preview keeps the status (a rejected candidate stays rejected; a promoted one stays promoted);
 * reject and promote start only from suggested or quarantined. Rejecting a rejected candidate is a
 * harmless repeat and keeps it rejected.
 */
export function candidateTransition(current: CandidateStatus, action: CandidateAction): CandidateStatus | null {
  switch (action) {
    case 'repreview':
      return current;
    case 'reject':
      if (current === 'rejected') return 'rejected';
      return isOpenCandidate(current) ? 'rejected' : null;
    case 'promote':
      return isOpenCandidate(current) ? 'promoted' : null;
  }
}

/**
 * The status a freshly staged candidate starts in: `quarantined` when its preview sampled nothing
 * or the gate would accept none of the sample (it needs a closer human look before promotion),
 * else `suggested`. SPEC.md leaves this open; docs/admin.md records the choice.
 */
export function initialCandidateStatus(preview: { sample_size: number; acceptance_rate: number }): CandidateStatus {
  return preview.sample_size === 0 || preview.acceptance_rate === 0 ? 'quarantined' : 'suggested';
}

/** A display name for a feed: its own title when it has one, else the URL's host. */
export function candidateName(url: URL, feedTitle: string | null | undefined): string {
  const title = (feedTitle ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
  return title || url.hostname.replace(/^www\./, '');
}

/** A candidate as the admin routes answer it (`GET /api/admin/candidates` and each action): the stored candidate with its dates as ISO text. */
export type CandidateView = Omit<CandidateDoc, '_id' | 'created_at' | 'updated_at' | 'previewed_at'> & {
  id: string;
  created_at: string;
  updated_at: string;
  previewed_at: string;
};

/** The public JSON shape of a candidate. */
export function candidateView(doc: CandidateDoc): CandidateView {
  return {
    id: doc._id,
    url: doc.url,
    name: doc.name,
    status: doc.status,
    preview_json: doc.preview_json,
    source_id: doc.source_id,
    created_at: doc.created_at.toISOString(),
    updated_at: doc.updated_at.toISOString(),
    previewed_at: doc.previewed_at.toISOString(),
  };
}
