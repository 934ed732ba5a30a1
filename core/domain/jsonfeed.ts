/**
 * JSON Feed 1.0 and 1.1 (https://www.jsonfeed.org/version/1.1/): recognised by the document's
 * `version` URL (http or https, `/version/1` or `/version/1.1`) or by the `application/feed+json`
 * content type, and mapped into the item shape of the one normaliser (`FeedItemFields`). Every
 * field is checked by a schema; a field of the wrong type is dropped, not the item, and an item
 * that is not an object is skipped. Valid JSON that is not a JSON Feed (an "RSS in JSON" document,
 * an API answer) is refused with a reason.
 */
import { z } from 'zod';
import type { FeedItemFields, MediaFields } from './normalize.ts';

/** The `version` URLs of JSON Feed 1.0 and 1.1 (feeds in the wild also write http and a trailing slash). */
const VERSION = /^https?:\/\/jsonfeed\.org\/version\/1(\.1)?\/?$/i;

/** A string field: anything else is dropped. */
const text = z.string().optional().catch(undefined);

const attachment = z.object({ url: z.string(), mime_type: z.string() });

/** One item, as the spec defines it (ids are coerced to strings, as the spec asks readers to). */
const itemSchema = z.object({
  id: z.union([z.string(), z.number().transform(String)]).optional().catch(undefined),
  url: text,
  external_url: text,
  title: text,
  content_html: text,
  content_text: text,
  summary: text,
  image: text,
  banner_image: text,
  date_published: text,
  date_modified: text,
  attachments: z.array(z.unknown()).optional().catch(undefined),
});

const feedSchema = z.object({
  version: text,
  title: text,
  items: z.array(z.unknown()),
});

/** A JSON Feed read into the normaliser's shape (its title untrimmed), or why the document is not one. */
export type JsonFeedRead = { kind: 'feed'; title: string | null; items: FeedItemFields[] } | { kind: 'refused'; reason: string };

/** True when the Content-Type names JSON Feed itself. */
export function isJsonFeedType(contentType: string | undefined): boolean {
  return /^\s*application\/feed\+json\b/i.test(contentType ?? '');
}

/** One JSON Feed item in the normaliser's shape. */
function toFields(item: z.infer<typeof itemSchema>): FeedItemFields {
  const media: MediaFields[] = [];
  for (const url of [item.image, item.banner_image]) if (url) media.push({ $: { url, medium: 'image' } });
  for (const raw of item.attachments ?? []) {
    const file = attachment.safeParse(raw);
    if (file.success && file.data.mime_type.startsWith('image/')) media.push({ $: { url: file.data.url, type: file.data.mime_type } });
  }
  return {
    title: item.title,
    link: item.url ?? item.external_url,
    guid: item.id,
    'content:encoded': item.content_html,
    content: item.content_text,
    summary: item.summary,
    mediaContent: media,
    pubDate: item.date_published,
    date: item.date_modified,
  };
}

/**
 * Read a JSON document as a JSON Feed. `limit` caps the items mapped (the normaliser keeps at most
 * that many anyway), so a document of a million tiny items costs no more than a normal one.
 */
export function readJsonFeed(body: string, contentType: string | undefined, limit = 100): JsonFeedRead {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return { kind: 'refused', reason: 'the response is not valid JSON' };
  }
  const feed = feedSchema.safeParse(doc);
  const versioned = feed.success && feed.data.version !== undefined && VERSION.test(feed.data.version);
  if (!feed.success || !(versioned || isJsonFeedType(contentType))) {
    return { kind: 'refused', reason: 'the JSON is not a JSON Feed (no jsonfeed.org version and items)' };
  }
  const items: FeedItemFields[] = [];
  for (const raw of feed.data.items.slice(0, limit)) {
    const item = itemSchema.safeParse(raw);
    if (item.success) items.push(toFields(item.data));
  }
  // The title as the feed gives it: parseFeed trims and cuts every format's title by one rule.
  return { kind: 'feed', title: feed.data.title ?? null, items };
}
