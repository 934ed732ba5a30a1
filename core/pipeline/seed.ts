/**
 * Loading sources and classified articles from a seed file (CONTRACT.md "Seed file"). Every entry is
 * validated with a schema; an invalid one is reported by its section and index and skipped, valid
 * ones still load. Idempotent: a source is keyed by its feed URL, an article by its canonical URL,
 * so loading the same file twice changes nothing. Bumps the pool version when anything was written,
 * and recomputes the metrics of every source it wrote or wrote articles for (the admin list and
 * sources.csv show the seeded counts at once).
 */
import type { Db } from 'mongodb';
import { z } from 'zod';
import type { ArticleDoc } from '../domain/article.ts';
import { fingerprint } from '../domain/fingerprint.ts';
import { gateDecision } from '../domain/gate.ts';
import { isRecord } from '../domain/guards.ts';
import { isValidId, slugId, stableId } from '../domain/ids.ts';
import { canonicalUrl } from '../domain/links.ts';
import { newSourceDefaults, SOURCE_STATUSES } from '../domain/source.ts';
import { isFlavor, isTag, isTopic } from '../domain/taxonomy.ts';
import { ValidationError } from '../platform/errors.ts';
import { changeMarker } from '../store/articles.ts';
import { articlesCollection, sourcesCollection } from '../store/collections.ts';
import { bumpPoolVersion } from '../store/meta.ts';
import { refreshMetricsOf } from '../store/sources.ts';

const httpUrl = z.string().trim().max(2048).refine((u) => canonicalUrl(u) !== null, 'must be an http(s) URL');
const score = z.number().min(0).max(10);
const optionalId = z.string().refine(isValidId, 'must be letters, digits, "_" or "-" (1-64)').optional();

const sourceSchema = z.object({
  id: optionalId,
  name: z.string().trim().min(1).max(200),
  feed_url: httpUrl,
  homepage: httpUrl.optional(),
  status: z.enum(SOURCE_STATUSES).default('active'),
  content_visible: z.boolean().default(true),
  paywalled: z.boolean().default(false),
});

const articleSchema = z.object({
  id: optionalId,
  source: z.string().trim().min(1).max(200),
  title: z.string().trim().min(1).max(500),
  url: httpUrl,
  image: httpUrl.nullable().default(null),
  published_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 date').optional(),
  topic: z.string().refine(isTopic, 'must be a known topic'),
  tags: z.array(z.string().refine(isTag, 'must be a known tag')).min(1).max(4),
  flavor: z.string().refine(isFlavor, 'must be a known flavor'),
  cortisol: score,
  ragebait: score,
  promotional: score,
  accepted: z.boolean().optional(),
  duplicate_of: z.string().refine(isValidId, 'must be an article id').nullable().default(null),
  why: z.string().trim().max(500).default(''),
  summary: z.string().trim().min(1).max(2000).optional(),
});

/** One skipped entry. */
export interface SeedIssue {
  section: 'sources' | 'articles';
  index: number;
  message: string;
}

/** What a seed run did. */
export interface SeedReport {
  sources: { inserted: number; updated: number };
  articles: { inserted: number; updated: number };
  invalid: SeedIssue[];
}

const describe = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(entry)'}: ${i.message}`).join('; ');

/** The entries of one section of the file that pass its schema, with their index; each that fails is reported and skipped. */
function* validEntries<T>(value: unknown, section: SeedIssue['section'], schema: z.ZodType<T>, report: SeedReport): Generator<[number, T]> {
  if (value === undefined) return;
  if (!Array.isArray(value)) throw new ValidationError(`"${section}" must be an array.`);
  for (const [index, raw] of value.entries()) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) yield [index, parsed.data];
    else report.invalid.push({ section, index, message: describe(parsed.error) });
  }
}

/** Load a parsed seed file. Throws ValidationError only when the file is not `{sources?, articles?}`. */
export async function seed(db: Db, data: unknown, now: Date): Promise<SeedReport> {
  if (!isRecord(data)) throw new ValidationError('A seed file is a JSON object with "sources" and "articles".');
  const file = data;
  const report: SeedReport = { sources: { inserted: 0, updated: 0 }, articles: { inserted: 0, updated: 0 }, invalid: [] };
  const known = new Map<string, { id: string; paywalled: boolean }>();
  const touched = new Set<string>();
  const remember = (s: { _id: string; name: string; paywalled: boolean }) => {
    touched.add(s._id);
    known.set(s._id, { id: s._id, paywalled: s.paywalled });
    known.set(s.name.toLowerCase(), { id: s._id, paywalled: s.paywalled });
  };

  for (const [index, s] of validEntries(file.sources, 'sources', sourceSchema, report)) {
    const feedUrl = canonicalUrl(s.feed_url) ?? s.feed_url;
    const fields = {
      name: s.name, homepage: s.homepage ?? new URL(feedUrl).origin, status: s.status, active: s.status === 'active',
      content_visible: s.content_visible, paywalled: s.paywalled, updated_at: now,
    };
    const existing = await sourcesCollection(db).findOne({ feed_url: feedUrl }, { projection: { _id: 1 } });
    if (existing) {
      await sourcesCollection(db).updateOne({ _id: existing._id }, { $set: fields });
      report.sources.updated += 1;
      remember({ _id: existing._id, ...fields });
      continue;
    }
    const id = s.id ?? slugId(s.name);
    if (await sourcesCollection(db).findOne({ _id: id }, { projection: { _id: 1 } })) {
      report.invalid.push({ section: 'sources', index, message: `id "${id}" already belongs to another feed` });
      continue;
    }
    await sourcesCollection(db).insertOne({ ...newSourceDefaults(now), ...fields, _id: id, feed_url: feedUrl, next_poll_at: now });
    report.sources.inserted += 1;
    remember({ _id: id, ...fields });
  }

  const fileIds = new Map<string, string>();
  for (const [index, a] of validEntries(file.articles, 'articles', articleSchema, report)) {
    let source = known.get(a.source) ?? known.get(a.source.toLowerCase());
    if (!source) {
      const doc = await sourcesCollection(db).findOne({ $or: [{ _id: a.source }, { name: a.source }] }, { projection: { _id: 1, name: 1, paywalled: 1 } });
      if (doc) remember(doc);
      source = doc ? { id: doc._id, paywalled: doc.paywalled } : undefined;
    }
    if (!source) {
      report.invalid.push({ section: 'articles', index, message: `source "${a.source}" is neither in the file nor in the database` });
      continue;
    }
    const url = canonicalUrl(a.url) ?? a.url;
    const gate = gateDecision({ accept: true, cortisol: a.cortisol, ragebait: a.ragebait, promotional: a.promotional });
    const accepted = a.accepted ?? gate.accepted;
    const fields = {
      source_id: source.id, url, title: a.title, image: a.image === null ? null : canonicalUrl(a.image), paywalled: source.paywalled,
      published_at: a.published_at ? new Date(a.published_at) : now, topic: a.topic, tags: [...new Set(a.tags)], flavor: a.flavor,
      cortisol: a.cortisol, ragebait: a.ragebait, promotional: a.promotional, why: a.why, accepted,
      reject_reason: accepted ? null : (gate.reason ?? 'model'), classified_by: 'seed' as const,
      duplicate_of: a.duplicate_of === null ? null : (fileIds.get(a.duplicate_of) ?? a.duplicate_of),
      fingerprint: fingerprint(a.title), updated_at: now, changed_at: changeMarker(),
      ...(a.summary ? { summary: { summary: a.summary, what_happened: null, why_matters: null, why_belongs: null, generated_by: 'seed' as const, generated_at: now } } : {}),
    };
    // Same URL, same article: the derived id first (indexed), then the URL itself (an explicit id).
    const derived = stableId(url);
    const existing = (await articlesCollection(db).findOne({ _id: derived }, { projection: { _id: 1, source_id: 1 } }))
      ?? (await articlesCollection(db).findOne({ url }, { projection: { _id: 1, source_id: 1 } }));
    if (existing) {
      touched.add(existing.source_id); // an article moved to another source leaves its old one's counts
      await articlesCollection(db).updateOne({ _id: existing._id }, { $set: fields });
      report.articles.updated += 1;
      if (a.id) fileIds.set(a.id, existing._id);
      continue;
    }
    const id = a.id ?? derived;
    if (a.id && (await articlesCollection(db).findOne({ _id: id }, { projection: { _id: 1 } }))) {
      report.invalid.push({ section: 'articles', index, message: `id "${id}" already belongs to another URL` });
      continue;
    }
    const doc: ArticleDoc = { _id: id, guid: null, teaser: '', discovered_at: now, summary: null, ...fields };
    await articlesCollection(db).insertOne(doc);
    report.articles.inserted += 1;
    if (a.id) fileIds.set(a.id, id);
  }

  if (report.sources.inserted + report.sources.updated + report.articles.inserted + report.articles.updated > 0) await bumpPoolVersion(db, now);
  await refreshMetricsOf(db, touched, now);
  return report;
}
