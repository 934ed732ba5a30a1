/**
 * Synthetic benchmark data, generated in code from a seeded PRNG (nothing downloaded, the same
 * bytes on every run): visible sources, public-pool articles with realistic card fields, and RSS /
 * Atom feeds with the noise real feeds carry (tracking parameters, HTML teasers, media images,
 * entities, near-duplicate stories told by two publishers).
 */
import type { ArticleDoc } from '../../core/domain/article.ts';
import { fingerprint } from '../../core/domain/fingerprint.ts';
import { stableId } from '../../core/domain/ids.ts';
import { newSourceDefaults, type SourceDoc } from '../../core/domain/source.ts';
import { FLAVORS, TAG_FAMILIES, TOPICS } from '../../core/domain/taxonomy.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';
import { retellTeaser } from '../../core/domain/offline-summary.ts';
import { OFFLINE_WRITER_VERSION } from '../../core/domain/summary.ts';

/** A deterministic PRNG (mulberry32): same seed, same sequence. */
export const prng = mulberry32;

/** One element of a non-empty list, chosen by `rand`. */
export function pick<T>(rand: () => number, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const SUBJECTS = ['Volunteers', 'Students', 'Neighbours', 'Researchers', 'A small library', 'Retired teachers', 'A village choir', 'Gardeners',
  'Young engineers', 'A coastal town', 'Nurses', 'A community kitchen', 'Astronomers', 'Beekeepers', 'A school orchestra', 'Rangers'];
const VERBS = ['restore', 'open', 'celebrate', 'plant', 'rebuild', 'discover', 'launch', 'share', 'repair', 'map', 'welcome', 'protect'];
const OBJECTS = ['a riverside meadow', 'the old lighthouse', 'a seed library', 'a rare orchid colony', 'a free repair café', 'a night-sky reserve',
  'the harbour footpath', 'a reading garden', 'a solar-powered ferry', 'a coral nursery', 'a forgotten orchard', 'a puppet theatre'];
const PLACES = ['in Northfield', 'near Lake Orra', 'on the west coast', 'in the valley', 'across three towns', 'after ten years', 'by the estuary',
  'in the old mill', 'for the first time', 'with local help', 'on market day', 'before spring'];
/** Words the realistic prefs avoid; a few percent of stories mention one. */
export const AVOID_WORDS = ['election', 'celebrity', 'crypto'] as const;
const TEASER_WORDS = ('the project began with a handful of people and a borrowed van and grew into something the whole town now '
  + 'looks forward to every week with tea and cake and a list of small jobs that add up to a lot').split(' ');

/** A calm headline; one in `avoidEvery` mentions one of the avoid words. */
export function headline(rand: () => number, n: number, avoidEvery = 25): string {
  const base = `${pick(rand, SUBJECTS)} ${pick(rand, VERBS)} ${pick(rand, OBJECTS)} ${pick(rand, PLACES)}`;
  const extra = n % avoidEvery === 0 ? ` after the ${pick(rand, AVOID_WORDS)} fuss` : '';
  return `${base}${extra} (${n})`;
}

const PAST: Readonly<Record<string, string>> = {
  restore: 'restored', open: 'opened', celebrate: 'celebrated', plant: 'planted', rebuild: 'rebuilt', discover: 'discovered',
  launch: 'launched', share: 'shared', repair: 'repaired', map: 'mapped', welcome: 'welcomed', protect: 'protected',
};
const HELPERS = ['neighbours of every age', 'a dozen volunteers', 'pupils from the primary school', 'the local rowing club', 'two retired engineers', 'families from the estate'];
const WHEN = ['on Saturday', 'last week', 'over the winter', 'this spring', 'on Sunday morning', 'over three weekends'];

/**
 * Story `n`'s teaser as publishers write them: short sentences the offline summary writer retells
 * on compromise, at the cost of real teasers. Its own PRNG, so the article's other fields do not move.
 */
function storyTeaser(n: number): string {
  const rand = prng(9_000_000 + n);
  const helpers = pick(rand, HELPERS);
  return `${pick(rand, SUBJECTS)} ${PAST[pick(rand, VERBS)]} ${pick(rand, OBJECTS)} ${pick(rand, PLACES)} ${pick(rand, WHEN)}. `
    + `${helpers.charAt(0).toUpperCase()}${helpers.slice(1)} ${PAST[pick(rand, VERBS)]} ${pick(rand, OBJECTS)} nearby, and the town has asked them back. `
    + 'Organisers hope to make it a yearly event.';
}

function teaser(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(pick(rand, TEASER_WORDS));
  return `${out.join(' ')}.`;
}

/** `count` active, visible sources. */
export function makeSources(count: number, now: Date): SourceDoc[] {
  const out: SourceDoc[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push({
      ...newSourceDefaults(now),
      _id: `bench-source-${i}`,
      name: `Bench Source ${i}`,
      feed_url: `http://127.0.0.1:9/bench-${i}.xml`,
      homepage: `https://source-${i}.example.org/`,
      paywalled: i % 10 === 9,
    });
  }
  return out;
}

const ALL_TAGS = TAG_FAMILIES.flatMap((f) => f.tags);

/**
 * `count` public-pool articles (accepted, canonical), numbered from `start`, spread over the 30
 * days before `now` across `sources`; a third carry a cached summary, most an image. Their teasers
 * are runs of random words unless `storyTeasers` (see storyTeaser: the offline writer declines the
 * former untagged, and retells the latter in ~10-20 ms each on this machine, as real teasers).
 */
export function makeArticles(count: number, sources: readonly SourceDoc[], now: Date, start = 0, options: { storyTeasers?: boolean } = {}): ArticleDoc[] {
  const rand = prng(1000 + start);
  const out: ArticleDoc[] = [];
  for (let i = start; i < start + count; i += 1) {
    const source = sources[i % sources.length];
    if (!source) throw new Error('makeArticles needs at least one source');
    const url = `https://source-${i % sources.length}.example.org/2026/story-${i}`;
    const title = headline(rand, i);
    const published = new Date(now.getTime() - Math.floor(rand() * 30 * 86_400_000));
    const tags = [pick(rand, ALL_TAGS)];
    if (rand() < 0.5) tags.push(pick(rand, ALL_TAGS.filter((t) => t !== tags[0])));
    // Drawn either way, so every other field is the same with story teasers.
    const words = teaser(rand, 60);
    out.push({
      _id: stableId(url),
      source_id: source._id,
      guid: `urn:bench:${i}`,
      url,
      title,
      teaser: options.storyTeasers ? storyTeaser(i) : words,
      image: rand() < 0.7 ? `https://images.example.org/${i}.jpg` : null,
      paywalled: source.paywalled,
      published_at: published,
      discovered_at: new Date(published.getTime() + 600_000),
      topic: pick(rand, TOPICS).id,
      tags,
      flavor: pick(rand, FLAVORS).id,
      cortisol: Math.floor(rand() * 5),
      ragebait: Math.floor(rand() * 4),
      promotional: Math.floor(rand() * 3),
      why: 'People quietly making their corner of the world a little better.',
      accepted: true,
      reject_reason: null,
      classified_by: 'seed',
      duplicate_of: null,
      fingerprint: fingerprint(title),
      summary: rand() < 0.33
        ? { summary: teaser(rand, 40), what_happened: null, why_matters: null, why_belongs: null, generated_by: 'seed', generated_at: published }
        : null,
      updated_at: published,
    });
  }
  return out;
}

/**
 * The articles with the teaser's retelling the ingest stores with every accepted story (done here,
 * outside any measurement): the stored pool as the site build meets it.
 */
export function withStoredOffline(articles: readonly ArticleDoc[]): ArticleDoc[] {
  return articles.map((a) => ({ ...a, offline_summary: { retold: retellTeaser(a), writer: OFFLINE_WRITER_VERSION, written_at: a.discovered_at } }));
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One generated feed: its text and how many items it holds. */
export interface GeneratedFeed {
  name: string;
  xml: string;
  items: number;
}

/**
 * `feeds` feeds of `itemsPerFeed` items each: RSS 2.0 with media and HTML teasers, every fifth one
 * Atom. Every tenth story is retold by the next feed (a near-duplicate across sources), and a few
 * are not calm at all (the gate must reject them), as in real feeds. The headlines' small template
 * also makes stories the same by chance: with 100 × 50 items, 2,365 are near-duplicates of an
 * earlier one, not the ~500 retold (docs/benchmarks.md, "What each figure means": ingest).
 */
export function makeFeeds(feeds: number, itemsPerFeed: number, now: Date, seed = 7): GeneratedFeed[] {
  const rand = prng(seed);
  const titles: string[][] = [];
  for (let f = 0; f < feeds; f += 1) {
    const list: string[] = [];
    for (let i = 0; i < itemsPerFeed; i += 1) {
      const shared = i % 10 === 0 && f > 0 ? titles[f - 1]?.[i] : undefined;
      const n = f * itemsPerFeed + i;
      list.push(shared ? `${shared.replace(/ \(\d+\)$/, '')}, locals say` : n % 17 === 0 ? `Outrage as shocking crash kills commuters (${n})` : headline(rand, n));
    }
    titles.push(list);
  }
  return titles.map((list, f) => {
    const atom = f % 5 === 4;
    const items = list.map((title, i) => {
      const when = new Date(now.getTime() - (i * 3 + f) * 3_600_000);
      const link = `https://feed-${f}.example.org/news/${f}-${i}?utm_source=rss&utm_medium=feed&id=${i}`;
      const body = `<p>${xmlEscape(teaser(rand, 45))}</p><p><img src="https://img-${f}.example.org/${i}.jpg" width="800" height="450"> &amp; more&hellip;</p>`;
      if (atom) {
        return `<entry><title>${xmlEscape(title)}</title><link href="${xmlEscape(link)}"/><id>tag:feed-${f},2026:${i}</id>`
          + `<updated>${when.toISOString()}</updated><summary type="html">${xmlEscape(body)}</summary></entry>`;
      }
      return `<item><title>${xmlEscape(title)}</title><link>${xmlEscape(link)}</link><guid isPermaLink="false">feed-${f}-${i}</guid>`
        + `<pubDate>${when.toUTCString()}</pubDate><description>${xmlEscape(body)}</description>`
        + `<media:content url="https://img-${f}.example.org/m/${i}.jpg" medium="image" width="1200" height="675"/></item>`;
    });
    const xml = atom
      ? `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Feed ${f}</title><id>tag:feed-${f}</id>`
        + `<updated>${now.toISOString()}</updated>${items.join('\n')}</feed>`
      : `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Feed ${f}</title>`
        + `<link>https://feed-${f}.example.org/</link><description>Calm news</description>${items.join('\n')}</channel></rss>`;
    return { name: `feed-${f}.xml`, xml, items: list.length };
  });
}

/** The realistic prefs of the API measurements: 3 avoid-terms and 2 mutes (a topic and a tag). */
export const REALISTIC_PREFS = {
  avoid_terms: [...AVOID_WORDS],
  mute_topics: ['sport'],
  mute_tags: ['fossils'],
} as const;
