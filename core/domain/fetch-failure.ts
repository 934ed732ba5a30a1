/**
 * A failed feed read in words an admin can act on (issue 21, item 7): "the address does not
 * resolve", "the server answered 404 (not found)", "this is not a feed", instead of the resolver's
 * or the parser's own message (`getaddrinfo ENOTFOUND …`).
 */

/** What a failed read reports (core/pipeline/feed.ts `FeedRead` when `kind` is `failed`). */
export interface FailedRead {
  error: string;
  status?: number;
}

const STATUS_WORDS: Readonly<Record<number, string>> = {
  400: 'a bad request',
  401: 'sign-in required',
  403: 'access refused',
  404: 'not found',
  410: 'gone for good',
  429: 'too many requests; it asks us to slow down',
  500: 'a server error',
  502: 'a gateway error',
  503: 'unavailable for now',
  504: 'a gateway timeout',
};

/** Patterns of raw failure text, first match wins, and what each means. */
const CAUSES: ReadonlyArray<[RegExp, string]> = [
  [/ENOTFOUND|EAI_AGAIN|EAI_NONAME|getaddrinfo|no address|does not resolve/i, 'the address does not resolve: no such host name'],
  [/ECONNREFUSED/i, 'the server refused the connection'],
  [/ECONNRESET|socket hang up|EPIPE/i, 'the server cut the connection'],
  [/ETIMEDOUT|timed? ?out|timeout/i, 'the server did not answer in time'],
  [/EHOSTUNREACH|ENETUNREACH/i, 'the server cannot be reached'],
  [/CERT|certificate|self[- ]signed|SSL|TLS/i, 'its HTTPS certificate is not valid'],
  [/too many redirects|redirect/i, 'it redirects too many times'],
  [/too large|exceeds|MiB/i, 'the feed is larger than we read (2 MiB)'],
  [/not a readable feed|no RSS channel|no root element|Non-whitespace before first tag|Unexpected|Invalid|not a feed/i, 'this is not a feed: the address answers with something that is not RSS, Atom or JSON Feed'],
];

/** The reason a feed could not be read, in plain words. */
export function fetchFailureText(read: FailedRead): string {
  const status = read.status ?? Number(/^HTTP (\d{3})\b/.exec(read.error)?.[1] ?? NaN);
  if (Number.isInteger(status) && status >= 300) {
    const words = STATUS_WORDS[status] ?? (status >= 500 ? 'a server error' : status >= 400 ? 'a refusal' : 'a redirect we could not follow');
    return `the server answered ${status} (${words})`;
  }
  for (const [pattern, words] of CAUSES) if (pattern.test(read.error)) return words;
  return 'the feed could not be fetched';
}
