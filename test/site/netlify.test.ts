/**
 * netlify.toml (issue "Static site" item 6): build command and publish directory, `/api/*`
 * forwarded to the API origin, cache headers (long for assets, short for `/today`, the brief JSON
 * and the sitemap) and the 404 page.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CACHE_RULES, cacheControlFor } from '../../api/http-cache.ts';
import { DOCUMENT_HEADERS } from '../../api/security-headers.ts';
import { contentTypeOf } from '../../api/site-paths.ts';
import { parseToml, type TomlTable } from './toml.ts';

const config = parseToml(readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8'));
const tables = (v: unknown): TomlTable[] => (Array.isArray(v) ? v : []);
const redirects = tables(config.redirects);
const headers = tables(config.headers);

/** A header value configured for an exact `for` pattern, or an empty string. */
function headerValue(pattern: string, name: string): string {
  const rule = headers.find((h) => h.for === pattern);
  const values = rule?.values;
  return values && typeof values === 'object' && !Array.isArray(values) ? String(values[name] ?? '') : '';
}
const maxAge = (v: string) => Number(/max-age=(\d+)/.exec(v)?.[1] ?? NaN);

test('the TOML reader handles the subset and refuses what it does not know', () => {
  assert.equal(parseToml('[a]\nx = "1"\n[[b]]\ny = 2\n[b.c]\nz = true\n'), { a: { x: '1' }, b: [{ y: 2, c: { z: true } }] });
  assert.throws(() => parseToml('x = [1, 2]'));
  assert.throws(() => parseToml('x = "a"\nx = "b"'));
});

test('build command and publish directory', () => {
  const build = config.build as TomlTable;
  assert.is(build.command, 'npm run build');
  assert.is(build.publish, 'dist');
});

test('/api/* is forwarded (proxied, forced) to the API origin', () => {
  const api = redirects.find((r) => r.from === '/api/*');
  assert.ok(api);
  assert.match(String(api.to), /^https:\/\/[^/]+\/api\/:splat$/);
  assert.is(api.status, 200);
  assert.is(api.force, true);
});

test('/a/* pages missing from the build fall through to the API (not forced: built files win)', () => {
  const pages = redirects.find((r) => r.from === '/a/*');
  assert.ok(pages);
  assert.match(String(pages.to), /^https:\/\/[^/]+\/a\/:splat$/);
  assert.is(pages.status, 200);
  assert.not.ok(pages.force);
});

test('everything else without a file gets the 404 page with status 404, as the last rule', () => {
  const last = redirects[redirects.length - 1];
  assert.equal({ from: last?.from, to: last?.to, status: last?.status }, { from: '/*', to: '/404.html', status: 404 });
});

test('cache headers: a year for assets, short for /today, the brief JSON and the sitemap', () => {
  assert.match(headerValue('/assets/*', 'Cache-Control'), 'immutable');
  assert.ok(maxAge(headerValue('/assets/*', 'Cache-Control')) >= 31_536_000);
  for (const pattern of ['/today', '/today/*', '/brief.json', '/sitemap*.xml']) {
    const age = maxAge(headerValue(pattern, 'Cache-Control'));
    assert.ok(age > 0 && age <= 300, `${pattern}: max-age ${age}`);
  }
});

test('cache headers: hashed app chunks for a year; the app entry and the service worker revalidated', () => {
  assert.match(headerValue('/app/chunks/*', 'Cache-Control'), 'immutable');
  assert.is(maxAge(headerValue('/app/reader.js', 'Cache-Control')), 0);
  assert.match(headerValue('/sw.js', 'Cache-Control'), 'no-cache');
});

test('the CDN and the Node server send the same Cache-Control for every rule, both ways (issue 23)', () => {
  const configured = headers.filter((h) => headerValue(String(h.for), 'Cache-Control') !== '').map((h) => String(h.for));
  assert.equal([...configured].sort(), CACHE_RULES.map(([pattern]) => pattern).sort(), 'the same patterns');
  for (const pattern of configured) {
    // A path the pattern matches: each `*` as one segment of letters.
    const example = pattern.replace(/\*/g, 'x1');
    assert.is(cacheControlFor(example, false), headerValue(pattern, 'Cache-Control'), `${pattern} (${example})`);
  }
});

test('the CDN and the Node server send the same content types for feeds, OPML and the manifest (issue 18)', () => {
  const cases: Array<[string, string]> = [['/feeds/*.atom', 'feeds/today.atom'], ['/feeds/*.json', 'feeds/today.json'], ['/*.opml', 'sources.opml'], ['/*.webmanifest', 'app.webmanifest']];
  for (const [pattern, rel] of cases) assert.is(headerValue(pattern, 'Content-Type'), contentTypeOf(rel), pattern);
});

test('the CDN sends the security headers the Node server sends, on every file it serves: the same names and values, nothing more', () => {
  const rule = headers.find((h) => h.for === '/*');
  const values = rule?.values;
  assert.ok(values && typeof values === 'object' && !Array.isArray(values), 'a [[headers]] rule for "/*"');
  const configured = Object.fromEntries(Object.entries(values).map(([name, value]) => [name.toLowerCase(), String(value)]));
  assert.equal(configured, { ...DOCUMENT_HEADERS });
  // No other rule names one of them: Netlify merges the matching rules, and one value would override the other for its paths.
  for (const h of headers.filter((r) => r.for !== '/*')) {
    const own = h.values && typeof h.values === 'object' && !Array.isArray(h.values) ? Object.keys(h.values).map((n) => n.toLowerCase()) : [];
    for (const name of own) assert.not.ok(name in DOCUMENT_HEADERS, `${String(h.for)} sets ${name} again`);
  }
});

test.run();
