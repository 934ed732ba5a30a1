/**
 * Encoded answers of the anonymous reading routes (`/api/feed`, `/api/brief`), remembered per
 * snapshot: readers with the same query (no prefs, or the same prefs blob, the same page) get the
 * same bytes until the pool changes, so the answer is built and UTF-8 encoded once per snapshot
 * instead of once per request. What an answer depends on decides where it is kept:
 * - the snapshot object (a new load, or a copy with a new stored brief, starts empty; summaries
 *   patched into it in place bump its `edits`, and answers of an older count are dropped);
 * - for the brief, also the recent-window split of `now` (a new split starts empty);
 * - the request, through `answerKey` (core/readmodel/params.ts): null, so never remembered, when
 *   the answer depends on the clock (prefs with a pause) or on the caller (`following`).
 * Bounded: at most MAX_ANSWERS per snapshot and kind, in a `boundedCache` (core/platform/cache.ts:
 * the least recently used answer is forgotten first; hits and misses counted as
 * `readmodel.answers.feed` / `.brief`). An answer is kept from its key's second request on
 * (`admitOnSecondSight`): the first one is built, tagged and sent exactly as a kept one, and let
 * go, so readers passing through with prefs no one else sends do not churn the old generation.
 *
 * Brief answers are also kept by what they show (`Shown`: the ids of their articles, in order;
 * within one snapshot, edit count and recent window nothing else decides the bytes), in a second
 * cache (`readmodel.shown.brief`, MAX_SHOWN_BRIEFS, also from a selection's second sight on).
 * Readers whose prefs no one sent before mostly see a brief someone else saw (80,000 distinct prefs
 * of the bench's cold run choose about 4,000 briefs): their request walks the pool for its
 * selection, then takes the bytes, ETag and compressed codings made for that selection instead of
 * building, hashing and compressing them again (half the server time of such a request from a
 * browser: docs/benchmarks.md, "Briefs kept by what they show"). Feed pages are not: at offset 100
 * 6-10 % of cold pages were seen before, and naming and looking up the selection cost more than it saved.
 *
 * A remembered answer also keeps its weak ETag and its brotli and gzip bytes, each made on first
 * use, so a conditional request costs a string comparison and compression once per snapshot, not
 * once per request (issue 23; api/answers.ts sends them). A kept answer is compressed thoroughly
 * (it is sent again and again); one that was let go is compressed quickly (`Answer.kept`,
 * `compressBytes`): the same JSON and the same weak ETag, in somewhat larger bytes.
 */
import { hash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RecentSplit } from '../domain/brief.ts';
import type { PoolArticle } from '../domain/card.ts';
import { boundedCache, type BoundedCache } from '../platform/cache.ts';
import type { JsonText } from './json.ts';
import type { Snapshot } from './snapshot.ts';

/** At most this many answers are kept per snapshot and route (a feed page is ~11 KB). */
export const MAX_ANSWERS = 512;

/**
 * At most this many brief answers are kept by what they show, per snapshot and recent window: the
 * bench's 80,000 cold prefs choose ~4,000 briefs, and bench-profile's `brief_cold_gz` found 73-75 %
 * of them kept at 512 (262 µs a request), 91-94 % at 2,048 (160 µs), 91-98 % at 4,096 (130-154 µs).
 * An entry is ~6 KB of JSON plus its codings when asked (~3 KB): ~20 MB at most per live snapshot.
 */
export const MAX_SHOWN_BRIEFS = 2048;

/** Answers shorter than this go out as they are: the headers outweigh what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli quality for kept answers: compressed on the event loop, once per snapshot and query. 5
 * gives within a few percent of 11's size on feed JSON at a small fraction of its time (about 1 ms
 * for 10 KB here, where 11 took 25-60 ms).
 */
const BROTLI_QUALITY = 5;

/**
 * Brotli quality and gzip level for an answer that is sent once and let go (a query or selection
 * seen for the first time). Measured on the bench pool's answers (27 Nov 2026, 200 runs each): a
 * 14 KB feed page at brotli 5 took 242-282 µs for 2,602-2,950 bytes, at 3 81-120 µs for
 * 2,897-3,337 (+11-13 %); the 5.7 KB brief 100 µs for 1,329 bytes against 45 µs for 1,503; gzip's
 * default level 107-227 µs against level 1's 50-54 µs (+9 %). Most answers a browser asks for are
 * first-seen (a reader's own prefs, each feed page), so this is most of what the reading routes'
 * compression costs; what a reader receives is ~350 bytes more, once.
 */
const FIRST_SIGHT_BROTLI_QUALITY = 3;
const FIRST_SIGHT_GZIP_LEVEL = 1;

/** Header sets by the kind of answer they go with (a coding, plain, or 304): objects for the app, flat lists for Node's own writing. */
type HeaderSets<H> = Partial<Record<string, H>>;

/** One encoded answer: its JSON (UTF-8 bytes, or text until bytes are needed) and, made on first use, its weak ETag and compressed codings. */
export class Answer {
  /** The JSON as it was built: UTF-8 bytes, or text (see `wire`). */
  readonly #json: Uint8Array<ArrayBuffer> | string;
  /** Bytes made from the text, on first need. */
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  /** The length of its UTF-8 bytes. */
  readonly byteLength: number;
  /** Its query has an answer key (the answer may be kept for later requests): only those are worth an ETag and compressed bytes. */
  readonly remembered: boolean;
  #etag: string | null = null;
  #br: Uint8Array<ArrayBuffer> | undefined;
  #gzip: Uint8Array<ArrayBuffer> | undefined;
  #kept = false;
  /** Its entity tag's text when its builder made one (`Tagged`); null: the SHA-256 of its JSON. */
  readonly #tag: string | null;
  /**
   * The header sets its senders made for it (api/answers.ts), by host and kind, each made once:
   * kept on the answer rather than in a `WeakMap` beside it, whose insertion of each new answer
   * cost a first-seen feed page ~0.9 µs in process.
   */
  readonly headerSets: { readonly app: HeaderSets<Readonly<Record<string, string>>>; readonly node: HeaderSets<readonly string[]> } = { app: {}, node: {} };

  /**
   * `body`: its UTF-8 bytes, or its JSON text with that text's UTF-8 length; `tag`: its entity
   * tag's text, made by its builder (see `Tagged`); null: the SHA-256 of the body.
   */
  constructor(body: Uint8Array<ArrayBuffer> | JsonText, remembered: boolean, tag: string | null = null) {
    this.#json = body instanceof Uint8Array ? body : body.text;
    this.byteLength = body.byteLength;
    this.remembered = remembered;
    this.#tag = tag;
  }

  /** Its UTF-8 bytes (made from its text on first use). */
  get body(): Uint8Array<ArrayBuffer> {
    if (typeof this.#json !== 'string') return this.#json;
    this.#bytes ??= utf8.encode(this.#json);
    return this.#bytes;
  }

  /**
   * What a sender writes: the bytes, but the text of an answer built as text that no cache keeps
   * and nothing has encoded yet (a first-seen feed page). Node's server writes a text through its
   * own buffer: a page sent once then makes no 14 KB `ArrayBuffer`, whose allocation and collection
   * were most of a first-seen page's in-process cost (docs/benchmarks.md, "A first-seen feed page
   * sent as text"). A kept answer goes out again and again, so it goes as bytes, made once.
   */
  get wire(): Uint8Array<ArrayBuffer> | string {
    return typeof this.#json === 'string' && this.#bytes === undefined && !this.#kept ? this.#json : this.body;
  }

  /** A weak entity tag of the JSON (weak: the same JSON goes out in three codings). */
  get etag(): string {
    // A text hashes as its UTF-8 bytes: the same tag whichever way the answer was built.
    this.#etag ??= `W/"${this.#tag ?? hash('sha256', this.#json, 'base64url').slice(0, 27)}"`;
    return this.#etag;
  }

  /** True once a cache keeps it for later requests (set before it is first encoded, by the look-ups below). */
  get kept(): boolean {
    return this.#kept;
  }

  /** Mark it kept: its codings are then made thoroughly (see FIRST_SIGHT_BROTLI_QUALITY). */
  keep(): void {
    this.#kept = true;
  }

  /** The answer in `coding`, or null when it is too short to gain from it; thorough when kept, quick when not. */
  encoded(coding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> | null {
    if (this.byteLength < COMPRESS_MIN_BYTES) return null;
    if (coding === 'br') return (this.#br ??= compressBytes(this.body, 'br', this.#kept));
    return (this.#gzip ??= compressBytes(this.body, 'gzip', this.#kept));
  }
}

/**
 * `body` in `coding`, on the event loop: for bytes sent again and again (`thorough`), brotli at
 * quality 5 (BROTLI_QUALITY) or gzip at zlib's default level; for bytes sent once, brotli 3 or
 * gzip 1 (FIRST_SIGHT_BROTLI_QUALITY).
 */
export function compressBytes(body: Uint8Array, coding: 'br' | 'gzip', thorough: boolean): Uint8Array<ArrayBuffer> {
  if (coding === 'br') {
    const quality = thorough ? BROTLI_QUALITY : FIRST_SIGHT_BROTLI_QUALITY;
    return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } });
  }
  return thorough ? gzipSync(body) : gzipSync(body, { level: FIRST_SIGHT_GZIP_LEVEL });
}

interface FeedAnswers {
  edits: number;
  /** By request (`answerKey`). */
  answers: BoundedCache<string, Answer>;
}

interface BriefAnswers extends FeedAnswers {
  split: RecentSplit<PoolArticle>;
  /** By what the answer shows (`Shown.key`): the same objects, reached from another request. */
  byShown: BoundedCache<string, Answer>;
}

const utf8 = new TextEncoder();
const SECOND_SIGHT = { admitOnSecondSight: true };
const feedAnswers = new WeakMap<Snapshot, FeedAnswers>();
const briefAnswers = new WeakMap<Snapshot, BriefAnswers>();

/**
 * An answer's JSON (UTF-8 bytes, or text with its UTF-8 length) with its entity tag's text, made
 * by its builder where that is cheaper than hashing the body and differs whenever the bytes do (a
 * feed page's, folded from its cards' SHA-256s: core/readmodel/json.ts `cardsTagged`). An answer's
 * route always tags one way, so a kept answer and a first-seen one of the same query carry the same tag.
 */
export interface Tagged {
  body: Uint8Array<ArrayBuffer> | JsonText;
  tag: string;
}

/** What builds an answer: its JSON, as text or already as UTF-8 bytes, or `Tagged`. */
export type BuildAnswer = () => string | Uint8Array<ArrayBuffer> | Tagged;

/**
 * What an answer shows, chosen but not yet encoded: `key` names the selection among the answers of
 * one snapshot (two requests with the same `key` get the same bytes), `bytes` encodes it.
 */
export interface Shown {
  readonly key: string;
  bytes(): string | Uint8Array<ArrayBuffer>;
}

/** What a request shows: chosen (a walk of the pool) only when its answer is not remembered. */
export type ChooseAnswer = () => Shown;

/**
 * The `Shown` of `items` in this order, encoded by `encode`: their places in the snapshot name it
 * (`seq`, one article's own within a snapshot; the key is read only by that snapshot's cache), since
 * within one snapshot an answer's bytes depend on nothing else. Places, not ids: a first-seen
 * brief hashes the key, and seven places are a few dozen characters where seven ids were ~200. An item outside
 * a snapshot (`seq` -1, none reaches here) falls back to its id. A class, so a first-seen request
 * makes no named closure (under tsx's keepNames each costs ~340 ns).
 */
class ShownItems<T extends { id: string; seq: number }> implements Shown {
  readonly key: string;
  readonly #items: T[];
  readonly #encode: (items: T[]) => string | Uint8Array<ArrayBuffer>;

  constructor(items: T[], encode: (items: T[]) => string | Uint8Array<ArrayBuffer>) {
    // A place is digits and an id is JSON-quoted: no two lists share a key (one flat string: join).
    this.key = items.map((item) => (item.seq >= 0 ? item.seq : JSON.stringify(item.id))).join(',');
    this.#items = items;
    this.#encode = encode;
  }

  bytes(): string | Uint8Array<ArrayBuffer> {
    return this.#encode(this.#items);
  }
}

/** The `Shown` of `items` in this order, encoded by `encode` (see `ShownItems`). */
export function shownItems<T extends { id: string; seq: number }>(items: T[], encode: (items: T[]) => string | Uint8Array<ArrayBuffer>): Shown {
  return new ShownItems(items, encode);
}

const bytesOf = (built: string | Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => (typeof built === 'string' ? utf8.encode(built) : built);

/** The answer of what `build` made. */
function answerOf(built: string | Uint8Array<ArrayBuffer> | Tagged, remembered: boolean): Answer {
  if (typeof built === 'string' || built instanceof Uint8Array) return new Answer(bytesOf(built), remembered);
  return new Answer(built.body, remembered, built.tag);
}

/**
 * The answer `cache` holds for `key`, or a new one of `build`, offered to the cache and marked kept
 * when the cache keeps it (before anything encodes it: see `Answer.kept`).
 */
function keptOrMade(cache: BoundedCache<string, Answer>, key: string, build: BuildAnswer): Answer {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const answer = answerOf(build(), true);
  if (cache.set(key, answer)) answer.keep();
  return answer;
}

/** A new cache of one snapshot's answers (by request or by what they show), named for the figures. */
const answerCache = (name: string, max = MAX_ANSWERS) => boundedCache<string, Answer>(name, max, SECOND_SIGHT);

/** The encoded feed answer for `key` in `s`, built by `build` when not remembered (or `key` is null). */
export function feedAnswer(s: Snapshot, key: string | null, build: BuildAnswer): Answer {
  let held = feedAnswers.get(s);
  if (!held || held.edits !== s.edits) feedAnswers.set(s, (held = { edits: s.edits, answers: answerCache('readmodel.answers.feed') }));
  if (key === null) return answerOf(build(), false);
  return keptOrMade(held.answers, key, build);
}

/**
 * The encoded brief answer for `key` in `s` under the recent-window `split` of the request's `now`;
 * `choose` picks its articles when it is not remembered by `key` (or `key` is null), and the answer
 * of that selection is taken when it is remembered.
 */
export function briefAnswer(s: Snapshot, split: RecentSplit<PoolArticle>, key: string | null, choose: ChooseAnswer): Answer {
  let held = briefAnswers.get(s);
  if (!held || held.split !== split || held.edits !== s.edits) {
    briefAnswers.set(s, (held = { split, edits: s.edits, answers: answerCache('readmodel.answers.brief'), byShown: answerCache('readmodel.shown.brief', MAX_SHOWN_BRIEFS) }));
  }
  if (key === null) return new Answer(bytesOf(choose().bytes()), false);
  const known = held.answers.get(key);
  if (known !== undefined) return known;
  const shown = choose();
  const answer = keptOrMade(held.byShown, shown.key, () => shown.bytes());
  if (held.answers.set(key, answer)) answer.keep();
  return answer;
}
