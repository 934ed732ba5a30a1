/**
 * Tolerant readers of the admin routes' answers (docs/games-admin-ui.md, "Requests"): each
 * turns the parsed JSON of one answer into the shape the server declares for it in core/domain
 * (`SourceHealthView`, `CandidateView`, `InboxItemView`, `PreviewResult`, `ImportSummary`,
 * `AdminStats`), so a field renamed on one side breaks the typecheck on the other. Every field is
 * checked before a component sees it: a missing or odd value gets its default (0, '', null, []), and
 * an item without a usable identity is dropped (null). The types come from core/domain as type
 * imports (several of those modules need Node); the few value lists the app checks with come from
 * modules without imports. Pure; loaded only in the admin chunk.
 */
import { isCandidateStatus, type CandidateView } from '../../core/domain/candidate.ts';
import { countsOf, isOneOf, isRecord, numberOf, numberOrNull, recordsOf, stringsOf, textOf, textOrNull } from '../../core/domain/guards.ts';
import type { ImportSummary } from '../../core/domain/opml.ts';
import type { PreviewResult } from '../../core/domain/preview.ts';
import type { FeedbackReplyView, InboxItemView } from '../../core/domain/reply.ts';
import { IMPORT_STATUSES, SOURCE_STATUSES, type SourceHealthView } from '../../core/domain/source.ts';
import { STATS_WINDOWS, type AdminStats } from '../../core/domain/stats.ts';

/** A plain object from JSON. */
export type Rec = Record<string, unknown>;

/** An object, or an empty one. */
const rec = (v: unknown): Rec => (isRecord(v) ? v : {});

// ---- Sources (`GET /api/admin/sources`, each action's `source`) ----

/** One row of the sources table: the fields it shows of the server's health view. */
export type AdminSource = Pick<
  SourceHealthView,
  'id' | 'name' | 'feed_url' | 'homepage' | 'status' | 'content_visible' | 'paywalled' | 'review_reason' | 'last_error' | 'last_success_at' | 'failures' | 'served' | 'acceptance_rate'
>;

/** A source status from a form value, or '' for anything else. */
export const sourceStatus = (v: unknown): '' | AdminSource['status'] => (isOneOf(SOURCE_STATUSES, v) ? v : '');

/** Read one source (null when its id, name or status is unusable). */
export function readSource(v: unknown): AdminSource | null {
  if (!isRecord(v)) return null;
  const status = sourceStatus(v.status);
  if (!status || !textOf(v.id) || typeof v.name !== 'string') return null;
  return {
    id: textOf(v.id),
    name: textOf(v.name),
    feed_url: textOf(v.feed_url),
    homepage: textOf(v.homepage),
    status,
    content_visible: v.content_visible !== false,
    paywalled: v.paywalled === true,
    review_reason: textOrNull(v.review_reason),
    last_error: textOrNull(v.last_error),
    last_success_at: textOrNull(v.last_success_at),
    failures: numberOf(v.failures),
    served: numberOf(v.served),
    acceptance_rate: numberOf(v.acceptance_rate),
  };
}

// ---- OPML import (`POST /api/admin/import/sources.opml`) ----

/** Read an import summary (null when the answer is not one). */
export function readImportSummary(v: unknown): ImportSummary | null {
  if (!isRecord(v) || !Array.isArray(v.added) || !Array.isArray(v.present) || !Array.isArray(v.refused)) return null;
  return {
    title: textOrNull(v.title),
    added: recordsOf(v.added).map((r) => ({ id: textOf(r.id), name: textOf(r.name), feed_url: textOf(r.feed_url), status: isOneOf(IMPORT_STATUSES, r.status) ? r.status : 'paused' })),
    present: recordsOf(v.present).map((r) => ({ name: textOf(r.name), feed_url: textOf(r.feed_url), source_id: textOf(r.source_id), reason: textOf(r.reason) })),
    refused: recordsOf(v.refused).map((r) => ({ name: textOf(r.name), url: textOf(r.url), reason: textOf(r.reason) })),
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
    url: textOf(v.url),
    feed_title: textOrNull(v.feed_title),
    sample_size: numberOf(v.sample_size),
    freshness: { newest_at: textOrNull(fresh.newest_at), oldest_at: textOrNull(fresh.oldest_at), newest_age_hours: numberOrNull(fresh.newest_age_hours) },
    acceptance_rate: numberOf(v.acceptance_rate),
    recent_7_days: numberOf(v.recent_7_days),
    avg_cortisol: numberOf(v.avg_cortisol),
    avg_ragebait: numberOf(v.avg_ragebait),
    avg_promotional: numberOf(v.avg_promotional),
    image_coverage: numberOf(v.image_coverage),
    paywalled: v.paywalled === true,
    examples: {
      accepted: stringsOf(examples.accepted),
      skipped: recordsOf(examples.skipped).map((s) => ({ title: textOf(s.title), reason: textOf(s.reason), cues: stringsOf(s.cues) })),
    },
  };
  if (isRecord(v.topic_mix)) preview.topic_mix = countsOf(v.topic_mix);
  if (isRecord(v.flavor_mix)) preview.flavor_mix = countsOf(v.flavor_mix);
  if (isRecord(v.model_view) && isClassifiedBy(v.model_view.classified_by)) {
    preview.model_view = { classified_by: v.model_view.classified_by, accept_rate: numberOf(v.model_view.accept_rate) };
  }
  return preview;
}

// ---- The candidate queue (`GET /api/admin/candidates`, each action's `candidate`) ----

/** One candidate as the queue shows it, its stored preview read as one. */
export type Candidate = Pick<CandidateView, 'id' | 'url' | 'name' | 'status' | 'source_id'> & { preview_json: PreviewResult | null };

/** Read one candidate (null when its id or status is unusable). */
export function readCandidate(v: unknown): Candidate | null {
  if (!isRecord(v) || !textOf(v.id) || !isCandidateStatus(v.status)) return null;
  return { id: textOf(v.id), url: textOf(v.url), name: textOf(v.name), status: v.status, source_id: textOrNull(v.source_id), preview_json: readPreview(v.preview_json) };
}

// ---- The feedback inbox (`GET /api/admin/feedback`, the read toggle's `item`, a reply's `reply`) ----

/** A reply as the inbox shows it. */
export type Reply = Pick<FeedbackReplyView, 'id' | 'message_html' | 'sent_to' | 'sent_at'>;

/** A feedback item as the inbox shows it. */
export type InboxItem = Pick<InboxItemView, 'id' | 'category' | 'contact_email' | 'message' | 'read_at' | 'created_at'> & { replies: Reply[] };

/** Read one reply (null without an id). */
export function readReply(v: unknown): Reply | null {
  if (!isRecord(v) || !textOf(v.id)) return null;
  return { id: textOf(v.id), message_html: textOf(v.message_html), sent_to: textOf(v.sent_to), sent_at: textOf(v.sent_at) };
}

/** Read one feedback item (null without an id). */
export function readInboxItem(v: unknown): InboxItem | null {
  if (!isRecord(v) || !textOf(v.id)) return null;
  return {
    id: textOf(v.id),
    category: textOrNull(v.category),
    contact_email: textOrNull(v.contact_email),
    message: textOf(v.message),
    read_at: textOrNull(v.read_at),
    created_at: textOf(v.created_at),
    replies: recordsOf(v.replies).map(readReply).filter((r): r is Reply => r !== null),
  };
}

// ---- The dashboard (`GET /api/admin/stats?days=`) ----

/** The figures of a name → count list. */
const opens = (r: Rec) => ({ name: textOf(r.name), opens: numberOf(r.opens) });

/** Read the dashboard's figures (null when the answer is not a stats object); a missing figure reads 0. */
export function readStats(v: unknown): AdminStats | null {
  if (!isRecord(v)) return null;
  const days = v.days;
  if (!isOneOf(STATS_WINDOWS, days)) return null;
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
    from: textOf(v.from),
    to: textOf(v.to),
    visitors: { today: numberOf(visitors.today), last_7_days: numberOf(visitors.last_7_days), last_30_days: numberOf(visitors.last_30_days), in_window: numberOf(visitors.in_window) },
    returning: { returning: numberOf(returning.returning), one_and_done: numberOf(returning.one_and_done) },
    returning_buckets: recordsOf(v.returning_buckets).map((b) => ({ label: textOf(b.label), visitors: numberOf(b.visitors) })),
    daily: recordsOf(v.daily).map((d) => ({ day: textOf(d.day), visits: numberOf(d.visits), opens: numberOf(d.opens) })),
    top_articles: recordsOf(v.top_articles).map((a) => ({ id: textOf(a.id), title: textOrNull(a.title), source_id: textOrNull(a.source_id), opens: numberOf(a.opens) })),
    groupings: recordsOf(v.groupings).map((g) => ({ tag: textOf(g.tag), family: textOrNull(g.family), ...opens(g) })),
    topics: recordsOf(v.topics).map((t) => ({ topic: textOf(t.topic), ...opens(t) })),
    shares: { share_svc: numberOf(shares.share_svc), copy_source: numberOf(shares.copy_source), native_share: numberOf(shares.native_share), total: numberOf(shares.total) },
    funnel: {
      opens: numberOf(funnel.opens),
      summary_viewed: numberOf(funnel.summary_viewed),
      source_click: numberOf(funnel.source_click),
      full_story: numberOf(funnel.full_story),
      summary_to_source_rate: numberOf(funnel.summary_to_source_rate),
    },
    emotional_mix: {
      flavors: recordsOf(mix.flavors).map((f) => ({ flavor: textOf(f.flavor), ...opens(f) })),
      avg_cortisol: numberOrNull(mix.avg_cortisol),
      avg_ragebait: numberOrNull(mix.avg_ragebait),
    },
    friction: {
      not_today: numberOf(friction.not_today),
      less_like_this: numberOf(friction.less_like_this),
      hide_topic: numberOf(friction.hide_topic),
      replace_used: numberOf(friction.replace_used),
      replace_none: numberOf(friction.replace_none),
    },
    paywall: {
      paywall_replace: numberOf(paywall.paywall_replace),
      paywalled_source_open: numberOf(paywall.paywalled_source_open),
      paywalled_opens: numberOf(paywall.paywalled_opens),
      paywalled_articles: numberOf(paywall.paywalled_articles),
      paywalled_sources: numberOf(paywall.paywalled_sources),
    },
    accounts: { total: numberOf(accounts.total), new_in_window: numberOf(accounts.new_in_window) },
    feedback_unread: numberOf(v.feedback_unread),
    feedback_total: numberOf(v.feedback_total),
    corpus: { articles: numberOf(corpus.articles), accepted: numberOf(corpus.accepted), rejected: numberOf(corpus.rejected), duplicates: numberOf(corpus.duplicates), acceptance_rate: numberOf(corpus.acceptance_rate) },
    source_health: {
      total: numberOf(health.total),
      active: numberOf(health.active),
      paused: numberOf(health.paused),
      retired: numberOf(health.retired),
      hidden: numberOf(health.hidden),
      flagged: numberOf(health.flagged),
      failing: numberOf(health.failing),
    },
  };
}
