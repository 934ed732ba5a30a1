/**
 * Admin analytics (SPEC.md `GET /api/admin/stats`): pure aggregation of event rows, the articles
 * they point to, account and feedback counts, the corpus and the sources, into every figure the
 * dashboard shows. Groupings and topics are derived from `article_id` here, at query time; they are
 * never stored on events. No figure names a visitor, a user or an address (no personal data).
 */
import { addDays, utcDay } from './days.ts';
import { isFailingSource, type SourceDoc } from './source.ts';
import { displayName, tagFamily } from './taxonomy.ts';

/** The allowed windows (SPEC.md "Limits"). */
export const STATS_WINDOWS = [7, 30, 90] as const;
/** One allowed window. */
export type StatsWindow = (typeof STATS_WINDOWS)[number];

/**
 * `days` clamped to 7, 30 or 90 (default 30): the smallest window covering the request, so 1–7 →
 * 7, 8–30 → 30, anything larger → 90; a missing or non-numeric value → 30.
 */
export function clampDays(raw: string | null | undefined): StatsWindow {
  const n = raw === null || raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n)) return 30;
  if (n <= 7) return 7;
  if (n <= 30) return 30;
  return 90;
}

/** The `n` day keys (`utcDay`, computed in code: the embedded database lacks `$dateToString`) ending with today's, oldest first. */
export function lastDays(now: Date, n: number): string[] {
  const today = utcDay(now);
  return Array.from({ length: n }, (_, i) => addDays(today, i - (n - 1)));
}

/** An event row as the statistics read it. */
export interface StatsEvent {
  kind: string;
  article_id: string | null;
  visitor_hash: string;
  day: string;
}

/** What the statistics need of an article. */
export interface StatsArticle {
  _id: string;
  title: string;
  source_id: string;
  topic: string;
  tags: string[];
  flavor: string;
  cortisol: number;
  ragebait: number;
  paywalled: boolean;
}

/** Counts taken directly from the store (not time-windowed unless named so). */
export interface StatsCounts {
  accounts_total: number;
  accounts_new: number;
  feedback_unread: number;
  feedback_total: number;
  articles_total: number;
  articles_accepted: number;
  articles_duplicates: number;
  articles_paywalled: number;
}

/** Everything `computeStats` aggregates. `events` must cover max(days, 30) days ending today. */
export interface StatsInput {
  now: Date;
  days: StatsWindow;
  events: readonly StatsEvent[];
  articles: readonly StatsArticle[];
  counts: StatsCounts;
  sources: readonly Pick<SourceDoc, 'status' | 'content_visible' | 'review_reason' | 'failures' | 'last_error' | 'paywalled'>[];
}

const SHARE_KINDS = ['share_svc', 'copy_source', 'native_share'] as const;
/** Returning-visitor buckets: how many distinct days a visitor was seen in the window. */
const BUCKETS: readonly { label: string; min: number; max: number }[] = [
  { label: '1 day', min: 1, max: 1 },
  { label: '2-3 days', min: 2, max: 3 },
  { label: '4-7 days', min: 4, max: 7 },
  { label: '8+ days', min: 8, max: Infinity },
];

const pct = (n: number, d: number) => (d > 0 ? Math.round((1000 * n) / d) / 10 : 0);
const round1 = (n: number) => Math.round(n * 10) / 10;

function increment<K>(map: Map<K, number>, key: K, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Map entries sorted by count (desc), then key, at most `limit`. */
function ranked<K extends string>(map: Map<K, number>, limit: number): Array<[K, number]> {
  return [...map.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
}

function distinctVisitors(events: readonly StatsEvent[], days: ReadonlySet<string>): number {
  const seen = new Set<string>();
  for (const e of events) if (days.has(e.day)) seen.add(e.visitor_hash);
  return seen.size;
}

/** Every figure of the admin dashboard. */
export function computeStats(input: StatsInput) {
  const { now, days, counts } = input;
  const windowDays = lastDays(now, days);
  const inWindow = new Set(windowDays);
  const events = input.events.filter((e) => inWindow.has(e.day));
  const articles = new Map(input.articles.map((a) => [a._id, a] as const));

  const kindCounts = new Map<string, number>();
  const dailyVisitors = new Map<string, Set<string>>();
  const dailyOpens = new Map<string, number>();
  const visitorDays = new Map<string, Set<string>>();
  const articleOpens = new Map<string, number>();
  for (const e of events) {
    increment(kindCounts, e.kind);
    let set = dailyVisitors.get(e.day);
    if (!set) dailyVisitors.set(e.day, (set = new Set()));
    set.add(e.visitor_hash);
    let vd = visitorDays.get(e.visitor_hash);
    if (!vd) visitorDays.set(e.visitor_hash, (vd = new Set()));
    vd.add(e.day);
    if (e.kind === 'open') {
      increment(dailyOpens, e.day);
      if (e.article_id) increment(articleOpens, e.article_id);
    }
  }
  const count = (kind: string) => kindCounts.get(kind) ?? 0;

  // Groupings, topics and the emotional mix of what was opened, derived from article_id now.
  const tagOpens = new Map<string, number>();
  const topicOpens = new Map<string, number>();
  const flavorOpens = new Map<string, number>();
  let scored = 0;
  let cortisolSum = 0;
  let ragebaitSum = 0;
  let paywalledOpens = 0;
  for (const [id, opens] of articleOpens) {
    const a = articles.get(id);
    if (!a) continue;
    for (const tag of a.tags) increment(tagOpens, tag, opens);
    increment(topicOpens, a.topic, opens);
    increment(flavorOpens, a.flavor, opens);
    scored += opens;
    cortisolSum += a.cortisol * opens;
    ragebaitSum += a.ragebait * opens;
    if (a.paywalled) paywalledOpens += opens;
  }

  let returning = 0;
  const bucketCounts = BUCKETS.map(() => 0);
  for (const set of visitorDays.values()) {
    if (set.size >= 2) returning += 1;
    const index = BUCKETS.findIndex((b) => set.size >= b.min && set.size <= b.max);
    if (index >= 0) bucketCounts[index] = (bucketCounts[index] ?? 0) + 1;
  }

  const shareTotal = SHARE_KINDS.reduce((n, k) => n + count(k), 0);
  const sources = input.sources;

  return {
    days,
    from: windowDays[0] ?? utcDay(now),
    to: utcDay(now),
    visitors: {
      today: distinctVisitors(input.events, new Set(lastDays(now, 1))),
      last_7_days: distinctVisitors(input.events, new Set(lastDays(now, 7))),
      last_30_days: distinctVisitors(input.events, new Set(lastDays(now, 30))),
      in_window: visitorDays.size,
    },
    returning: { returning, one_and_done: visitorDays.size - returning },
    returning_buckets: BUCKETS.map((b, i) => ({ label: b.label, visitors: bucketCounts[i] ?? 0 })),
    daily: windowDays.map((day) => ({ day, visits: dailyVisitors.get(day)?.size ?? 0, opens: dailyOpens.get(day) ?? 0 })),
    top_articles: ranked(articleOpens, 10).map(([id, opens]) => {
      const a = articles.get(id);
      return { id, title: a?.title ?? null, source_id: a?.source_id ?? null, opens };
    }),
    groupings: ranked(tagOpens, 20).map(([tag, opens]) => ({ tag, name: displayName(tag), family: tagFamily(tag), opens })),
    topics: ranked(topicOpens, 20).map(([topic, opens]) => ({ topic, name: displayName(topic), opens })),
    shares: { share_svc: count('share_svc'), copy_source: count('copy_source'), native_share: count('native_share'), total: shareTotal },
    funnel: {
      opens: count('open'),
      summary_viewed: count('summary_viewed'),
      source_click: count('source_click'),
      full_story: count('full_story'),
      summary_to_source_rate: pct(count('source_click'), count('summary_viewed')),
    },
    emotional_mix: {
      flavors: ranked(flavorOpens, 20).map(([flavor, opens]) => ({ flavor, name: displayName(flavor), opens })),
      avg_cortisol: scored > 0 ? round1(cortisolSum / scored) : null,
      avg_ragebait: scored > 0 ? round1(ragebaitSum / scored) : null,
    },
    friction: {
      not_today: count('not_today'),
      less_like_this: count('less_like_this'),
      hide_topic: count('hide_topic'),
      replace_used: count('replace_used'),
      replace_none: count('replace_none'),
    },
    paywall: {
      paywall_replace: count('paywall_replace'),
      paywalled_source_open: count('paywalled_source_open'),
      paywalled_opens: paywalledOpens,
      paywalled_articles: counts.articles_paywalled,
      paywalled_sources: sources.filter((s) => s.paywalled).length,
    },
    accounts: { total: counts.accounts_total, new_in_window: counts.accounts_new },
    feedback_unread: counts.feedback_unread,
    feedback_total: counts.feedback_total,
    corpus: {
      articles: counts.articles_total,
      accepted: counts.articles_accepted,
      rejected: counts.articles_total - counts.articles_accepted,
      duplicates: counts.articles_duplicates,
      acceptance_rate: pct(counts.articles_accepted, counts.articles_total),
    },
    source_health: {
      total: sources.length,
      active: sources.filter((s) => s.status === 'active').length,
      paused: sources.filter((s) => s.status === 'paused').length,
      retired: sources.filter((s) => s.status === 'retired').length,
      hidden: sources.filter((s) => !s.content_visible).length,
      flagged: sources.filter((s) => s.review_reason !== null).length,
      failing: sources.filter(isFailingSource).length,
    },
  };
}

/** The dashboard figures' type. */
export type AdminStats = ReturnType<typeof computeStats>;
