/**
 * OPML for operators (docs/admin.md "Importing and exporting sources"): reading a subscription list
 * into feed entries, and writing every source back out. Pure: the caller decodes the bytes, checks
 * each URL and writes the sources (core/pipeline/opml.ts).
 *
 * Reading is strict about the document and lenient about the outlines: a file that is not
 * well-formed XML, not OPML, too large or too long is refused whole (nothing is imported and the
 * reason names the line), while inside a good file each outline is judged on its own. XML
 * well-formedness is checked by fast-xml-parser's validator; the outlines are read by feedsmith's
 * OPML parser (the same XML parser; attribute names in any case, entities decoded, DOCTYPE entities
 * never expanded, nesting capped).
 */
import { XMLValidator } from 'fast-xml-parser';
import { parseOpml } from 'feedsmith';
import { xmlText } from './html.ts';
import type { ImportStatus, SourceDoc } from './source.ts';
import { TOPICS } from './taxonomy.ts';

/** Most feed outlines one file may list. */
export const OPML_MAX_FEEDS = 2000;
/** Most topic hints kept per source, and their longest length. */
const MAX_HINTS = 8;
const MAX_HINT_LENGTH = 60;
/** Longest name and description kept. */
const MAX_NAME = 200;
const MAX_DESCRIPTION = 300;

/** One feed outline of a file. */
export interface OpmlEntry {
  /** The outline's `title`, else its `text` (trimmed, whitespace collapsed); '' when it has neither. */
  name: string;
  /** `xmlUrl` as written. */
  xmlUrl: string;
  /** `htmlUrl` as written, or null. */
  htmlUrl: string | null;
  /** `description`, or null. */
  description: string | null;
  /** The enclosing folders' names, then the segments of `category` ("/Science/Space,Nature"), deduplicated. */
  hints: string[];
}

/** An outline that is not imported, and why. */
export interface OpmlRefusal {
  name: string;
  url: string;
  reason: string;
}

/** What an import did: the answer of `POST /api/admin/import/sources.opml` and what `npm run sources -- import` prints. */
export interface ImportSummary {
  /** The file's own title, when it has one. */
  title: string | null;
  added: Array<{ id: string; name: string; feed_url: string; status: ImportStatus }>;
  /** Already a source (`source_id` its id), or listed earlier in the same file (`source_id` ''). */
  present: Array<{ name: string; feed_url: string; source_id: string; reason: string }>;
  refused: OpmlRefusal[];
}

/** What a file holds, or why it was refused whole. */
export type OpmlReading =
  | { ok: true; title: string | null; entries: OpmlEntry[]; refused: OpmlRefusal[] }
  | { ok: false; reason: string };

type Outline = {
  text?: string;
  title?: string;
  xmlUrl?: string;
  htmlUrl?: string;
  url?: string;
  category?: string;
  description?: string;
  outlines?: Outline[];
};

const clean = (value: string | undefined, max: number): string => (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);

/** The name of the document's root element, or null (used to say what a non-OPML file is). */
function rootElement(text: string): string | null {
  const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
  return /<([A-Za-z_][\w:.-]*)/.exec(body)?.[1] ?? null;
}

/** A validator error in words, with its line. */
function malformed(error: { code: string; msg: string; line: number; col: number }): string {
  const open = /^Invalid '(\[[\s\S]*\])' found/.exec(error.msg);
  if (open) {
    let names: unknown;
    try {
      names = JSON.parse(open[1]!);
    } catch {
      names = null;
    }
    if (Array.isArray(names) && names.length > 0) {
      return `The file is not well-formed XML: it ends before ${names.map((n) => `<${String(n)}>`).join(', ')} ${names.length === 1 ? 'is' : 'are'} closed (cut off?).`;
    }
  }
  return `The file is not well-formed XML (line ${error.line}, column ${error.col}): ${error.msg}`;
}

/** Split hints out of folder names and a `category` attribute, first spelling kept. */
function hintsOf(folders: readonly string[], category: string | undefined): string[] {
  const raw = [...folders];
  for (const part of (category ?? '').split(',')) raw.push(...part.split('/'));
  const seen = new Set<string>();
  const hints: string[] = [];
  for (const item of raw) {
    const hint = clean(item, MAX_HINT_LENGTH);
    const key = hint.toLowerCase();
    if (!hint || seen.has(key)) continue;
    seen.add(key);
    hints.push(hint);
    if (hints.length === MAX_HINTS) break;
  }
  return hints;
}

/**
 * Read an OPML document (already decoded to text). Every outline with an `xmlUrl` is an entry
 * (outlines inside it are read too); an outline with children and no `xmlUrl` is a folder whose
 * name becomes a hint of everything inside; any other outline is refused ("no feed address").
 */
export function readOpml(text: string): OpmlReading {
  if (text.trim() === '') return { ok: false, reason: 'The file is empty.' };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { ok: false, reason: malformed(valid.err) };
  const root = rootElement(text);
  if (root?.toLowerCase() !== 'opml') return { ok: false, reason: `This is not an OPML file: its root element is <${root ?? '?'}>, not <opml>.` };
  let outlines: Outline[] | undefined;
  let title: string | null = null;
  try {
    const document = parseOpml(text);
    if (!document.body) return { ok: false, reason: 'The OPML file has no <body>, so it lists no feeds.' };
    outlines = document.body.outlines;
    title = clean(document.head?.title, MAX_NAME) || null;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    if (/nested/i.test(cause)) return { ok: false, reason: 'The outlines are nested too deeply to be a subscription list.' };
    return { ok: false, reason: `The OPML file could not be read${cause ? `: ${cause}` : '.'}` };
  }
  const entries: OpmlEntry[] = [];
  const refused: OpmlRefusal[] = [];
  // Depth-first in document order, without recursion.
  const stack: Array<{ outline: Outline; folders: string[] }> = (outlines ?? []).map((outline) => ({ outline, folders: [] })).reverse();
  while (stack.length > 0) {
    const { outline, folders } = stack.pop()!;
    const name = clean(outline.title ?? outline.text, MAX_NAME);
    const children = outline.outlines ?? [];
    const xmlUrl = (outline.xmlUrl ?? '').trim();
    if (xmlUrl) {
      entries.push({
        name,
        xmlUrl,
        htmlUrl: outline.htmlUrl?.trim() || null,
        description: clean(outline.description, MAX_DESCRIPTION) || null,
        hints: hintsOf(folders, outline.category),
      });
    } else if (children.length === 0) {
      refused.push({ name, url: (outline.htmlUrl ?? outline.url ?? '').trim(), reason: 'no feed address (xmlUrl)' });
    }
    const inner = xmlUrl || !name ? folders : [...folders, name];
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push({ outline: children[i]!, folders: inner });
  }
  if (entries.length > OPML_MAX_FEEDS) {
    return { ok: false, reason: `The file lists ${entries.length.toLocaleString('en-GB')} feeds; at most ${OPML_MAX_FEEDS.toLocaleString('en-GB')} can be imported at once.` };
  }
  return { ok: true, title, entries, refused };
}

// Words a folder or category commonly uses for each of our topics (besides the topic's id and name).
const TOPIC_WORDS: Record<string, readonly string[]> = {
  science: ['research', 'space', 'astronomy'],
  technology: ['tech', 'computing', 'innovation'],
  environment: ['climate', 'energy', 'sustainability', 'green'],
  nature: ['animals', 'wildlife', 'outdoors'],
  health: ['wellbeing', 'wellness', 'medicine'],
  community: ['people', 'kindness', 'local', 'society'],
  culture: ['arts', 'art', 'music', 'books', 'film'],
  learning: ['education', 'schools'],
  sport: ['sports'],
  economy: ['business', 'work', 'money', 'finance'],
};

/** Our topic named by the first hint that names one (by id, name or a common word), or null. */
export function topicFromHints(hints: readonly string[]): string | null {
  for (const hint of hints) {
    const key = hint.toLowerCase().trim();
    for (const topic of TOPICS) {
      if (key === topic.id || key === topic.name.toLowerCase() || TOPIC_WORDS[topic.id]?.includes(key)) return topic.id;
    }
  }
  return null;
}

/** The fields of a source the export writes. */
export type ExportedSource = Pick<SourceDoc, 'name' | 'feed_url' | 'homepage' | 'status' | 'topic_hint' | 'topic_hints' | 'description'>;

/**
 * Every source as an OPML 2.0 document, by name: `text`/`title` (name), `type="rss"`, `xmlUrl`,
 * `htmlUrl`, `description`, `category` (the topic hints as "/Hint" paths) and `status` (ours:
 * active, paused or retired). Reading it back gives the same feeds, names and hints.
 */
export function renderSourcesOpml(sources: readonly ExportedSource[], meta: { title: string; now: Date }): string {
  const sorted = [...sources].sort((a, b) => a.name.localeCompare(b.name) || a.feed_url.localeCompare(b.feed_url));
  const lines = sorted.map((s) => {
    const hints = s.topic_hints && s.topic_hints.length > 0 ? s.topic_hints : s.topic_hint ? [s.topic_hint] : [];
    const attributes: Array<[string, string | null | undefined]> = [
      ['text', s.name],
      ['title', s.name],
      ['type', 'rss'],
      ['xmlUrl', s.feed_url],
      ['htmlUrl', s.homepage],
      ['description', s.description],
      ['category', hints.map((h) => `/${h.replace(/[/,]/g, ' ')}`).join(',')],
      ['status', s.status],
    ];
    return `    <outline ${attributes.filter(([, v]) => v).map(([k, v]) => `${k}="${xmlText(v)}"`).join(' ')}/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>${xmlText(meta.title)}</title>
    <dateCreated>${meta.now.toUTCString()}</dateCreated>
  </head>
  <body>
${lines.join('\n')}
  </body>
</opml>
`;
}
