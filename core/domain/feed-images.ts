/**
 * The one honest image of a feed item: the first candidate that is http(s), looks like a picture,
 * is not a logo, share card or tracking pixel and is not tiny; images a feed repeats on several
 * items are its share card and are dropped.
 */
import { decodeEntities } from './feed-html.ts';
import { canonicalLink } from './links.ts';
import { elementsNamed, openingTags } from './markup-scan.ts';

/** URL fragments that mark a branded or generic share image, not a picture of the story. */
const GENERIC_IMAGE = /(logo|placeholder|default[-_.]?(image|img|thumb|share)?|share[-_]?(image|card)|og[-_]?(image|default)|social[-_]?(card|share)|fallback|favicon|apple-touch|avatar|gravatar|icon|sprite|spacer|pixel|1x1|blank|no[-_]?image|badge|banner|feedburner|feeds\.feedburner|wp-includes)/i;

/** One image candidate as found in the feed. */
export interface ImageCandidate {
  url: string;
  /** MIME type or media:medium when given. */
  type?: string | null;
  width?: number | null;
  height?: number | null;
}

/** The first usable image: http(s), looks like a picture, not generic, not tiny. */
export function chooseImage(candidates: ImageCandidate[], base?: string): string | null {
  for (const c of candidates) {
    // Each test only skips a candidate, so the cheap ones go first and the URL is parsed once, last.
    if ((c.width != null && c.width > 0 && c.width < 120) || (c.height != null && c.height > 0 && c.height < 80)) continue;
    const type = (c.type ?? '').toLowerCase();
    if (type && !type.startsWith('image') && type !== 'image') continue;
    const url = canonicalLink(c.url, base);
    if (!url) continue;
    const href = url.href;
    if (!type && /\.(mp3|mp4|m4a|ogg|wav|pdf|mov|webm)(\?|$)/i.test(href)) continue;
    if (GENERIC_IMAGE.test(url.pathname + url.hostname)) continue;
    return href;
  }
  return null;
}

const IMAGES = elementsNamed(['img']);

/**
 * `<img src>` candidates inside item HTML, in document order. Linear in the HTML (feed HTML is
 * hostile): the tags are read by `openingTags` (core/domain/markup-scan.ts).
 */
export function imagesInHtml(html: string): ImageCandidate[] {
  const out: ImageCandidate[] = [];
  for (const tag of openingTags(html, IMAGES)) {
    const src = /\ssrc\s*=\s*["']([^"']{1,4096})["']/i.exec(tag)?.[1];
    if (!src) continue;
    const width = Number(/\swidth\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? NaN);
    const height = Number(/\sheight\s*=\s*["']?(\d+)/i.exec(tag)?.[1] ?? NaN);
    out.push({ url: decodeEntities(src), width: Number.isNaN(width) ? null : width, height: Number.isNaN(height) ? null : height });
  }
  return out;
}

/**
 * Images that appear on more than one item of the same feed are the publisher's share card, not a
 * picture of each story: return the set to drop.
 */
export function repeatedImages(images: Array<string | null>): Set<string> {
  const counts = new Map<string, number>();
  for (const image of images) if (image) counts.set(image, (counts.get(image) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n > 1).map(([url]) => url));
}
