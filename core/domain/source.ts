/**
 * The Source resource (SPEC.md "Source"): its stored shape, the status state table and derived metrics.
 */

/** The polling statuses of a source, in the admin's order. */
export const SOURCE_STATUSES = ['active', 'paused', 'retired'] as const;

/** Polling status of a source. */
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** The statuses an OPML import may give the sources it adds: paused (the default: nothing is fetched until an operator resumes them) or active. */
export const IMPORT_STATUSES = ['paused', 'active'] as const satisfies readonly SourceStatus[];
/** One of IMPORT_STATUSES. */
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Largest OPML file of sources read (bytes): the server's limit, and the admin page's check before it sends one. */
export const OPML_MAX_BYTES = 5 * 1024 * 1024;

/** Whether a source is failing: its last poll failed, or it has failures counted (the stats' `source_health.failing` and the admin table's filter). */
export const isFailingSource = (s: { failures: number; last_error: string | null }): boolean => s.failures > 0 || s.last_error !== null;

/** A source as stored in the `sources` collection. */
export interface SourceDoc {
  _id: string;
  name: string;
  feed_url: string;
  homepage: string;
  status: SourceStatus;
  /** Mirror of status: true exactly when status is `active`. */
  active: boolean;
  content_visible: boolean;
  paywalled: boolean;
  review_reason: string | null;
  /** Optional topic hint for the classifier: one of our topic ids (from the seed list or an OPML category). */
  topic_hint?: string | null;
  /** The folder and category names an OPML import found for it, as written (exported back as `category`). */
  topic_hints?: string[];
  /** A one-line description (from an OPML import's `description`). */
  description?: string | null;
  // Polling health
  etag: string | null;
  last_modified: string | null;
  last_success_at: Date | null;
  last_attempt_at: Date | null;
  next_poll_at: Date;
  failures: number;
  retry_after: Date | null;
  last_error: string | null;
  // Metrics (see README "Source metrics")
  total_articles: number;
  accepted_total: number;
  duplicates: number;
  accepted_duplicates: number;
  with_image: number;
  served: number;
  created_at: Date;
  updated_at: Date;
}

/** Fields a new source starts with, apart from its identity. */
export function newSourceDefaults(now: Date): Omit<SourceDoc, '_id' | 'name' | 'feed_url' | 'homepage'> {
  return {
    status: 'active',
    active: true,
    content_visible: true,
    paywalled: false,
    review_reason: null,
    topic_hint: null,
    etag: null,
    last_modified: null,
    last_success_at: null,
    last_attempt_at: null,
    next_poll_at: now,
    failures: 0,
    retry_after: null,
    last_error: null,
    total_articles: 0,
    accepted_total: 0,
    duplicates: 0,
    accepted_duplicates: 0,
    with_image: 0,
    served: 0,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The status a source moves to when `requested` is applied to `current` (SPEC.md state table):
 * restoring a retired source (asking for `active` or `paused`) lands on `paused`.
 */
export function nextStatus(current: SourceStatus, requested: SourceStatus): SourceStatus {
  if (current === 'retired' && requested !== 'retired') return 'paused';
  return requested;
}

/** Derived percentages (0–100, one decimal) of a source's metrics. */
export function sourceRates(s: Pick<SourceDoc, 'total_articles' | 'accepted_total' | 'duplicates' | 'accepted_duplicates' | 'with_image'>): {
  acceptance_rate: number;
  duplicate_rate: number;
  accepted_duplicate_rate: number;
  image_coverage: number;
} {
  const pct = (n: number, d: number) => (d > 0 ? Math.round((1000 * n) / d) / 10 : 0);
  return {
    acceptance_rate: pct(s.accepted_total, s.total_articles),
    duplicate_rate: pct(s.duplicates, s.total_articles),
    accepted_duplicate_rate: pct(s.accepted_duplicates, s.accepted_total + s.accepted_duplicates),
    image_coverage: pct(s.with_image, s.total_articles),
  };
}

/**
 * A source as the admin's health list answers it (`GET /api/admin/sources` and the single-source
 * answers of its actions): the stored fields with dates as ISO text, and the derived rates. The
 * route returns it and the admin page's `AdminSource` is read from it, so the two cannot drift.
 */
export type SourceHealthView = Omit<SourceDoc, '_id' | 'etag' | 'last_modified' | 'description' | 'topic_hint' | 'topic_hints' | DateField> & {
  id: string;
  description: string | null;
  topic_hint: string | null;
  topic_hints: string[];
} & { [K in DateField]: string | null } & ReturnType<typeof sourceRates>;

/** The fields of a stored source that hold a date. */
type DateField = 'last_success_at' | 'last_attempt_at' | 'next_poll_at' | 'retry_after' | 'created_at' | 'updated_at';
