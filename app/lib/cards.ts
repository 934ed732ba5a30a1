/**
 * The card shape the app renders, and tolerant guards that turn untrusted JSON (API answers, the
 * built brief JSON, localStorage) into cards. A malformed entry is skipped, never rendered.
 */
import { scoreOf, type DeviceCard } from '../../core/domain/article.ts';
import { isRecord, isValidId, stringsOf, textOf } from '../../core/domain/guards.ts';

/** An article card as the app uses it (SPEC.md "Article (feed item shape)"; the shape is core/domain's). */
export type Card = DeviceCard;

/** A brief: 7 cards and its content-change stamp. */
export interface Brief {
  items: Card[];
  /** '' when the server has not composed a brief yet. */
  generated_at: string;
}


/** Only http(s) URLs survive (a `javascript:` link from a hostile feed never reaches an href). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Parse one card, or null when it lacks an id, a title or a safe publisher URL. */
export function parseCard(value: unknown): Card | null {
  if (!isRecord(value) || !isValidId(value.id)) return null;
  const title = textOf(value.title).trim();
  const url = httpUrl(value.url);
  if (!title || !url) return null;
  const source = isRecord(value.source) ? value.source : null;
  return {
    id: value.id,
    title,
    url,
    image: httpUrl(value.image),
    why: textOf(value.why),
    source_id: textOf(value.source_id, textOf(source?.id)),
    source_name: textOf(value.source_name, textOf(source?.name, 'the publisher')),
    tags: stringsOf(value.tags).slice(0, 4),
    topic: textOf(value.topic),
    flavor: textOf(value.flavor),
    paywalled: value.paywalled === true,
    cortisol: scoreOf(value.cortisol),
    ragebait: scoreOf(value.ragebait),
    summary: typeof value.summary === 'string' && value.summary ? value.summary : null,
    published_at: typeof value.published_at === 'string' && !Number.isNaN(Date.parse(value.published_at)) ? value.published_at : null,
    line: textOf(value.line, textOf(value.why)),
    also_reported_by: Array.isArray(value.also_reported_by) ? value.also_reported_by.filter((n): n is string => typeof n === 'string' && n.length > 0).slice(0, 50) : [],
    reading_minutes: typeof value.reading_minutes === 'number' && Number.isInteger(value.reading_minutes) && value.reading_minutes > 0 && value.reading_minutes < 1000 ? value.reading_minutes : null,
  };
}

/** Parse a list of cards, skipping malformed entries and repeated ids. */
export function parseCards(value: unknown): Card[] {
  const list = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.items) ? value.items : [];
  const seen = new Set<string>();
  const out: Card[] = [];
  for (const entry of list) {
    const card = parseCard(entry);
    if (card && !seen.has(card.id)) {
      seen.add(card.id);
      out.push(card);
    }
  }
  return out;
}

/** Parse a brief (`{items, generated_at}`), or null. */
export function parseBrief(value: unknown): Brief | null {
  if (!isRecord(value)) return null;
  // `generated_at` is null before the first brief job ran: such a brief takes no soft override.
  const stamp = value.generated_at;
  if (stamp !== null && (typeof stamp !== 'string' || Number.isNaN(Date.parse(stamp)))) return null;
  return { items: parseCards(value.items), generated_at: stamp ?? '' };
}

/** Parse a replacement answer: a card, `{item: card}`, or anything else meaning "nothing left". */
export function parseReplacement(value: unknown): Card | null {
  if (isRecord(value) && 'item' in value) return parseCard(value.item);
  if (isRecord(value) && Array.isArray(value.items)) return parseCard(value.items[0]);
  return parseCard(value);
}
