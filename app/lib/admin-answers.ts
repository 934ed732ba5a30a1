/**
 * Tolerant readers of the admin routes' answers (docs/admin.md "One shape for each answer"): each
 * turns the parsed JSON of one answer into the shape the server declares for it in core/domain
 * (`SourceHealthView`, `CandidateView`, `InboxItemView`, `PreviewResult`, `ImportSummary`,
 * `AdminStats`), so a field renamed on one side breaks the typecheck on the other. Every field is
 * checked before a component sees it: a missing or odd value gets its default (0, '', null, []), and
 * an item without a usable identity is dropped (null). The types come from core/domain as type
 * imports (several of those modules need Node); the few value lists the app checks with come from
 * modules without imports. Pure; loaded only in the admin chunk.
 */
import { isCandidateStatus, type CandidateView } from '../../core/domain/candidate.ts';
import { isRecord } from '../../core/domain/guards.ts';
import type { ImportSummary } from '../../core/domain/opml.ts';
import type { PreviewResult } from '../../core/domain/preview.ts';
import type { FeedbackReplyView, InboxItemView } from '../../core/domain/reply.ts';
import { IMPORT_STATUSES, SOURCE_STATUSES, type SourceHealthView } from '../../core/domain/source.ts';
import { STATS_WINDOWS, type AdminStats } from '../../core/domain/stats.ts';

/** A plain object from JSON. */
export type Rec = Record<string, unknown>;

/** A finite number, or 0. */
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
/** A finite number, or null. */
export const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** A string, or ''. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A string, or null. */
export const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** The records of an array (anything else dropped). */
export const recs = (v: unknown): Rec[] => (Array.isArray(v) ? v.filter(isRecord) : []);
/** An object, or an empty one. */
const rec = (v: unknown): Rec => (isRecord(v) ? v : {});
/** The strings of an array (anything else dropped). */
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
/** A name → count table (non-numbers dropped). */
function counts(v: Rec): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(v)) if (typeof n === 'number' && Number.isFinite(n)) out[name] = n;
  return out;
}

// ---- Sources (`GET /api/admin/sources`, each action's `source`) ----

/** One row of the sources table: the fields it shows of the server's health view. */
export type AdminSource = Pick<
  SourceHealthView,
  'id' | 'name' | 'feed_url' | 'homepage' | 'status' | 'content_visible' | 'paywalled' | 'review_reason' | 'last_error' | 'last_success_at' | 'failures' | 'served' | 'acceptance_rate'
>;

/** A source status from a form value, or '' for anything else. */
export const sourceStatus = (v: unknown): '' | AdminSource['status'] => SOURCE_STATUSES.find((s) => s === v) ?? '';

/** Read one source (null when its id, name or status is unusable). */
export function readSource(v: unknown): AdminSource | null {
  if (!isRecord(v)) return null;
  const status = sourceStatus(v.status);
  if (!status || !str(v.id) || typeof v.name !== 'string') return null;
  return {
    id: str(v.id),
    name: str(v.name),
    feed_url: str(v.feed_url),
    homepage: str(v.homepage),
    status,
    content_visible: v.content_visible !== false,
    paywalled: v.paywalled === true,
    review_reason: strOrNull(v.review_reason),
    last_error: strOrNull(v.last_error),
    last_success_at: strOrNull(v.last_success_at),
    failures: num(v.failures),
    served: num(v.served),
    acceptance_rate: num(v.acceptance_rate),
  };
}

// ---- OPML import (`POST /api/admin/import/sources.opml`) ----

/** Read an import summary (null when the answer is not one). */
export function readImportSummary(v: unknown): ImportSummary | null {
  if (!isRecord(v) || !Array.isArray(v.added) || !Array.isArray(v.present) || !Array.isArray(v.refused)) return null;
  return {
    title: strOrNull(v.title),
    added: recs(v.added).map((r) => ({ id: str(r.id), name: str(r.name), feed_url: str(r.feed_url), status: IMPORT_STATUSES.find((s) => s === r.status) ?? 'paused' })),
    present: recs(v.present).map((r) => ({ name: str(r.name), feed_url: str(r.feed_url), source_id: str(r.source_id), reason: str(r.reason) })),
    refused: recs(v.refused).map((r) => ({ name: str(r.name), url: str(r.url), reason: str(r.reason) })),
  };
}

// ---- Feed previews (a candidate's `preview_json`, `POST /api/admin/sources/:id/preview`'s `preview`) ----

type ClassifiedBy = NonNullable<PreviewResult['model_view']>['classified_by'];
/** The classifier views a preview can name (keyed by the server's type, so the two cannot drift apart). */
const CLASSIFIED_BY: Record<ClassifiedBy, true> = { model: true, offline: true, mixed: true };
const isClassifiedBy = (v: unknown): v is ClassifiedBy => typeof v === 'string' && Object.hasOwn(CLASSIFIED_BY, v);

/** Read a feed preview (null when there is none). */
export function readPreview(v: unknown): PreviewResult | null {
  if (!isRecord(v)) return null;
  const fresh = rec(v.freshness);
  const examples = rec(v.examples);
  const preview: PreviewResult = {
    url: str(v.url),
    feed_title: strOrNull(v.feed_title),
    sample_size: num(v.sample_size),
    freshness: { newest_at: strOrNull(fresh.newest_at), oldest_at: strOrNull(fresh.oldest_at), newest_age_hours: numOrNull(fresh.newest_age_hours) },
    acceptance_rate: num(v.acceptance_rate),
    recent_7_days: num(v.recent_7_days),
    avg_cortisol: num(v.avg_cortisol),
    avg_ragebait: num(v.avg_ragebait),
    avg_promotional: num(v.avg_promotional),
    image_coverage: num(v.image_coverage),
    paywalled: v.paywalled === true,
    examples: {
      accepted: strings(examples.accepted),
      skipped: recs(examples.skipped).map((s) => ({ title: str(s.title), reason: str(s.reason), cues: strings(s.cues) })),
    },
  };
  if (isRecord(v.topic_mix)) preview.topic_mix = counts(v.topic_mix);
  if (isRecord(v.flavor_mix)) preview.flavor_mix = counts(v.flavor_mix);
  if (isRecord(v.model_view) && isClassifiedBy(v.model_view.classified_by)) {
    preview.model_view = { classified_by: v.model_view.classified_by, accept_rate: num(v.model_view.accept_rate) };
  }
  return preview;
}

// ---- The candidate queue (`GET /api/admin/candidates`, each action's `candidate`) ----

/** One candidate as the queue shows it, its stored preview read as one. */
export type Candidate = Pick<CandidateView, 'id' | 'url' | 'name' | 'status' | 'source_id'> & { preview_json: PreviewResult | null };

/** Read one candidate (null when its id or status is unusable). */
export function readCandidate(v: unknown): Candidate | null {
  if (!isRecord(v) || !str(v.id) || !isCandidateStatus(v.status)) return null;
  return { id: str(v.id), url: str(v.url), name: str(v.name), status: v.status, source_id: strOrNull(v.source_id), preview_json: readPreview(v.preview_json) };
}

// ---- The feedback inbox (`GET /api/admin/feedback`, the read toggle's `item`, a reply's `reply`) ----

/** A reply as the inbox shows it. */
export type Reply = Pick<FeedbackReplyView, 'id' | 'message_html' | 'sent_to' | 'sent_at'>;

/** A feedback item as the inbox shows it. */
export type InboxItem = Pick<InboxItemView, 'id' | 'category' | 'contact_email' | 'message' | 'read_at' | 'created_at'> & { replies: Reply[] };

/** Read one reply (null without an id). */
export function readReply(v: unknown): Reply | null {
  if (!isRecord(v) || !str(v.id)) return null;
  return { id: str(v.id), message_html: str(v.message_html), sent_to: str(v.sent_to), sent_at: str(v.sent_at) };
}

/** Read one feedback item (null without an id). */
export function readInboxItem(v: unknown): InboxItem | null {
  if (!isRecord(v) || !str(v.id)) return null;
  return {
    id: str(v.id),
    category: strOrNull(v.category),
    contact_email: strOrNull(v.contact_email),
    message: str(v.message),
    read_at: strOrNull(v.read_at),
    created_at: str(v.created_at),
    replies: recs(v.replies).map(readReply).filter((r): r is Reply => r !== null),
  };
}

// ---- The dashboard (`GET /api/admin/stats?days=`) ----

/** The figures of a name → count list. */
const opens = (r: Rec) => ({ name: str(r.name), opens: num(r.opens) });

/** Read the dashboard's figures (null when the answer is not a stats object); a missing figure reads 0. */
export function readStats(v: unknown): AdminStats | null {
  if (!isRecord(v)) return null;
  const days = STATS_WINDOWS.find((d) => d === v.days);
  if (days === undefined) return null;
  const visitors = rec(v.visitors);
  const returning = rec(v.returning);
  const shares = rec(v.shares);
  const funnel = rec(v.funnel);
  const mix = rec(v.emotional_mix);
  const friction = rec(v.friction);
  const paywall = rec(v.paywall);
  const accounts = rec(v.accounts);
  const corpus = rec(v.corpus);
  const health = rec(v.source_health);
  return {
    days,
    from: str(v.from),
    to: str(v.to),
    visitors: { today: num(visitors.today), last_7_days: num(visitors.last_7_days), last_30_days: num(visitors.last_30_days), in_window: num(visitors.in_window) },
    returning: { returning: num(returning.returning), one_and_done: num(returning.one_and_done) },
    returning_buckets: recs(v.returning_buckets).map((b) => ({ label: str(b.label), visitors: num(b.visitors) })),
    daily: recs(v.daily).map((d) => ({ day: str(d.day), visits: num(d.visits), opens: num(d.opens) })),
    top_articles: recs(v.top_articles).map((a) => ({ id: str(a.id), title: strOrNull(a.title), source_id: strOrNull(a.source_id), opens: num(a.opens) })),
    groupings: recs(v.groupings).map((g) => ({ tag: str(g.tag), family: strOrNull(g.family), ...opens(g) })),
    topics: recs(v.topics).map((t) => ({ topic: str(t.topic), ...opens(t) })),
    shares: { share_svc: num(shares.share_svc), copy_source: num(shares.copy_source), native_share: num(shares.native_share), total: num(shares.total) },
    funnel: {
      opens: num(funnel.opens),
      summary_viewed: num(funnel.summary_viewed),
      source_click: num(funnel.source_click),
      full_story: num(funnel.full_story),
      summary_to_source_rate: num(funnel.summary_to_source_rate),
    },
    emotional_mix: {
      flavors: recs(mix.flavors).map((f) => ({ flavor: str(f.flavor), ...opens(f) })),
      avg_cortisol: numOrNull(mix.avg_cortisol),
      avg_ragebait: numOrNull(mix.avg_ragebait),
    },
    friction: {
      not_today: num(friction.not_today),
      less_like_this: num(friction.less_like_this),
      hide_topic: num(friction.hide_topic),
      replace_used: num(friction.replace_used),
      replace_none: num(friction.replace_none),
    },
    paywall: {
      paywall_replace: num(paywall.paywall_replace),
      paywalled_source_open: num(paywall.paywalled_source_open),
      paywalled_opens: num(paywall.paywalled_opens),
      paywalled_articles: num(paywall.paywalled_articles),
      paywalled_sources: num(paywall.paywalled_sources),
    },
    accounts: { total: num(accounts.total), new_in_window: num(accounts.new_in_window) },
    feedback_unread: num(v.feedback_unread),
    feedback_total: num(v.feedback_total),
    corpus: { articles: num(corpus.articles), accepted: num(corpus.accepted), rejected: num(corpus.rejected), duplicates: num(corpus.duplicates), acceptance_rate: num(corpus.acceptance_rate) },
    source_health: {
      total: num(health.total),
      active: num(health.active),
      paused: num(health.paused),
      retired: num(health.retired),
      hidden: num(health.hidden),
      flagged: num(health.flagged),
      failing: num(health.failing),
    },
  };
}
