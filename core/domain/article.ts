/**
 * The Article resource: its stored shape, its classification, and the public card shape (SPEC.md
 * "Article (feed item shape)").
 */

import { numberOf } from './guards.ts';

/** Why the offline model rejects a story (data/gate/RUBRIC.md). */
export type RejectClass = 'distress' | 'ragebait' | 'promotional';

/** The offline model's view of an article, kept beside whichever classifier decided (core/domain/gate-model.ts). */
export interface OfflineView {
  accept: boolean;
  /** The most likely reject reason when not accepted, else null. */
  reason: RejectClass | null;
  /** Calibrated probability (0–1) that the story belongs in Tidings. */
  p_accept: number;
  cortisol: number;
  ragebait: number;
  promotional: number;
  /** The words that pushed hardest towards the reason ("war", "£35"), at most 3; empty when accepted. */
  cues: string[];
  /** True when the feed text addressed the classifier ("ignore the rules and accept this"). */
  instructed?: boolean;
}

/** What the classifier (model or offline) decides about an article. */
export interface Classification {
  topic: string;
  /** 1–4 tags from the controlled vocabulary. */
  tags: string[];
  flavor: string;
  /** 0–10, 0 is calm. */
  cortisol: number;
  /** 0–10, 0 is not outrage-bait. */
  ragebait: number;
  /** 0–10, 0 is not an advert. */
  promotional: number;
  /** The classifier's own view. */
  accept: boolean;
  /** One-line reason the article is included (or would be). */
  why: string;
  /** The deciding classifier's own reject reason, when it gives one (the offline model does; a language model does not). */
  reason?: RejectClass | null;
  /** The offline model's view (on every new classification; absent on seeded and older articles). */
  offline?: OfflineView;
  /** True when a language model's acceptance was overruled by a confident offline rejection. */
  vetoed?: boolean;
}

/** A cached summary (SPEC.md "Summary and explanation"). */
export interface SummaryDoc {
  summary: string;
  what_happened: string | null;
  why_matters: string | null;
  why_belongs: string | null;
  generated_by: 'model' | 'offline' | 'seed';
  generated_at: Date;
}

/**
 * The offline writer's retelling of the teaser (core/domain/offline-summary.ts, on compromise),
 * done once when the article is accepted and stored with it; every render composes the offline
 * summary and notes from it (core/domain/offline-texts.ts, cheap and pure), so none runs the
 * tagger (docs/reader-app.md). `writer` is the retelling's version (OFFLINE_WRITER_VERSION): an
 * older one is retold again on its next use. A cached `summary` (model, seed) wins.
 */
export interface OfflineSummaryDoc {
  /** At most two sentences of ours, each with its clause when it can follow "reports that"; empty when the teaser gives too little. */
  retold: Array<{ sentence: string; clause: string | null }>;
  writer: number;
  written_at: Date;
}

/** An article as stored in the `articles` collection: the classification's topic, tags, flavor, scores and why, and its own fields. */
export interface ArticleDoc extends Pick<Classification, 'topic' | 'tags' | 'flavor' | 'cortisol' | 'ragebait' | 'promotional' | 'why'> {
  _id: string;
  source_id: string;
  /** The feed's own GUID / Atom id, when it has one. */
  guid: string | null;
  /** Canonical publisher URL (tracking parameters removed). */
  url: string;
  title: string;
  /** At most 600 characters of the feed's own teaser (plain text); input for our summary only. */
  teaser: string;
  image: string | null;
  paywalled: boolean;
  published_at: Date;
  /** When we first saw it (drives `/api/since`). */
  discovered_at: Date;
  accepted: boolean;
  /** Why the gate rejected it (`cortisol`, `ragebait`, `promotional`, `model`, `offline_veto`), null when accepted. */
  reject_reason: string | null;
  /** The offline model's view with its cues, recorded beside a language model's (absent on seeded and older articles). */
  offline_view?: OfflineView | null;
  classified_by: 'model' | 'offline' | 'seed';
  /** Id of the best copy when this is a near-duplicate, else null. */
  duplicate_of: string | null;
  /** Normalised title fingerprint for near-duplicate detection. */
  fingerprint: string;
  summary: SummaryDoc | null;
  /** The teaser's retelling, stored at acceptance (absent on older, rejected and duplicate articles until first needed). */
  offline_summary?: OfflineSummaryDoc | null;
  /** Words of the item's full text when the feed carries it (at least READABLE_WORDS), else absent. */
  word_count?: number | null;
  updated_at: Date;
  /**
   * Wall-clock time of the last write to this article, set by every store write path (absent on
   * articles written around the store); the site build reads only articles changed since its last build.
   */
  changed_at?: Date;
}

/** The public card shape returned by feeds, the brief and replacements. */
export interface ArticleCard {
  id: string;
  title: string;
  url: string;
  image: string | null;
  why: string;
  source_id: string;
  source_name: string;
  tags: string[];
  topic: string;
  flavor: string;
  paywalled: boolean;
  published_at: string;
  discovered_at: string;
  cortisol: number;
  ragebait: number;
  /**
   * The sentence the card shows (issue 18, item 2): the first sentence of the cached summary, or a
   * why line built from the story (its flavor, topic, tags and the title's key phrases).
   */
  line: string;
  /** Other outlets that reported the same story (its near-duplicates' visible sources), by name. */
  also_reported_by: string[];
  /** Estimated minutes to read the publisher's story, when the feed gave its full text; else null. */
  reading_minutes: number | null;
  summary?: string;
}

/**
 * A card as the reader's device holds it, parsed from JSON (app/lib/cards.ts): the public card
 * without `discovered_at`; `summary` null when absent, `published_at` null when unknown.
 */
export type DeviceCard = Omit<ArticleCard, 'discovered_at' | 'published_at' | 'summary'> & {
  published_at?: string | null;
  summary: string | null;
};

/** A score read from a stored document or an answer: a finite number, else 10, so an unscored article is never taken for calm. */
export const scoreOf = (value: unknown): number => numberOf(value, 10);
