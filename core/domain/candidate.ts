/**
 * The source candidate (SPEC.md "Source candidate" and its state table): a feed URL staged apart
 * from the real sources, never polled, with a stored snapshot of its latest preview.
 */

/** Where a candidate stands. */
export type CandidateStatus = 'suggested' | 'quarantined' | 'rejected' | 'promoted';

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
      return current === 'suggested' || current === 'quarantined' ? 'rejected' : null;
    case 'promote':
      return current === 'suggested' || current === 'quarantined' ? 'promoted' : null;
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

/** The public JSON shape of a candidate. */
export function candidateView(doc: CandidateDoc): Record<string, unknown> {
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
