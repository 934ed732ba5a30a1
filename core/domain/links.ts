/**
 * Feed links made canonical: http(s) only, resolved against the feed, no fragment, no tracking
 * parameters, and the domain-level paywall hint read from the host. Pure: strings in, strings out.
 */

/** Query parameters that only track the reader; removed from canonical URLs. */
export const TRACKING_PARAM = /^(utm_\w+|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|igshid|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|wt_mc|wt\.mc_id|ref_src|ref_url|cmpid|s_cid|icid|ncid|sr_share|at_medium|at_campaign)$/i;

/** The canonical form of a link: http(s) only, no fragment, no tracking parameters; null when unusable. */
export function canonicalUrl(raw: string, base?: string): string | null {
  return canonicalLink(raw, base)?.href ?? null;
}

/** An absolute http(s) URL with its `//`: the base plays no part in parsing it (once the base itself parses). */
const ABSOLUTE_HTTP = /^https?:\/\//i;
/** The last base checked, and whether it parses (a feed's items share one base). */
let lastBase: string | undefined;
let lastBaseParses = false;

function baseParses(base: string): boolean {
  if (base !== lastBase) {
    lastBase = base;
    lastBaseParses = URL.canParse(base);
  }
  return lastBaseParses;
}

/** A link resolved against `base` when it is http(s) without credentials; null otherwise. */
export function httpUrl(raw: string, base?: string): URL | null {
  const input = raw.trim();
  let url: URL;
  try {
    // `new URL(input, base)` parses the base again for every link; an absolute http(s) link does
    // not read it (the WHATWG parser goes straight to the authority after `scheme://`), as long as
    // the base parses (when it does not, the constructor throws for every link).
    url = base === undefined || (ABSOLUTE_HTTP.test(input) && baseParses(base)) ? new URL(input) : new URL(input, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}

/** A canonical link and the parts of it the normaliser reads. */
export interface CanonicalLink {
  href: string;
  hostname: string;
  pathname: string;
}

/**
 * `canonicalUrl` with the parts callers also need, so a link is parsed once. Each step runs only
 * when it changes something (most links have no fragment and no trailing dot), and the query is
 * cut from the serialised href rather than set back into the URL (which would parse it again).
 */
export function canonicalLink(raw: string, base?: string): CanonicalLink | null {
  const url = httpUrl(raw, base);
  if (!url) return null;
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  let href = url.href;
  // The fragment starts at the href's first `#` (an empty one, `…#`, included): a `#` anywhere
  // before it would have started the fragment, so paths and queries carry it escaped.
  const hash = href.indexOf('#');
  if (hash >= 0) href = href.slice(0, hash);
  const query = href.indexOf('?');
  if (query >= 0) {
    // Without tracking keys, the rest of the query re-serialised once (as deleting the keys one by
    // one would leave it); a query left without any key is dropped, `?` included. A serialised
    // query is what setting `search` to it would store: it holds no character the setter escapes.
    let rest = plainQueryWithoutTracking(href.slice(query + 1));
    if (rest === undefined) {
      const pairs = [...url.searchParams];
      const kept = pairs.filter(([key]) => !TRACKING_PARAM.test(key));
      rest = kept.length === 0 ? '' : kept.length < pairs.length ? new URLSearchParams(kept).toString() : null;
    }
    if (rest === '') href = href.slice(0, query);
    else if (rest !== null) href = `${href.slice(0, query + 1)}${rest}`;
  }
  return { href, hostname: url.hostname, pathname: url.pathname };
}

/** A query part whose form encoding is itself: a name, then optionally `=` and a value, of characters the encoding keeps. */
const PLAIN_PART = /^[A-Za-z0-9*\-._]*(?:=[A-Za-z0-9*\-._]*)?$/;

/**
 * What is left of a serialised query without its tracking keys, as `URLSearchParams` would write
 * it: '' when no key is left (the query goes), null when nothing was removed (the query stays as it
 * is); undefined when that needs `URLSearchParams` itself (a `%` or `+` to decode, or a kept part
 * that the form encoding would rewrite). The parts are split at `&` (empty ones skipped), a part's
 * name ends at its first `=`, and a kept part without `=` is written `name=`.
 */
function plainQueryWithoutTracking(query: string): string | null | undefined {
  if (query.includes('%') || query.includes('+')) return undefined;
  let rest = '';
  let parts = 0;
  let removed = false;
  let plain = true;
  for (let from = 0; from < query.length; ) {
    let to = query.indexOf('&', from);
    if (to < 0) to = query.length;
    if (to > from) {
      parts += 1;
      const part = query.slice(from, to);
      const eq = part.indexOf('=');
      if (TRACKING_PARAM.test(eq < 0 ? part : part.slice(0, eq))) removed = true;
      else if (!PLAIN_PART.test(part)) plain = false;
      // Every kept part writes at least `=`, so an empty `rest` means none yet.
      else rest += `${rest === '' ? '' : '&'}${eq < 0 ? `${part}=` : part}`;
    }
    from = to + 1;
  }
  if (parts === 0) return '';
  if (!removed) return null;
  return plain ? rest : undefined;
}


/**
 * Domains that keep most stories behind a paywall (a hint only: no page is fetched to decide).
 * The last entry is the demo's fictional paywalled publisher.
 */
export const PAYWALL_DOMAINS: readonly string[] = [
  'nytimes.com', 'wsj.com', 'ft.com', 'economist.com', 'washingtonpost.com', 'bloomberg.com',
  'thetimes.co.uk', 'telegraph.co.uk', 'newyorker.com', 'theatlantic.com', 'wired.com', 'hbr.org',
  'newscientist.com', 'scientificamerican.com', 'latimes.com', 'bostonglobe.com', 'theinformation.com',
  'barrons.com', 'lemonde.fr', 'spiegel.de', 'nzz.ch', 'haaretz.com', 'theathletic.com', 'foreignpolicy.com',
  'quiet-ledger.example',
];

/** True when the URL's host is (a subdomain of) a paywall-hinted domain. */
export function isPaywalledUrl(url: string, domains: readonly string[] = PAYWALL_DOMAINS): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return isPaywalledHost(host, domains);
}

const PAYWALL_SET = new Set(PAYWALL_DOMAINS);

/** `isPaywalledUrl` for a parsed URL's hostname. */
export function isPaywalledHost(hostname: string, domains: readonly string[] = PAYWALL_DOMAINS): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (domains !== PAYWALL_DOMAINS) return domains.some((d) => host === d || host.endsWith(`.${d}`));
  // The default list as a set: the host itself, then each suffix after a dot.
  if (PAYWALL_SET.has(host)) return true;
  for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
    if (PAYWALL_SET.has(host.slice(dot + 1))) return true;
  }
  return false;
}
