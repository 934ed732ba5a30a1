/**
 * The bundled demo content: fictional feeds written for Tidings (every town, person and publisher
 * is invented; hosts use the reserved `.example` domain). A demo source's feed_url is
 * `tidings-demo:<file>`: the poller reads `core/demo/feeds/<file>` instead of fetching, so the demo
 * needs no network; everything after that goes through the normal pipeline.
 *
 * Files may carry tokens, replaced when read so the stories are always recent:
 * `@@RFC822:-3h@@` / `@@ISO:-3h@@` (a date 3 hours before now, `m`/`h`/`d` units) and `@@BASE@@`
 * (PUBLIC_BASE_URL, for the demo images served from `/demo/images/`). The images are WebP, like
 * the photographs real feeds carry: the browser decodes them off the main thread, where an SVG
 * picture is drawn on it (each of the brief's SVGs cost the home page a long task on Lighthouse's
 * throttled phone).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from 'mongodb';
import { newSourceDefaults, type SourceDoc } from '../domain/source.ts';
import { countSources, insertNewSources } from '../store/sources.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PREFIX = 'tidings-demo:';

/** The demo sources: name, bundled file, homepage, paywall flag. */
export const DEMO_SOURCES: ReadonlyArray<{ id: string; name: string; file: string; homepage: string; paywalled: boolean; topic_hint: string }> = [
  { id: 'harbour-light-gazette', name: 'Harbour Light Gazette', file: 'harbour-light.xml', homepage: 'https://harbour-light.example/', paywalled: false, topic_hint: 'community' },
  { id: 'meadowfield-science-notes', name: 'Meadowfield Science Notes', file: 'meadowfield-science.atom', homepage: 'https://meadowfield-science.example/', paywalled: false, topic_hint: 'science' },
  { id: 'the-quiet-ledger', name: 'The Quiet Ledger', file: 'quiet-ledger.rdf', homepage: 'https://quiet-ledger.example/', paywalled: true, topic_hint: 'economy' },
  { id: 'daily-clamour', name: 'The Daily Clamour', file: 'daily-clamour.xml', homepage: 'https://daily-clamour.example/', paywalled: false, topic_hint: 'community' },
];

/** True for a `tidings-demo:<file>` feed URL. */
export function isDemoFeedUrl(url: string): boolean {
  return url.startsWith(PREFIX);
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Replace the date and base tokens of a demo file. */
export function expandDemoTokens(text: string, now: Date, baseUrl: string): string {
  return text
    .replace(/@@(RFC822|ISO):-(\d+)([mhd])@@/g, (_all, format: string, amount: string, unit: string) => {
      const date = new Date(now.getTime() - Number(amount) * (UNIT_MS[unit] ?? 0));
      return format === 'ISO' ? date.toISOString() : date.toUTCString();
    })
    .replace(/@@BASE@@/g, baseUrl.replace(/\/+$/, ''));
}

/** The text of a bundled demo feed (tokens expanded), or null for an unknown name. Only listed files are readable. */
export function readDemoFeed(feedUrl: string, now: Date, baseUrl: string): string | null {
  const file = feedUrl.slice(PREFIX.length);
  if (!DEMO_SOURCES.some((s) => s.file === file)) return null;
  return expandDemoTokens(readFileSync(path.join(here, 'feeds', file), 'utf8'), now, baseUrl);
}

/** The demo sources as documents, due for polling now. */
export function demoSourceDocs(now: Date): SourceDoc[] {
  return DEMO_SOURCES.map((s) => ({
    ...newSourceDefaults(now),
    _id: s.id,
    name: s.name,
    feed_url: `${PREFIX}${s.file}`,
    homepage: s.homepage,
    paywalled: s.paywalled,
    topic_hint: s.topic_hint,
  }));
}

/** Load the demo sources when the database has no sources at all. Returns how many were added. */
export async function ensureDemoSources(db: Db, now: Date): Promise<number> {
  if ((await countSources(db)) > 0) return 0;
  return insertNewSources(db, demoSourceDocs(now));
}
