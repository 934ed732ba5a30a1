/**
 * JSON bodies of the reading answers, built from each card's JSON text (encoded once per card and
 * kept while the card lives) instead of encoding every card anew per request. The text is that of
 * `JSON.stringify` over the same values with every character above U+00FF written as a `\u` escape
 * (`oneByteJson`): the same JSON values (test/reading/brief-index.test.ts).
 */
import { hash } from 'node:crypto';
import type { ArticleCard } from '../domain/article.ts';
import type { PoolArticle } from '../domain/card.ts';
import { unitEscaper } from '../domain/escape.ts';

/** Every UTF-16 unit above U+00FF (a string holding one is kept by V8 two bytes a character) as a `\u` escape. */
const escapeWide = unitEscaper(/[\u0100-\uffff]/);

/**
 * `json` (JSON text) with every UTF-16 unit above U+00FF written as a `\u` escape: the same JSON
 * value, in a text V8 keeps one byte a character. A feed page is sent as text (`cardsTagged`), and
 * Node writes a one-byte text to a socket at memory speed but a two-byte one through a slow UTF-8
 * encoder: one curly quote in a 14 KB page took a bare server from ~29 to ~65 µs of CPU a request
 * (docs/benchmarks.md, "A page's text kept one byte a character"). Real headlines carry ’ “ ” — …
 * in most pages; a Latin-1 letter (é) stays as it is, and an escape costs 3 bytes more than the
 * character's UTF-8 (a paired surrogate, 8 more for its two escapes). Made once per card.
 */
export function oneByteJson(json: string): string {
  const escaped = escapeWide(json);
  // Escaping is not enough: V8's `replace` keeps its subject's two-byte representation, and a text
  // cut from a two-byte one keeps it too. A string made from Latin-1 bytes is one byte a character.
  return Buffer.from(escaped, 'latin1').toString('latin1');
}

// Cards are never mutated after a load (summaries live beside them on the PoolArticle), so a card's
// text stays valid as long as the card; weak keys let old snapshots go.
const encoded = new WeakMap<ArticleCard, string>();

/** `oneByteJson(JSON.stringify(card))`, encoded once per card. */
export function cardJson(card: ArticleCard): string {
  let json = encoded.get(card);
  if (json === undefined) {
    json = oneByteJson(JSON.stringify(card));
    encoded.set(card, json);
  }
  return json;
}

/** `JSON.stringify(cards)` (its wide characters escaped: `oneByteJson`). */
export function cardsJson(cards: readonly ArticleCard[]): string {
  let out = '[';
  for (let i = 0; i < cards.length; i += 1) out += (i > 0 ? ',' : '') + cardJson(cards[i] as ArticleCard);
  return out + ']';
}

/** `JSON.stringify(withSummary(a))` (`oneByteJson`): the summary key goes last, as the spread in `withSummary` puts it. */
export function briefItemJson(a: PoolArticle): string {
  if (!a.summary) return cardJson(a.card);
  // A card that already had a `summary` key would keep its place in the spread: encode it whole.
  if (Object.hasOwn(a.card, 'summary')) return oneByteJson(JSON.stringify({ ...a.card, summary: a.summary }));
  const json = cardJson(a.card);
  return `${json.slice(0, -1)},"summary":${oneByteJson(JSON.stringify(a.summary))}}`;
}

/** `JSON.stringify({ items: items.map(withSummary), generated_at })` (`oneByteJson`). */
export function briefJson(items: readonly PoolArticle[], generatedAt: string | null): string {
  let out = '{"items":[';
  for (let i = 0; i < items.length; i += 1) out += (i > 0 ? ',' : '') + briefItemJson(items[i] as PoolArticle);
  return `${out}],"generated_at":${JSON.stringify(generatedAt)}}`;
}

/** The headers `c.json` sets, for routes that send these prebuilt bodies with `c.body`. */
export const JSON_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });

// ---- The same bodies as UTF-8 bytes, joined from each card's bytes (encoded once per card). ----

const utf8 = new TextEncoder();
const cardBytesOf = new WeakMap<ArticleCard, Uint8Array>();
const itemBytesOf = new WeakMap<PoolArticle, { summary: string; bytes: Uint8Array }>();
const COMMA = utf8.encode(',');
const OPEN_BRIEF = utf8.encode('{"items":[');

/** `cardJson(card)` as UTF-8, encoded once per card. */
function cardBytes(card: ArticleCard): Uint8Array {
  let bytes = cardBytesOf.get(card);
  if (bytes === undefined) {
    bytes = utf8.encode(cardJson(card));
    cardBytesOf.set(card, bytes);
  }
  return bytes;
}

/** `briefItemJson(a)` as UTF-8, encoded once per article and summary (a patched summary is a new text). */
function briefItemBytes(a: PoolArticle): Uint8Array {
  if (!a.summary) return cardBytes(a.card);
  const held = itemBytesOf.get(a);
  if (held !== undefined && held.summary === a.summary) return held.bytes;
  const bytes = utf8.encode(briefItemJson(a));
  itemBytesOf.set(a, { summary: a.summary, bytes });
  return bytes;
}

/** `parts` joined, separated by commas, between `open` and `close`: one copy of every byte. */
function join(open: Uint8Array, parts: readonly Uint8Array[], close: Uint8Array): Uint8Array<ArrayBuffer> {
  let length = open.byteLength + close.byteLength + Math.max(0, parts.length - 1);
  for (const part of parts) length += part.byteLength;
  const out = new Uint8Array(length);
  out.set(open, 0);
  let at = open.byteLength;
  for (let i = 0; i < parts.length; i += 1) {
    if (i > 0) out.set(COMMA, at++);
    const part = parts[i] as Uint8Array;
    out.set(part, at);
    at += part.byteLength;
  }
  out.set(close, at);
  return out;
}

/** Words of a card's tag: the first 128 bits of the SHA-256 of its bytes, as four 32-bit words. */
const TAG_WORDS = 4;
const cardWordsOf = new WeakMap<ArticleCard, Int32Array>();

/** A card's tag words (of its bytes `bytes`), made once per card. */
function cardWords(card: ArticleCard, bytes: Uint8Array): Int32Array {
  let words = cardWordsOf.get(card);
  if (words === undefined) {
    const digest = hash('sha256', bytes, 'buffer');
    words = new Int32Array(TAG_WORDS);
    for (let k = 0; k < TAG_WORDS; k += 1) words[k] = digest.readInt32LE(4 * k);
    cardWordsOf.set(card, words);
  }
  return words;
}

/** The four lanes' starting values and odd multipliers of `PageTag` (any fixed values: these are SHA-256's and MurmurHash3's). */
const LANE_SEED = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a] as const;
const LANE_FACTOR = [0x01000193, 0x5bd1e995, 0x85ebca6b, 0xc2b2ae35] as const;
const tagBytes = Buffer.alloc(4 * TAG_WORDS);

/**
 * The tag of a list of cards, folded from their tag words in order: lane `k` takes each card's
 * word `k` as `rotl(imul(lane ^ word, odd), 15)`, which for a given lane is one-to-one in the word
 * and for a given word one-to-one in the lane. So two lists of one length that differ in one card
 * differ in every lane whose words of the two cards differ (all four unless their SHA-256s share
 * 128 bits), and lists differing in more cards meet in all four lanes by chance only (~2^-128 for
 * a pair). It names the JSON `[card,…]` for its entity tag: equal bytes, equal words, equal tags.
 * The SHA-256 of a text of the cards' digests it replaces was ~2.6 µs of a first-seen page in a
 * profile; the whole page took 26.3 µs in process before it and 22.8 with it (docs/benchmarks.md,
 * "A feed page's tag folded from its cards'").
 */
class PageTag {
  a: number = LANE_SEED[0];
  b: number = LANE_SEED[1];
  c: number = LANE_SEED[2];
  d: number = LANE_SEED[3];

  add(words: Int32Array, at: number): void {
    const a = Math.imul(this.a ^ (words[at] as number), LANE_FACTOR[0]);
    const b = Math.imul(this.b ^ (words[at + 1] as number), LANE_FACTOR[1]);
    const c = Math.imul(this.c ^ (words[at + 2] as number), LANE_FACTOR[2]);
    const d = Math.imul(this.d ^ (words[at + 3] as number), LANE_FACTOR[3]);
    this.a = (a << 15) | (a >>> 17);
    this.b = (b << 15) | (b >>> 17);
    this.c = (c << 15) | (c >>> 17);
    this.d = (d << 15) | (d >>> 17);
  }

  /** The four lanes after `count` cards, with the count mixed into each, as 22 base64url characters. */
  text(count: number): string {
    tagBytes.writeInt32LE(Math.imul(this.a ^ count, LANE_FACTOR[0]), 0);
    tagBytes.writeInt32LE(Math.imul(this.b ^ count, LANE_FACTOR[1]), 4);
    tagBytes.writeInt32LE(Math.imul(this.c ^ count, LANE_FACTOR[2]), 8);
    tagBytes.writeInt32LE(Math.imul(this.d ^ count, LANE_FACTOR[3]), 12);
    return tagBytes.toString('base64url');
  }
}

/**
 * One list's cards' JSON, UTF-8 lengths and tag words by place (for a snapshot's pool: by `seq`), in
 * arrays: a page whose walk knows its articles' places reads them there instead of in the per-card
 * `WeakMap`s. Forty such look-ups a first-seen feed page cost ~4 µs of server CPU in
 * `bench-profile` rounds (72.6 against 76.4 µs on average, eight alternations; docs/benchmarks.md,
 * "A feed page's bytes by place"). A place holds what was made for the card found there (`card`), so a
 * card said anew on a copy (`distinctCardLines`) is never read from its original's place: a place
 * keeps the first card asked there, and any other card at it goes through the `WeakMap`s.
 */
export class CardSlots {
  readonly card: Array<ArticleCard | undefined>;
  readonly json: Array<string | undefined>;
  readonly byteLength: Array<number | undefined>;
  /** The tag words of the card at place `i`: `words[4i]` to `words[4i + 3]` (set with its `json`). */
  readonly words: Int32Array;

  constructor(size: number) {
    this.card = new Array<ArticleCard | undefined>(size).fill(undefined);
    this.json = new Array<string | undefined>(size).fill(undefined);
    this.byteLength = new Array<number | undefined>(size).fill(undefined);
    this.words = new Int32Array(size * TAG_WORDS);
  }
}

// Per list of cards (a snapshot's `all` lists: its copies share them, and its cards are never changed).
const slotsOf = new WeakMap<object, CardSlots>();

/** The card slots of `owner` (a snapshot's sorted lists), made on first use for `owner.ranked.length` places. */
export function cardSlotsOf(owner: { ranked: readonly unknown[] }): CardSlots {
  let slots = slotsOf.get(owner);
  if (slots === undefined) slotsOf.set(owner, (slots = new CardSlots(owner.ranked.length)));
  return slots;
}

/** An answer's JSON as text, with the length of its UTF-8 bytes (known without encoding it). */
export interface JsonText {
  text: string;
  byteLength: number;
}

/**
 * `cardsJson(cards)` as text with its UTF-8 length, and its entity tag's text (core/readmodel/answers.ts
 * `Tagged`), folded from each card's tag words, made once per card (`PageTag`): cheaper than
 * hashing the page's ~14 KB (10-12 µs of a first-seen feed page's answer, 27 Nov 2026, in
 * process) or a text of its cards' digests. The page stays text: its bytes are made only if a
 * cache keeps it (it is then sent again and again), and Node's server writes a page sent once
 * straight from the text, without a 14 KB `ArrayBuffer` per page (docs/benchmarks.md, "A
 * first-seen feed page sent as text"). With `places` and `slots`, card `i` is looked up at place
 * `places[i]` first.
 */
export function cardsTagged(cards: readonly ArticleCard[], places?: readonly number[], slots?: CardSlots): { body: JsonText; tag: string } {
  let text = '[';
  let byteLength = cards.length === 0 ? 2 : cards.length + 1;
  const tag = new PageTag();
  for (let i = 0; i < cards.length; i += 1) {
    const card = cards[i] as ArticleCard;
    const at = places?.[i] ?? -1;
    const place = slots !== undefined && at >= 0 && at < slots.card.length ? at : -1;
    const held = place >= 0 ? slots?.card[place] : undefined;
    let json: string | undefined;
    let length: number | undefined;
    if (held === card) {
      json = slots?.json[place];
      length = slots?.byteLength[place];
    }
    if (slots !== undefined && json !== undefined && length !== undefined) tag.add(slots.words, place * TAG_WORDS);
    else {
      const bytes = cardBytes(card);
      json = cardJson(card);
      length = bytes.byteLength;
      const words = cardWords(card, bytes);
      tag.add(words, 0);
      // The first card asked at a place keeps it (a copy said anew there later goes by its own identity).
      if (slots !== undefined && place >= 0 && held === undefined) {
        slots.card[place] = card;
        slots.json[place] = json;
        slots.byteLength[place] = length;
        slots.words.set(words, place * TAG_WORDS);
      }
    }
    text += i > 0 ? `,${json}` : json;
    byteLength += length;
  }
  return { body: { text: `${text}]`, byteLength }, tag: tag.text(cards.length) };
}

/** `utf8(briefJson(items, generatedAt))`, without building the string. */
export function briefBytes(items: readonly PoolArticle[], generatedAt: string | null): Uint8Array<ArrayBuffer> {
  return join(OPEN_BRIEF, items.map(briefItemBytes), utf8.encode(`],"generated_at":${JSON.stringify(generatedAt)}}`));
}
