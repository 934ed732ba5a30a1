/**
 * The Preview result (SPEC.md "Preview result"): what a feed would bring if it were polled, from a
 * sample of its items and their classifications. Pure: classified items and `now` in.
 */
import type { Classification } from './article.ts';
import { gateDecision } from './gate.ts';

/** One sampled item with its classification. */
export interface PreviewItem {
  title: string;
  url: string;
  published_at: Date;
  paywalled: boolean;
  has_image: boolean;
  classification: Classification;
  by: 'model' | 'offline';
}

/** The preview of a feed. Percentages are 0–100 with one decimal; scores are averages with one decimal. */
export interface PreviewResult {
  url: string;
  feed_title: string | null;
  sample_size: number;
  /** Newest and oldest item dates in the sample, and the newest item's age in hours. */
  freshness: { newest_at: string | null; oldest_at: string | null; newest_age_hours: number | null };
  /** Share of the sample the calm gate would accept. */
  acceptance_rate: number;
  /** Items of the sample published in the last 7 days. */
  recent_7_days: number;
  avg_cortisol: number;
  avg_ragebait: number;
  avg_promotional: number;
  image_coverage: number;
  paywalled: boolean;
  examples: { accepted: string[]; skipped: Array<{ title: string; reason: string; cues: string[] }> };
  /** With `classify`: how the sample spreads over topics and flavors. */
  topic_mix?: Record<string, number>;
  flavor_mix?: Record<string, number>;
  /** With `classify`: the classifier's own acceptance view (the model's for admins, else offline). */
  model_view?: { classified_by: 'model' | 'offline' | 'mixed'; accept_rate: number };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const pct = (n: number, d: number) => (d > 0 ? round1((100 * n) / d) : 0);
const avg = (values: number[]) => (values.length ? round1(values.reduce((a, b) => a + b, 0) / values.length) : 0);

function mix(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** Summarise classified sample items into a Preview result. */
export function summarizePreview(items: PreviewItem[], options: { url: string; feedTitle: string | null; now: Date; withClassify: boolean }): PreviewResult {
  const sorted = [...items].sort((a, b) => b.published_at.getTime() - a.published_at.getTime());
  const decisions = sorted.map((i) => ({ item: i, gate: gateDecision(i.classification) }));
  const newest = sorted[0]?.published_at ?? null;
  const oldest = sorted[sorted.length - 1]?.published_at ?? null;
  const weekAgo = options.now.getTime() - 7 * 24 * 3600 * 1000;
  const result: PreviewResult = {
    url: options.url,
    feed_title: options.feedTitle,
    sample_size: sorted.length,
    freshness: {
      newest_at: newest?.toISOString() ?? null,
      oldest_at: oldest?.toISOString() ?? null,
      newest_age_hours: newest ? round1((options.now.getTime() - newest.getTime()) / 3_600_000) : null,
    },
    acceptance_rate: pct(decisions.filter((d) => d.gate.accepted).length, sorted.length),
    recent_7_days: sorted.filter((i) => i.published_at.getTime() >= weekAgo).length,
    avg_cortisol: avg(sorted.map((i) => i.classification.cortisol)),
    avg_ragebait: avg(sorted.map((i) => i.classification.ragebait)),
    avg_promotional: avg(sorted.map((i) => i.classification.promotional)),
    image_coverage: pct(sorted.filter((i) => i.has_image).length, sorted.length),
    paywalled: sorted.length > 0 && sorted.every((i) => i.paywalled),
    examples: {
      accepted: decisions.filter((d) => d.gate.accepted).slice(0, 5).map((d) => d.item.title),
      skipped: decisions
        .filter((d) => !d.gate.accepted)
        .slice(0, 5)
        .map((d) => ({ title: d.item.title, reason: d.gate.reason ?? 'model', cues: d.item.classification.offline?.cues ?? [] })),
    },
  };
  if (options.withClassify) {
    const by = new Set(sorted.map((i) => i.by));
    result.topic_mix = mix(sorted.map((i) => i.classification.topic));
    result.flavor_mix = mix(sorted.map((i) => i.classification.flavor));
    result.model_view = {
      classified_by: by.size > 1 ? 'mixed' : by.has('model') ? 'model' : 'offline',
      accept_rate: pct(sorted.filter((i) => i.classification.accept).length, sorted.length),
    };
  }
  return result;
}
