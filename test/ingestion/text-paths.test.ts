/**
 * Fast paths of the per-item text work, each compared with the plain expression it stands for on
 * random text built around its edge cases: the space squeezing at the end of `plainText` (only runs
 * that are not a single space are replaced), `titleTokens` (accent folding skipped for ASCII, words
 * cut by character code), `stableId` (one-shot `hash`), `canonicalUrl` (fragment and query cut
 * from the href, plain queries split and joined without `URLSearchParams`), and what `decodeEntities`
 * (the `entities` package's full HTML5 table, strict) makes of references.
 */
import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { titleTokens } from '../../core/domain/fingerprint.ts';
import { stableId } from '../../core/domain/ids.ts';
import { decodeEntities, plainText } from '../../core/domain/feed-html.ts';
import { canonicalUrl, httpUrl, TRACKING_PARAM } from '../../core/domain/links.ts';
import { mulberry32 } from '../../core/domain/puzzle.ts';

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

function randomText(rand: () => number, pieces: readonly string[], max: number): string {
  let text = '';
  const n = Math.floor(rand() * max);
  for (let i = 0; i < n; i += 1) text += pick(rand, pieces);
  return text;
}

/** The last step of plainText as first written. */
const plainSqueeze = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim();

test('plainText squeezes spaces as /\\s+/ → " " and trim did, for every UTF-16 code unit and random runs', () => {
  // Text without markup or entities goes straight to the squeeze, so plainText is the squeeze here.
  for (let c = 0; c < 0x10000; c += 1) {
    const ch = String.fromCharCode(c);
    if (ch === '<' || ch === '&') continue;
    for (const text of [`a${ch}b`, ch, ` ${ch} `, `a ${ch}b`, `a${ch} b`, `${ch}${ch}x`]) assert.is(plainText(text), plainSqueeze(text), `U+${c.toString(16)}`);
  }
  const rand = mulberry32(3);
  const pieces = ['a', 'word', ' ', ' ', '  ', '\t', '\n', '\r', '\u000b', '\u000c', '\u0001', '\u001f', '\u007f', '\u200b', '\ufeff', '\u00a0', '\u1680', '\u2002', '\u2028', '\u2029', '\u202f', '\u3000', '\u0085', 'é', '\ud83d', '😀'];
  for (let i = 0; i < 50_000; i += 1) {
    const text = randomText(rand, pieces, 14);
    assert.is(plainText(text), plainSqueeze(text), JSON.stringify(text));
  }
});

/** titleTokens as first written: one regex chain. */
function plainTitleTokens(title: string, stopwords: (w: string) => boolean, stem: (w: string) => string): string[] {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !stopwords(w))
    .map(stem);
  return [...new Set(words)].sort();
}

test('titleTokens gives the regex chain\'s words on random titles (accents, digits with commas, other scripts)', () => {
  // The stop words and the stemming are the function's own: read them back through single-word titles.
  const stopword = (w: string) => titleTokens(w).length === 0;
  const stem = (w: string) => titleTokens(w)[0] ?? w;
  const rand = mulberry32(4);
  const pieces = ['Volunteers', 'planted', 'the', 'AND', 'café', 'Crème', 'naïve', 'ﬁsh', 'Ⅻ', 'ｆｕｌｌ', 'İstanbul', 'ſtreet', 'K', '1,200', '3,4,5', ',', '9,', ',9',
    ' ', '-', '’s', "'", '\u0301', 'ß', 'Ωmega', '中文', '٣', '²', '😀', 'running', 'buses', 'glass', 'a', 'of', 'x1', '2026', '(12)', '\t', '\u00a0'];
  for (let i = 0; i < 30_000; i += 1) {
    const title = randomText(rand, pieces, 16);
    assert.equal(titleTokens(title), plainTitleTokens(title, stopword, stem), JSON.stringify(title));
  }
});

test('stableId is the first 16 base64url characters of SHA-256 with - and _ as x, for ASCII and other text', () => {
  const rand = mulberry32(6);
  const pieces = ['https://', 'example.org/', 'ü', '中', '😀', '?a=1', '#', '\u0000', ' ', 'x'];
  for (let i = 0; i < 5000; i += 1) {
    const key = randomText(rand, pieces, 12);
    const expected = createHash('sha256').update(key).digest('base64url').slice(0, 16).replace(/[-_]/g, 'x');
    assert.is(stableId(key), expected, JSON.stringify(key));
  }
});

/** canonicalUrl as first written: every step through the URL object's setters (which links it accepts is shared). */
function plainCanonicalUrl(raw: string, base?: string): string | null {
  const url = httpUrl(raw, base);
  if (!url) return null;
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAM.test(key)) url.searchParams.delete(key);
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  url.hostname = url.hostname.replace(/\.$/, '');
  return url.href;
}

test('canonicalUrl gives the setter-by-setter result on random queries, fragments and hosts', () => {
  const rand = mulberry32(8);
  const hosts = ['example.org', 'Example.ORG.', 'a.b.c.example', 'xn--bcher-kva.example', 'bücher.example', '127.0.0.1', '[::1]', 'ft.com.'];
  const keys = ['utm_source', 'UTM_Medium', 'fbclid', 'gclid', 'wt.mc_id', 'ref_src', 'utm', 'id', 'q', 'a', '', 'utm%5Fsource', 'utm_x%20y', 'a+b', 'é', '~k', 'k*'];
  const values = ['', 'x', '1', 'b=c', 'a b', '%zz', '%41', '%2B', "~!$'()*,;:@/?", 'ü', '+', 'a+b', '-._*', '"<>', '\\'];
  for (let i = 0; i < 20_000; i += 1) {
    const parts = Array.from({ length: Math.floor(rand() * 5) }, () => {
      const roll = rand();
      if (roll < 0.1) return '';
      if (roll < 0.2) return pick(rand, keys);
      return `${pick(rand, keys)}=${pick(rand, values)}`;
    });
    const query = rand() < 0.85 ? `?${parts.join('&')}` : '';
    const fragment = pick(rand, ['', '', '', '#', '#top', '#a?utm_source=1', '#%20']);
    const path = pick(rand, ['', '/', '/a/b', '/a b/ü', '/./x/../y', '/%7E']);
    const raw = `${pick(rand, ['https://', 'http://', 'HTTP://'])}${pick(rand, hosts)}${path}${query}${fragment}`;
    const base = rand() < 0.2 ? 'https://base.example/' : undefined;
    assert.is(canonicalUrl(raw, base), plainCanonicalUrl(raw, base), raw);
    const relative = `${path || '/'}${query}${fragment}`;
    assert.is(canonicalUrl(relative, 'https://base.example/dir/'), plainCanonicalUrl(relative, 'https://base.example/dir/'), relative);
  }
});

test('decodeEntities reads the full HTML5 table, strictly: only references closed by `;`, names case-sensitive', () => {
  // Names a short hand-written table never held, decimal and hex, astral code points.
  assert.is(decodeEntities('&frac12; cup &hearts; &euro;5 &rarr; &#x1F600; &#233;t&eacute;'), '½ cup ♥ €5 → 😀 été');
  // Windows-1252 numbers (which feeds still send) mean the characters they meant, as browsers read them.
  assert.is(decodeEntities('1990&#150;2020 &#147;calm&#148;'), '1990–2020 “calm”');
  // Without `;` nothing is decoded: company names and loose ampersands stay as written.
  assert.is(decodeEntities('AT&T &copy 2024 Smith&paradise R&D &amp'), 'AT&T &copy 2024 Smith&paradise R&D &amp');
  // A reference to a code point that cannot stand in text is dropped (a U+FFFD the feed wrote stays);
  // an unknown name stays as written.
  assert.is(decodeEntities('&#0;|&#xD800;|&#1114112;|&NotAName;|&|\uFFFD&amp;\uFFFD'), '|||&NotAName;|&|\uFFFD&\uFFFD');
  assert.is(plainText('&lt;b&gt;Bold&lt;/b&gt; &amp;amp; &Eacute;cole'), 'Bold & École');
});

test('entity names that are Object.prototype members stay as written (they once decoded to "function Object() …")', () => {
  assert.is(decodeEntities('a &constructor; b &Constructor; c &amp; &AMP; &Eacute;'), 'a &constructor; b &Constructor; c & & É');
  assert.is(plainText('Tom &amp;amp; &constructor;'), 'Tom & &constructor;');
});

test.run();
