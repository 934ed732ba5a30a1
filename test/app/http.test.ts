import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { errorMessage, request, UNREACHABLE } from '../../app/lib/http.ts';

interface Seen {
  url: string;
  init: RequestInit;
}

/** Replace fetch for one call of `run`, answering with `reply` (or throwing it). */
async function withFetch<T>(reply: Response | Error, run: () => Promise<T>): Promise<{ result: T; seen: Seen[] }> {
  const seen: Seen[] = [];
  const real = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    seen.push({ url: String(input), init: init ?? {} });
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  try {
    return { result: await run(), seen };
  } finally {
    globalThis.fetch = real;
  }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

test('a GET carries the cookie, asks for JSON and leaves empty parameters out', async () => {
  const { result, seen } = await withFetch(json(200, { count: 3 }), () => request('/api/since', { params: { ts: '2026-11-20', prefs: '' } }));
  assert.equal(result, { ok: true, status: 200, body: { count: 3 } });
  assert.is(seen[0]?.url, '/api/since?ts=2026-11-20');
  assert.is(seen[0]?.init.method, 'GET');
  assert.is(seen[0]?.init.credentials, 'same-origin');
  assert.equal(seen[0]?.init.headers, { accept: 'application/json' });
});

test('a JSON body makes a POST with its content type; a file goes as its own type', async () => {
  const posted = await withFetch(new Response(null, { status: 204 }), () => request('/api/saved', { json: { article_id: 'a1' } }));
  assert.equal(posted.result, { ok: true, status: 204, body: null });
  assert.is(posted.seen[0]?.init.method, 'POST');
  assert.is(posted.seen[0]?.init.body, '{"article_id":"a1"}');
  assert.equal(posted.seen[0]?.init.headers, { accept: 'application/json', 'content-type': 'application/json' });
  const file = new Blob(['<opml/>'], { type: 'text/x-opml' });
  const sent = await withFetch(json(200, {}), () => request('/api/admin/import/sources.opml?status=active', { method: 'POST', file, params: { dry: '1' } }));
  assert.is(sent.seen[0]?.url, '/api/admin/import/sources.opml?status=active&dry=1');
  assert.is(sent.seen[0]?.init.body, file);
  assert.equal(sent.seen[0]?.init.headers, { accept: 'application/json', 'content-type': 'text/x-opml' });
});

test('a contract error reads as its message; a body that is not JSON is null', async () => {
  const failed = await withFetch(json(422, { error: { code: 'invalid', message: 'Please enter a valid e-mail address.' } }), () => request('/x', { json: {} }));
  assert.equal({ ok: failed.result.ok, status: failed.result.status }, { ok: false, status: 422 });
  assert.is(errorMessage(failed.result.body), 'Please enter a valid e-mail address.');
  const html = await withFetch(new Response('<h1>Bad gateway</h1>', { status: 502 }), () => request('/x'));
  assert.equal(html.result, { ok: false, status: 502, body: null });
  for (const body of [null, 'x', { error: 'no' }, { error: { message: 4 } }]) assert.is(errorMessage(body), '');
});

test('a network failure or an abort is status 0, never a throw', async () => {
  const offline = await withFetch(new TypeError('Failed to fetch'), () => request('/api/brief'));
  assert.equal(offline.result, { ok: false, status: UNREACHABLE, body: null });
  const controller = new AbortController();
  controller.abort();
  const aborted = await withFetch(new DOMException('aborted', 'AbortError'), () => request('/api/feed', { signal: controller.signal, keepalive: true }));
  assert.is(aborted.result.status, UNREACHABLE);
  assert.is(aborted.seen[0]?.init.signal, controller.signal);
  assert.is(aborted.seen[0]?.init.keepalive, true);
});

/** The service worker fetches for its cache, outside any page: the one other caller of `fetch`. */
const OWN_FETCHERS = ['app/lib/http.ts', 'app/sw.ts'];

test('the app calls Tidings through request() only: no other module of app/ calls fetch (the games included)', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = readdirSync(path.join(root, 'app'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(?:ts|tsx)$/.test(f))
    .map((f) => `app/${f.split(path.sep).join('/')}`);
  assert.ok(files.length > 30, `only ${files.length} app modules found`);
  const callers = files.filter((f) => /\bfetch\)?\(/.test(readFileSync(path.join(root, f), 'utf8')));
  assert.equal(callers.sort(), OWN_FETCHERS);
});

test.run();
