/**
 * Deterministic generated inputs for the snapshot tests of the ingestion's pure functions
 * (classifier, dedupe plan, normalising). The snapshots in `fixtures/*.snapshot.json` were taken
 * from the straightforward implementations before they were optimised; the tests assert the
 * optimised ones give byte-identical results, so any change here needs a fresh snapshot.
 */
import type { DedupeEntry } from '../../core/domain/dedupe.ts';
import { fingerprint } from '../../core/domain/fingerprint.ts';
import { FLAVOR_TERMS, TAG_TERMS, TOPIC_TERMS } from '../../core/domain/lexicons.ts';
import { ADVERTISING, CALM, DISTRESSING, OUTRAGE_BAIT } from './headlines.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';

/** A deterministic PRNG (mulberry32): same seed, same sequence. */
export const prng = mulberry32;

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** Every lexicon term, turned into text the way a writer might: endings added, `?` resolved, odd case. */
function lexiconWords(): string[] {
  const terms = [
    ...[TOPIC_TERMS, TAG_TERMS, FLAVOR_TERMS].flatMap((m) => Object.values(m).flat()),
  ];
  return [...new Set(terms)];
}

const FILLER = ['the', 'a', 'town', 'after', 'new', 'of', 'in', 'with', 'and', 'for', 'river', 'old', 'school', 'park', 'people', 'week', '2026', '1,200', 'its'];
/** Characters at word edges that exercise the word-boundary rule (Unicode letters, digits, apostrophes, hyphens, marks). */
const EDGES = ['', '', '', '', '-', "'", '’', 'é', 'ß', '3', '_', '.', ',', '!', '?', ':', '"', 'ſ', 'K', 'İ', 'ı', '\u0301', '—', 'ü'];
const SEPARATORS = [' ', ' ', ' ', ' ', '  ', '\t', '\n', ' – ', ', ', ': ', '\u00a0', '\u2009'];

function word(rand: () => number, words: readonly string[]): string {
  let w = rand() < 0.6 ? pick(rand, words) : pick(rand, FILLER);
  const star = w.endsWith('*');
  w = w.replace(/\*$/, '').replace(/(.)\?/g, (_, c: string) => (rand() < 0.5 ? c : ''));
  if (star && rand() < 0.7) w += pick(rand, ['', 's', 'ed', 'ing', 'ion', "'s", '-led', 'ly']);
  const caseRoll = rand();
  if (caseRoll < 0.15) w = w.toUpperCase();
  else if (caseRoll < 0.4) w = w.charAt(0).toUpperCase() + w.slice(1);
  if (rand() < 0.12) w = pick(rand, EDGES) + w;
  if (rand() < 0.12) w += pick(rand, EDGES);
  return w;
}

function sentence(rand: () => number, words: readonly string[], min: number, max: number): string {
  const n = min + Math.floor(rand() * (max - min + 1));
  let out = '';
  for (let i = 0; i < n; i += 1) out += (i ? pick(rand, SEPARATORS) : '') + word(rand, words);
  if (rand() < 0.15) out += pick(rand, ['!', '!!', '?', '?!', '…']);
  return out;
}

/** The classifier's inputs: the labelled headlines (without and with a teaser) and generated titles and teasers. */
export function classifierInputs(): Array<{ title: string; teaser: string; topicHint: string | null }> {
  const rand = prng(11);
  const words = lexiconWords();
  const labelled = [...CALM, ...DISTRESSING, ...OUTRAGE_BAIT, ...ADVERTISING];
  const out: Array<{ title: string; teaser: string; topicHint: string | null }> = labelled.map((title) => ({ title, teaser: '', topicHint: null }));
  for (const title of labelled) out.push({ title, teaser: sentence(rand, words, 10, 40), topicHint: rand() < 0.3 ? 'science' : null });
  for (let i = 0; i < 600; i += 1) {
    out.push({ title: sentence(rand, words, 3, 14), teaser: rand() < 0.2 ? '' : sentence(rand, words, 5, 120), topicHint: rand() < 0.2 ? pick(rand, ['nature', 'sport', 'nonsense']) : null });
  }
  return out;
}

/** The dedupe plan's inputs: a stored window and an incoming batch with retold stories across sources. */
export function dedupeInputs(): { existing: DedupeEntry[]; incoming: DedupeEntry[] } {
  const rand = prng(23);
  const words = [...CALM, ...DISTRESSING].join(' ').toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 3);
  const stories: string[] = [];
  for (let i = 0; i < 300; i += 1) {
    const n = 2 + Math.floor(rand() * 9);
    stories.push(Array.from({ length: n }, () => pick(rand, words)).join(' '));
  }
  const retell = (story: string): string => {
    const parts = story.split(' ');
    const roll = rand();
    if (roll < 0.3) parts.push(pick(rand, words));
    else if (roll < 0.5 && parts.length > 1) parts.splice(Math.floor(rand() * parts.length), 1);
    else if (roll < 0.7) parts[Math.floor(rand() * parts.length)] = pick(rand, words);
    return parts.join(' ');
  };
  const base = Date.UTC(2026, 10, 1);
  const entry = (i: number, prefix: string): DedupeEntry => {
    const story = pick(rand, stories);
    const fp = rand() < 0.05 ? pick(rand, ['', 'solo', 'two words']) : fingerprint(rand() < 0.5 ? story : retell(story));
    return {
      id: `${prefix}${String(i).padStart(4, '0')}`,
      source_id: `s${Math.floor(rand() * 12)}`,
      fingerprint: fp,
      paywalled: rand() < 0.2,
      has_image: rand() < 0.6,
      // Few distinct times, so the id tie-break and the ordering are exercised too.
      published_at: new Date(base + Math.floor(rand() * 40) * 3_600_000),
    };
  };
  const existing = Array.from({ length: 250 }, (_, i) => entry(i, 'e'));
  const incoming = Array.from({ length: 900 }, (_, i) => entry(i, 'n'));
  return { existing, incoming };
}

/** Feed-ish HTML fields for the normalising functions: markup, entities, scripts, comments, CDATA, control characters. */
export function htmlInputs(): string[] {
  const rand = prng(37);
  const words = lexiconWords();
  const bits = ['<b>', '</b>', '<p class="x">', '</p>', '<br/>', '<script>alert(1)</script>', '<style>p{}</style>', '<!-- c -->', '<![CDATA[x < y]]>',
    '&amp;', '&lt;b&gt;', '&lt;/b&gt;', '&#8217;', '&#x2014;', '&nbsp;', '&bogus;', '&#0;', '&#xD800;', '&Eacute;', '\u0000', '\u200b', '\ufeff', '\u0007',
    '<a href="https://e.example/?a=1&amp;b=2">', '</a>', '<img src="x.jpg" width="10">', '<iframe src=x>in</iframe>', '<NOSCRIPT>n</noscript >', '< not a tag', '>', '<3', 'a<b', '<!--', '<', '&'];
  const out: string[] = [];
  for (let i = 0; i < 500; i += 1) {
    const n = 1 + Math.floor(rand() * (i % 5 === 0 ? 200 : 30));
    let s = '';
    for (let j = 0; j < n; j += 1) s += rand() < 0.35 ? pick(rand, bits) : pick(rand, SEPARATORS) + word(rand, words);
    out.push(s);
  }
  return out;
}

/** Links as feeds write them: schemes, credentials, odd hosts (trailing dots, IDN, IP forms), paths, tracking queries, fragments. */
export function linkInputs(): string[] {
  const rand = prng(41);
  const schemes = ['https://', 'https://', 'https://', 'http://', 'http://', 'HTTP://', 'https:', 'ftp://', 'javascript:', 'data:text/html,', 'mailto:', '//', '', ' https://', '\thttp://'];
  const users = ['', '', '', '', 'user@', 'user:pass@', ':@', 'a%40b@'];
  const hosts = ['example.org', 'EXAMPLE.org.', 'www.ft.com', 'ft.com.', 'notft.com', 'ft.com.evil.example', 'sub.nytimes.com', 'NYTimes.COM',
    'xn--bcher-kva.example', 'bücher.example', '127.0.0.1', '0x7f.1', '[::1]', '[::ffff:127.0.0.1]', 'a..b', 'localhost', '1.2.3.4.',
    'quiet-ledger.example', 'news.quiet-ledger.example.', 'ｅｘａｍｐｌｅ.com', '%65xample.com', 'img.wired.com', 'logo.example.org', 'exa mple.org', ''];
  const ports = ['', '', '', ':80', ':443', ':8080', ':0', ':65536'];
  const paths = ['', '/', '/a/b', '/a/../b', '/./x', '/%7Euser', '/ü', '/a b', '/logo.png', '/img/1.jpg', '/photos/2026/otter.JPG', '/x.mp3', '/clip.MP4',
    '/favicon.ico', '/path;param', '\\back\\slash', '/share-image.png', '/uploads/1x1.gif', '/a/b.pdf', '/wp-includes/x.png'];
  const queries = ['', '', '', '?', '?&', '?a=1', '?utm_source=x', '?UTM_Medium=y&id=2', '?utm%5Fsource=x', '?a=b+c', '?a=b%20c', '?fbclid=1&fbclid=2&k',
    '?=v', '?a=1&utm_source=2&b=%zz', "?x=~!$'()*,;:@/?", '?gclid', '?ref_src=a&ref_url=b&keep=1', '?id=7&utm_campaign=z&wt.mc_id=q', '?s=x y',
    '?utm_source=a&q=b=c', "?utm_medium=x&x=~!$'()*,;:@/?", '?fbclid=1&a=&b', '?gclid=1&k=v&k=w&=z', '?utm_source=x&q=a b', '?utm_term=1&path=/a/b?c', '?utm_source=1&é=ü'];
  const fragments = ['', '', '', '#', '#frag', '#a?b=utm_source', '#%20'];
  const relatives = ['img/1.jpg', '../x', '?q=1&utm_source=a', '#f', '', '/root?fbclid=1', '.', 'story-7'];
  const out: string[] = [];
  for (let i = 0; i < 1500; i += 1) {
    if (rand() < 0.12) {
      out.push(pick(rand, relatives));
      continue;
    }
    out.push(pick(rand, schemes) + pick(rand, users) + pick(rand, hosts) + pick(rand, ports) + pick(rand, paths) + pick(rand, queries) + pick(rand, fragments) + (rand() < 0.05 ? ' \n' : ''));
  }
  return out;
}

/** Bases feed items are resolved against (the feed's final URL). */
const FEED_BASES = ['https://base.example.org/dir/feed.xml', 'http://ft.com./news/', 'https://www.nytimes.com/rss'];
/** Bases of link resolution: none, a feed's, or one that does not parse (every link then fails). */
export const LINK_BASES: ReadonlyArray<string | undefined> = [undefined, ...FEED_BASES, 'not a url', ''];

/**
 * Parsed feed items (rss-parser's shape, as untrusted data) for `normalizeItems`: links in every
 * field that may carry one, titles and teasers with markup, Media RSS, enclosures, iTunes images,
 * images in the HTML (tiny, generic, repeated across items), and dates good, bad and future.
 */
export function feedItemInputs(): Array<{ items: unknown[]; options: { base: string; now: Date; paywalled?: boolean; maxItems?: number } }> {
  const rand = prng(43);
  const links = linkInputs();
  const html = htmlInputs();
  const now = new Date(Date.UTC(2026, 10, 22, 6));
  const maybe = <T>(p: number, value: () => T): T | undefined => (rand() < p ? value() : undefined);
  const xmlText = (value: string) => (rand() < 0.1 ? { _: value, $: { type: 'html' } } : value);
  const imageUrl = () => (rand() < 0.7 ? `https://img.example.org/${pick(rand, ['a', 'b', 'c', 'logo', 'd/e'])}.${pick(rand, ['jpg', 'png', 'mp4', 'gif'])}` : pick(rand, links));
  const dim = () => pick(rand, ['', '0', '50', '119', '120', '800', 'abc', '-1']);
  const media = () => ({ $: { url: imageUrl(), type: maybe(0.4, () => pick(rand, ['image/jpeg', 'IMAGE/PNG', 'video/mp4', 'audio/mpeg', ''])), medium: maybe(0.5, () => pick(rand, ['image', 'video'])), width: maybe(0.5, dim), height: maybe(0.5, dim) } });
  const img = () => `<img ${pick(rand, ['src', 'SRC', 'data-src'])}="${imageUrl().replace(/&/g, '&amp;')}"${rand() < 0.5 ? ` width="${dim()}"` : ''}${rand() < 0.5 ? ` height='${dim()}'` : ''}>`;
  const date = () => (rand() < 0.5 ? new Date(now.getTime() - Math.floor(rand() * 30 * 86_400_000)).toISOString()
    : pick(rand, ['Fri, 20 Nov 2026 10:00:00 GMT', '1970-01-01T00:00:00Z', '2031-01-01T00:00:00Z', 'not a date', '', ' 2026-11-21 ', '1994-12-31']));
  const item = (): unknown => {
    if (rand() < 0.03) return pick(rand, [null, 'a string', 42, [], [{ link: 'https://example.org/' }]]);
    const body = maybe(0.7, () => `${pick(rand, html)}${rand() < 0.6 ? img() : ''}${rand() < 0.3 ? img() : ''}`);
    return {
      link: maybe(0.85, () => (rand() < 0.05 ? 12345 : xmlText(pick(rand, links)))),
      'rdf:about': maybe(0.1, () => pick(rand, links)),
      guid: maybe(0.6, () => (rand() < 0.3 ? pick(rand, links) : rand() < 0.1 ? { _: ` guid-${Math.floor(rand() * 50)} `, $: { isPermaLink: 'false' } } : `guid-${Math.floor(rand() * 50)}`)),
      id: maybe(0.1, () => `tag:example.org,2026:${Math.floor(rand() * 50)}`),
      title: maybe(0.95, () => xmlText(rand() < 0.05 ? '' : pick(rand, html).slice(0, 150))),
      'content:encoded': maybe(0.3, () => body ?? ''),
      content: maybe(0.5, () => body ?? pick(rand, html)),
      summary: maybe(0.2, () => pick(rand, html)),
      mediaContent: maybe(0.4, () => Array.from({ length: 1 + Math.floor(rand() * 3) }, media)),
      mediaThumbnail: maybe(0.2, () => [media()]),
      mediaGroup: maybe(0.15, () => {
        const group = { 'media:content': maybe(0.7, () => [media(), media()]), 'media:thumbnail': maybe(0.7, () => [media()]) };
        return rand() < 0.3 ? [group] : group;
      }),
      enclosure: maybe(0.15, () => ({ url: imageUrl(), type: maybe(0.7, () => pick(rand, ['image/jpeg', 'audio/mpeg', 'video/mp4'])) })),
      itunes: maybe(0.1, () => ({ image: imageUrl() })),
      isoDate: maybe(0.5, date),
      pubDate: maybe(0.4, date),
      'dc:date': maybe(0.1, date),
      date: maybe(0.05, date),
    };
  };
  const out: ReturnType<typeof feedItemInputs> = [];
  for (let f = 0; f < 150; f += 1) {
    const items = Array.from({ length: Math.floor(rand() * 30) }, item);
    // A share card repeated on several items of one feed.
    if (rand() < 0.3) for (const it of items) if (it && typeof it === 'object' && !Array.isArray(it) && rand() < 0.5) (it as Record<string, unknown>).mediaContent = [{ $: { url: 'https://img.example.org/share.jpg', medium: 'image' } }];
    out.push({
      items,
      options: {
        base: pick(rand, FEED_BASES),
        now,
        paywalled: maybe(0.3, () => rand() < 0.5),
        maxItems: maybe(0.2, () => Math.floor(rand() * 20)),
      },
    });
  }
  return out;
}
