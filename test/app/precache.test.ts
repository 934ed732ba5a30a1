/**
 * The service worker's precache request (app/lib/precache.ts): a message from a page is input like
 * any other, so only same-origin paths the worker caches survive, each once, at most MAX_PRECACHE.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_PRECACHE, precachePaths } from '../../app/lib/precache.ts';

const ORIGIN = 'https://tidings.example';

test('the shell, its stylesheets, the app files and the brief pages pass, as paths, each once', () => {
  const urls = ['/', '/assets/site.css', '/assets/app.css', '/app/reader.js', `${ORIGIN}/app/reader.js`, '/app/chunks/chunk-ABC.js', '/a/d3C2pNnzgLE9nbHg', '/a/d3C2pNnzgLE9nbHg'];
  assert.equal(precachePaths({ type: 'precache', urls }, ORIGIN), ['/', '/assets/site.css', '/assets/app.css', '/app/reader.js', '/app/chunks/chunk-ABC.js', '/a/d3C2pNnzgLE9nbHg']);
});

test('other origins, other schemes, API calls, unknown paths and non-strings are dropped', () => {
  const urls = ['https://evil.example/a/abc', 'javascript:alert(1)', 'data:text/html,hi', '/api/brief', '/api/auth/me', '/admin', '/a/../api/saved', '/a/has space', 42, null, { url: '/' }, '//evil.example/app/x.js'];
  assert.equal(precachePaths({ type: 'precache', urls }, ORIGIN), []);
});

test('a message that is not a precache request is refused whole', () => {
  for (const data of [null, undefined, 'precache', ['/'], { type: 'precached', urls: ['/'] }, { type: 'precache' }, { type: 'precache', urls: '/' }]) {
    assert.is(precachePaths(data, ORIGIN), null, JSON.stringify(data));
  }
});

test(`at most ${MAX_PRECACHE} entries of a request are read`, () => {
  const urls = Array.from({ length: MAX_PRECACHE * 3 }, (_, i) => `/a/page${i}`);
  const paths = precachePaths({ type: 'precache', urls }, ORIGIN);
  assert.is(paths?.length, MAX_PRECACHE);
  assert.is(paths?.[MAX_PRECACHE - 1], `/a/page${MAX_PRECACHE - 1}`);
});

test.run();
