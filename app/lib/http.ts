/**
 * The app's one way to call Tidings: every request (reading API, account, admin, feedback, events)
 * goes through `request`, same-origin with the session cookie. The server needs no CSRF header: it
 * judges state-changing requests by Sec-Fetch-Site / Origin, which the browser sets (api/csrf.ts).
 * `request` never throws: a network failure or an abort is status 0; a body that is empty or not
 * JSON is null. Errors in the contract's shape (`{"error":{"code","message"}}`) read as their message.
 */
import { isRecord, textOf } from '../../core/domain/guards.ts';

/** What a call answered: `ok` for 2xx, the status (0: Tidings could not be reached), the parsed body. */
export interface Answer {
  ok: boolean;
  status: number;
  body: unknown;
}

/** How to make a call. */
export interface RequestOptions {
  /** GET, or POST when there is a body. */
  method?: string;
  /** Query parameters; empty values are left out. */
  params?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A JSON body already serialised. */
  jsonText?: string;
  /** A file's bytes as the body (its own content type). */
  file?: Blob;
  signal?: AbortSignal;
  /** The request outlives the page (history entries, events). */
  keepalive?: boolean;
  /** What sends it: the browser's `fetch` unless given (a test hands the app's own `request`). */
  transport?: Transport;
}

/** A `fetch`-shaped sender. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** The status of an answer that never arrived. */
export const UNREACHABLE = 0;

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Call `path` on our own origin. Never throws. */
export async function request(path: string, options: RequestOptions = {}): Promise<Answer> {
  const query = new URLSearchParams(Object.entries(options.params ?? {}).filter(([, v]) => v !== ''));
  const url = query.size ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: string | Blob | null = null;
  if (options.json !== undefined || options.jsonText !== undefined) {
    headers['content-type'] = 'application/json';
    body = options.jsonText ?? JSON.stringify(options.json);
  } else if (options.file) {
    headers['content-type'] = options.file.type || 'application/octet-stream';
    body = options.file;
  }
  const init: RequestInit = { method: options.method ?? (body === null ? 'GET' : 'POST'), headers, body, credentials: 'same-origin', signal: options.signal ?? null };
  if (options.keepalive) init.keepalive = true;
  try {
    const res = await (options.transport ?? fetch)(url, init);
    return { ok: res.ok, status: res.status, body: parseBody(await res.text()) };
  } catch {
    return { ok: false, status: UNREACHABLE, body: null };
  }
}

/** The `message` of a contract error body, or ''. */
export function errorMessage(body: unknown): string {
  return isRecord(body) && isRecord(body.error) ? textOf(body.error.message) : '';
}
