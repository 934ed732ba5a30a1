/**
 * Importing and exporting sources as OPML (docs/admin.md "Importing and exporting sources"), shared
 * by `npm run sources` and the admin routes.
 *
 * An import reads the whole file first (core/domain/opml.ts) and checks every feed address; only
 * then does it write, so a file that is too large, not well-formed or not OPML adds nothing. Each
 * feed outline becomes a source with the chosen status (paused unless asked otherwise), keyed by its
 * feed URL: one already stored, or listed twice, is reported as already present and left as it is.
 * Addresses the safe fetcher would refuse (a scheme other than http/https, a user name, a refused
 * port, a private or loopback address unless FETCH_ALLOW_PRIVATE) are refused with its reason.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from 'mongodb';
import type { Config } from '../platform/config.ts';
import { decodeFeedBytes } from '../domain/charset.ts';
import { randomId, slugId } from '../domain/ids.ts';
import { canonicalUrl } from '../domain/links.ts';
import { readOpml, renderSourcesOpml, topicFromHints, type ImportSummary, type OpmlEntry } from '../domain/opml.ts';
import { newSourceDefaults, OPML_MAX_BYTES, type ImportStatus, type SourceDoc } from '../domain/source.ts';
import { errorText, ValidationError } from '../platform/errors.ts';
import { checkUrl } from './fetcher.ts';
import { listAllSources } from '../store/admin-sources.ts';
import { sourcesCollection } from '../store/collections.ts';
import { refreshMetricsOf } from '../store/sources.ts';

/** The starter set of real good-news publishers shipped with Tidings (`npm run sources -- import --starter`). */
export const STARTER_OPML = path.resolve(import.meta.dirname, '../starter/sources.opml');

/** Read the shipped starter set. */
export function starterOpml(): Buffer {
  return readFileSync(STARTER_OPML);
}

/** How the imported sources start, and what addresses may be imported. */
export interface ImportOptions {
  status: ImportStatus;
  /** FETCH_ALLOW_PRIVATE: loopback and private addresses are accepted (tests, local demos). */
  allowPrivate: boolean;
  now: Date;
}

/** A duplicate-key error from the driver (the unique `_id` or `feed_url`). */
const isDuplicateKey = (error: unknown): boolean => typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;

/** The feed URL as stored, or the reason it is refused. */
function feedAddress(raw: string, allowPrivate: boolean): { url: URL } | { reason: string } {
  if (raw.length > 2048) return { reason: 'the address is longer than 2,048 characters' };
  let url: URL;
  try {
    url = checkUrl(raw, allowPrivate);
  } catch (error) {
    return { reason: errorText(error) };
  }
  const host = url.hostname.toLowerCase();
  if (!allowPrivate && (host === 'localhost' || host.endsWith('.localhost'))) return { reason: `${host} is not a public address.` };
  return { url };
}

/** An http(s) homepage, else the feed's origin. */
function homepageOf(htmlUrl: string | null, feed: URL): string {
  if (htmlUrl) {
    try {
      const url = new URL(htmlUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // not a URL: the feed's origin below
    }
  }
  return feed.origin;
}

/**
 * Import an OPML file's bytes. Throws ValidationError (nothing written) when the file as a whole
 * cannot be imported; otherwise returns the summary of every outline.
 */
export async function importOpml(db: Db, bytes: Uint8Array, contentType: string | undefined, options: ImportOptions): Promise<ImportSummary> {
  if (bytes.byteLength > OPML_MAX_BYTES) {
    throw new ValidationError(`The file is ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB; an OPML import takes at most ${OPML_MAX_BYTES / 1024 / 1024} MB. Nothing was imported.`, 'payload_too_large');
  }
  const reading = readOpml(decodeFeedBytes(bytes, contentType));
  if (!reading.ok) throw new ValidationError(`${reading.reason} Nothing was imported.`, 'invalid_opml');

  const summary: ImportSummary = { title: reading.title, added: [], present: [], refused: [...reading.refused] };
  const stored = await sourcesCollection(db).find({}, { projection: { _id: 1, feed_url: 1 } }).toArray();
  const byFeed = new Map(stored.map((s) => [s.feed_url, s._id]));
  const takenIds = new Set(stored.map((s) => s._id));
  const planned: Array<{ entry: OpmlEntry; doc: SourceDoc }> = [];
  const inFile = new Set<string>();

  for (const entry of reading.entries) {
    const checked = feedAddress(entry.xmlUrl, options.allowPrivate);
    if ('reason' in checked) {
      summary.refused.push({ name: entry.name, url: entry.xmlUrl, reason: checked.reason });
      continue;
    }
    const feedUrl = checked.url.href;
    const name = entry.name || checked.url.hostname;
    const canonical = canonicalUrl(feedUrl);
    const existing = byFeed.get(feedUrl) ?? (canonical ? byFeed.get(canonical) : undefined);
    if (existing) {
      summary.present.push({ name, feed_url: feedUrl, source_id: existing, reason: 'already a source' });
      continue;
    }
    if (inFile.has(feedUrl) || (canonical && inFile.has(canonical))) {
      summary.present.push({ name, feed_url: feedUrl, source_id: '', reason: 'listed earlier in this file' });
      continue;
    }
    inFile.add(feedUrl);
    if (canonical) inFile.add(canonical);
    let id = slugId(name);
    for (let n = 2; takenIds.has(id); n += 1) id = `${slugId(name).slice(0, 44)}-${n}`;
    takenIds.add(id);
    planned.push({
      entry,
      doc: {
        ...newSourceDefaults(options.now),
        _id: id,
        name,
        feed_url: feedUrl,
        homepage: homepageOf(entry.htmlUrl, checked.url),
        status: options.status,
        active: options.status === 'active',
        topic_hint: topicFromHints(entry.hints),
        topic_hints: entry.hints,
        description: entry.description,
      },
    });
  }

  for (const { doc } of planned) {
    let candidate = doc;
    for (let attempt = 0; ; attempt += 1) {
      try {
        // Keyed by feed URL: a source added meanwhile by someone else is left as it is.
        const result = await sourcesCollection(db).updateOne({ feed_url: candidate.feed_url }, { $setOnInsert: candidate }, { upsert: true });
        if (result.upsertedCount === 1) summary.added.push({ id: candidate._id, name: candidate.name, feed_url: candidate.feed_url, status: options.status });
        else {
          const other = await sourcesCollection(db).findOne({ feed_url: candidate.feed_url }, { projection: { _id: 1 } });
          summary.present.push({ name: candidate.name, feed_url: candidate.feed_url, source_id: other?._id ?? '', reason: 'already a source' });
        }
        break;
      } catch (error) {
        // Another writer took the id between our read and this insert: a fresh suffix, a few times.
        if (!isDuplicateKey(error) || attempt >= 3) throw error;
        candidate = { ...candidate, _id: `${slugId(candidate.name).slice(0, 40)}-${randomId().slice(0, 6).toLowerCase()}` };
      }
    }
  }
  await refreshMetricsOf(db, [...summary.added.map((a) => a.id), ...summary.present.map((p) => p.source_id).filter(Boolean)], options.now);
  return summary;
}

/** Every source (all statuses, with status) as an OPML document. */
export async function exportOpml(db: Db, config: Pick<Config, 'serviceName'>, now: Date): Promise<string> {
  return renderSourcesOpml(await listAllSources(db), { title: `${config.serviceName} sources`, now });
}

/** A summary as lines for a terminal or a log. */
export function summaryLines(summary: ImportSummary): string[] {
  const lines = [`Added ${summary.added.length}, already present ${summary.present.length}, refused ${summary.refused.length}.`];
  for (const a of summary.added) lines.push(`added     ${a.name} <${a.feed_url}> (${a.status})`);
  for (const p of summary.present) lines.push(`present   ${p.name} <${p.feed_url}>: ${p.reason}`);
  for (const r of summary.refused) lines.push(`refused   ${r.name || '(no name)'}${r.url ? ` <${r.url}>` : ''}: ${r.reason}`);
  return lines;
}
