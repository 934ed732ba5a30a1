/**
 * The built site (`dist/`) served from memory: a bounded index of path → bytes (identity, brotli
 * and gzip, each compressed once per file version), type, strong ETag and Last-Modified.
 *
 * - **Fresh after every publish.** Each request stats its file (about a microsecond for a cached
 *   inode) and an entry is used only while inode, size and mtime are unchanged: the build publishes
 *   by rename (site/_includes/publish.ts), so a new file is a new inode and is loaded at once, with
 *   no watcher to lag behind it.
 * - **Bounded.** The index holds at most `maxBytes` (all three codings counted), least recently
 *   used first out; a file over `maxFileBytes` is never held and is streamed from disk (gzip on the
 *   fly when the client accepts it).
 * - **Conditional and compressed.** `If-None-Match` / `If-Modified-Since` → 304; `Content-Encoding`
 *   by `Accept-Encoding` (br, then gzip, then identity) for text types of 1 KB or more, with
 *   `Vary: Accept-Encoding`; `Cache-Control` by path (api/http-cache.ts). A file just read goes
 *   out in gzip (made at once) until its brotli bytes (made in the background) are ready.
 *
 * Not `sirv` or `@hono/node-server`'s `serveStatic`: sirv's production mode lists the directory once
 * at startup (a file a later build publishes would 404 until a restart) and, like `serveStatic`,
 * streams every answer from disk, the cost this module exists to remove (docs/benchmarks.md).
 * Served in front of Hono by api/server.ts, and inside it for `app.request()` and any fetch-only
 * host, both from the same index (api/static-hosts.ts); which file a path names: api/site-paths.ts.
 */
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { Logger } from '../core/platform/log.ts';
import { contentTypeOf, filePathOf } from './site-paths.ts';
import { ALL_ENCODINGS, cacheControlFor, notModified, preferredEncoding, type ConditionalHeaders, type Encoding } from './http-cache.ts';
import { securityHead } from './security-headers.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const NO_CODINGS: readonly Encoding[] = Object.freeze([]);
const GZIP_ONLY: readonly Encoding[] = Object.freeze(['gzip']);
const BR_ONLY: readonly Encoding[] = Object.freeze(['br']);

/** Below this many bytes a file goes out as it is: the headers outweigh what compression saves. */
export const COMPRESS_MIN_BYTES = 1024;

/** How the index is bounded. */
export interface StaticFilesOptions {
  /** Bytes the index may hold, every coding of every file counted. Default 64 MiB. */
  maxBytes?: number;
  /** A file larger than this is never held: it is streamed from disk. Default `maxBytes / 8`. */
  maxFileBytes?: number;
  /** Where the request line of an answered request is logged (as the app's request frame does). */
  log?: Logger;
}

/** Where an answer sits in `Entry.answers`: by coding (identity, br, gzip), by `?v=` and by status (200, 304). */
const codingIndex = (coding: Encoding | null): 0 | 1 | 2 => (coding === null ? 0 : coding === 'br' ? 1 : 2);
const slotOf = (coding: number, versioned: boolean, status: 200 | 304): number => (coding * 2 + (versioned ? 1 : 0)) * 2 + (status === 304 ? 1 : 0);

/** One file version held in memory. */
interface Entry {
  /** The file's absolute path (the request's path names it; kept so a hit need not join it again). */
  file: string;
  ino: number;
  size: number;
  mtimeMs: number;
  type: string;
  /** A text type of 1 KB or more: other codings exist (or will), so the answer varies by Accept-Encoding. */
  compressible: boolean;
  /** Strong entity tags by coding (`codingIndex`): the identity bytes' digest; `-br` / `-gz` mark the other codings' (each coding is other bytes). */
  etags: readonly [identity: string, br: string, gzip: string];
  lastModified: string;
  lastModifiedS: number;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** The codings made so far, in our order of preference. */
  offered: readonly Encoding[];
  /** What this entry counts against the bound. */
  bytes: number;
  /**
   * Each answer this version has given, made once and shared by every request asking the same
   * (`slotOf`): a site file's answers differ only by coding, `?v=` and status, and making the
   * header set anew (and its list with the security set, `head`) cost ~3 µs of a site file's ~8 µs
   * of our own work in process; −6.1 µs of ~50 a request in the server (docs/benchmarks.md,
   * "`static.ratio` and `static.gz_ratio`: site files").
   */
  answers: Array<StaticAnswer | undefined>;
}

/** What to send for one request. */
export interface StaticAnswer {
  status: 200 | 304;
  /** Shared by every request given the same answer: read, never change. */
  headers: Readonly<Record<string, string>>;
  /** What Node's server writes: the document set of security headers, then `headers` (`securityHead`). */
  head: readonly string[];
  /** The bytes (null for a 304), or a file to stream from disk (gzipped on the way when `gzip`). */
  body: Buffer | { file: string; gzip: boolean } | null;
}

/** The request, as both hosts (Node, Hono) can give it cheaply. */
export interface StaticRequest extends ConditionalHeaders {
  method: string;
  /** The raw request target: path and query, still percent-encoded. */
  url: string;
  acceptEncoding: string | undefined;
}

const fresh = (entry: Entry, stat: Stats): boolean => entry.ino === stat.ino && entry.size === stat.size && entry.mtimeMs === stat.mtimeMs;

/** The Cache-Control of the file `rel` names (api/http-cache.ts: by its path; a year when the URL carries `?v=`). */
const cacheControlOf = (rel: string, versioned: boolean): string => cacheControlFor(`/${rel}`.replace(/\/index\.html$/, '') || '/', versioned);

/** An answer with its header list for Node's server, frozen. */
const answerOf = (status: 200 | 304, headers: Record<string, string>, body: StaticAnswer['body']): StaticAnswer =>
  Object.freeze({ status, headers: Object.freeze(headers), head: Object.freeze(securityHead('document', headers)), body });

/** An HTTP date (IMF-fixdate) of whole seconds. */
const httpDate = (seconds: number): string => new Date(seconds * 1000).toUTCString();

/** The site's files, from memory; see the module comment. */
export class StaticFiles {
  readonly root: string;
  readonly maxBytes: number;
  readonly maxFileBytes: number;
  /** Where the hosts log an answered request's line. */
  readonly log: Logger | undefined;
  /** Least recently used first (a Map iterates in insertion order; a hit re-inserts). */
  private readonly index = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Entry>>();
  private readonly compressing = new Set<Promise<void>>();
  private held = 0;

  constructor(root: string, options: StaticFilesOptions = {}) {
    this.root = path.resolve(root);
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.maxFileBytes = options.maxFileBytes ?? Math.floor(this.maxBytes / 8);
    this.log = options.log;
  }

  /** Bytes and files the index holds now. */
  stats(): { bytes: number; files: number } {
    return { bytes: this.held, files: this.index.size };
  }

  /** The answer for a request, or null when it names no file (the app answers it). */
  answer(request: StaticRequest): StaticAnswer | null | Promise<StaticAnswer | null> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const q = request.url.indexOf('?');
    const rawPath = q < 0 ? request.url : request.url.slice(0, q);
    const rel = filePathOf(rawPath);
    if (rel === null) return null;
    // A held version names its file already: the path is joined only for a file not held.
    const entry = this.index.get(rel);
    const file = entry?.file ?? path.join(this.root, rel);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      this.drop(rel);
      return null;
    }
    const versioned = q >= 0 && /(?:^|&)v=/.test(request.url.slice(q + 1));
    if (stat.size > this.maxFileBytes) return this.fromDisk(file, rel, stat, request, cacheControlOf(rel, versioned));
    if (entry && fresh(entry, stat)) {
      this.index.delete(rel);
      this.index.set(rel, entry);
      return this.fromEntry(entry, rel, request, versioned);
    }
    return this.load(file, rel, stat).then((loaded) => this.fromEntry(loaded, rel, request, versioned));
  }

  private fromEntry(entry: Entry, rel: string, request: StaticRequest, versioned: boolean): StaticAnswer {
    // Among the codings made so far (brotli follows a file's first read).
    const coding: Encoding | null = entry.offered.length > 0 ? preferredEncoding(request.acceptEncoding, entry.offered) : null;
    const c = codingIndex(coding);
    const etag = entry.etags[c];
    const unchanged = (request.ifNoneMatch !== undefined || request.ifModifiedSince !== undefined) && notModified(request, { etag, lastModifiedS: entry.lastModifiedS });
    const status = unchanged ? 304 : 200;
    const slot = slotOf(c, versioned, status);
    const made = entry.answers[slot];
    if (made !== undefined) return made;
    const headers: Record<string, string> = { ETag: etag, 'Last-Modified': entry.lastModified, 'Cache-Control': cacheControlOf(rel, versioned) };
    if (entry.compressible) headers.Vary = 'Accept-Encoding';
    if (status === 304) return (entry.answers[slot] = answerOf(304, headers, null));
    const bytes = (coding === 'br' ? entry.br : coding === 'gzip' ? entry.gzip : null) ?? entry.identity;
    headers['Content-Type'] = entry.type;
    headers['Content-Length'] = String(bytes.length);
    if (coding !== null) headers['Content-Encoding'] = coding;
    return (entry.answers[slot] = answerOf(200, headers, bytes));
  }

  private fromDisk(file: string, rel: string, stat: Stats, request: StaticRequest, cacheControl: string): StaticAnswer {
    const type = contentTypeOf(rel);
    const compressible = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
    const gzipIt = compressible && preferredEncoding(request.acceptEncoding) !== null;
    // Without the bytes in hand: size and mtime stand for them (as nginx does); gzipped on the fly
    // the bytes may differ between two runs, so that tag is weak.
    const tag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const etag = gzipIt ? `W/${tag.slice(0, -1)}-gz"` : tag;
    const lastModifiedS = Math.floor(stat.mtimeMs / 1000);
    const headers: Record<string, string> = { ETag: etag, 'Last-Modified': httpDate(lastModifiedS), 'Cache-Control': cacheControl };
    if (compressible) headers.Vary = 'Accept-Encoding';
    if (notModified(request, { etag, lastModifiedS })) return answerOf(304, headers, null);
    headers['Content-Type'] = type;
    if (gzipIt) headers['Content-Encoding'] = 'gzip';
    else headers['Content-Length'] = String(stat.size);
    return answerOf(200, headers, { file, gzip: gzipIt });
  }

  /** Read and compress one file version; concurrent requests for it share the work. */
  private load(file: string, rel: string, stat: Stats): Promise<Entry> {
    const key = `${rel}\0${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    let pending = this.loading.get(key);
    if (pending === undefined) {
      pending = this.read(file, rel, stat).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async read(file: string, rel: string, stat: Stats): Promise<Entry> {
    const identity = await readFile(file);
    const type = contentTypeOf(rel);
    const compressible = identity.length >= COMPRESS_MIN_BYTES && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
    // Gzip now (about a millisecond for 30 KB); brotli at its best quality takes 10-30 times as
    // long, so the first readers of a new file are not kept waiting for it: it follows in `addBrotli`.
    const g = compressible ? await gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }) : null;
    const gz = g !== null && g.length < identity.length ? g : null;
    const lastModifiedS = Math.floor(stat.mtimeMs / 1000);
    const digest = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
    const entry: Entry = {
      file,
      ino: stat.ino,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      type,
      compressible,
      etags: [`"${digest}"`, `"${digest}-br"`, `"${digest}-gz"`],
      lastModified: httpDate(lastModifiedS),
      lastModifiedS,
      identity,
      br: null,
      gzip: gz,
      offered: gz === null ? NO_CODINGS : GZIP_ONLY,
      bytes: identity.length + (gz?.length ?? 0),
      answers: [],
    };
    // The file may have been replaced while it was read: then these bytes are served to this
    // request but not kept (the stat taken before names another version), and the next loads it again.
    if (identity.length !== stat.size) return entry;
    this.keep(rel, entry);
    if (compressible) {
      const job = this.addBrotli(rel, entry).finally(() => this.compressing.delete(job));
      this.compressing.add(job);
    }
    return entry;
  }

  /** Brotli for a held entry, off the event loop: quality 11 with a window fitted to the file; kept when smaller and still held. */
  private async addBrotli(rel: string, entry: Entry): Promise<void> {
    const window = Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.min(24, Math.ceil(Math.log2(entry.identity.length))));
    const br = await brotliAsync(entry.identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_LGWIN]: window, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.identity.length },
    }).catch(() => null);
    if (br === null || br.length >= entry.identity.length || this.index.get(rel) !== entry || entry.bytes + br.length > this.maxBytes) return;
    this.drop(rel);
    entry.br = br;
    entry.offered = entry.gzip === null ? BR_ONLY : ALL_ENCODINGS;
    entry.bytes += br.length;
    this.keep(rel, entry);
  }

  /** Resolves when every brotli compression started so far has finished (tests, the bench's warm-up). */
  async settled(): Promise<void> {
    while (this.compressing.size > 0) await Promise.all([...this.compressing]);
  }

  private keep(rel: string, entry: Entry): void {
    this.drop(rel);
    if (entry.bytes > this.maxBytes) return;
    for (const [old, held] of this.index) {
      if (this.held + entry.bytes <= this.maxBytes) break;
      this.index.delete(old);
      this.held -= held.bytes;
    }
    this.index.set(rel, entry);
    this.held += entry.bytes;
  }

  private drop(rel: string): void {
    const entry = this.index.get(rel);
    if (entry === undefined) return;
    this.index.delete(rel);
    this.held -= entry.bytes;
  }
}
