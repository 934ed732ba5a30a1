/**
 * HTTP hygiene (issue 23, item 5): an answer sent before the request body was read (a body limit's
 * refusal, a 401 on an upload) carries `Connection: close`, so a keep-alive client never sends its
 * next request down a connection the server is dropping (it used to be reset); and every control
 * character in a logged field is escaped.
 */
import { Agent } from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serveApp, type Listening } from '../../api/server.ts';
import { escapeControls } from '../../core/platform/log.ts';
import { createTestContext, type TestContext } from '../helpers/context.ts';
import { rawRequest } from '../helpers/raw-http.ts';

let ctx: TestContext;
let server: Listening;

test.before(async () => {
  ctx = await createTestContext();
  server = await serveApp(ctx.app, 0, '127.0.0.1');
});
test.after(async () => {
  await server.close();
  await ctx.close();
});

const oversized = Buffer.alloc(3 * 1024 * 1024, 0x61);
/** [what, path, body, status]: refused before the body is read. */
const UPLOADS: Array<[string, string, Buffer, number]> = [
  ['3 MB over the sign-in routes’ body limit (413)', '/api/auth/email/start', oversized, 413],
  ['3 MB to the import without a session (401 before the limit)', '/api/import', oversized, 401],
  ['an upload within the limit but without a session (401 before reading)', '/api/import', Buffer.alloc(120 * 1024, 0x61), 401],
];

for (const [name, pathname, body, status] of UPLOADS) {
  test(`${name}: refused with Connection: close, and the next requests on the keep-alive agent are answered`, async () => {
    // One socket at most: without the close, the agent would send the next request down the very
    // connection the server stops reading.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 5; i += 1) {
        const refused = await rawRequest(`${server.url}${pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, agent });
        assert.is(refused.status, status);
        // A body that had all arrived by then is drained by the adapter and the connection kept.
        if (body === oversized) assert.is(refused.headers.connection, 'close');
        const next = await rawRequest(`${server.url}/api/health`, { agent });
        assert.is(next.status, 200);
        assert.is(next.headers.connection, 'keep-alive', 'an ordinary answer keeps the connection');
      }
    } finally {
      agent.destroy();
    }
  });
}

test('a body read in full keeps the connection alive', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const small = await rawRequest(`${server.url}/api/auth/email/start`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"not-an-address"}', agent });
    assert.ok(small.status >= 400 && small.status < 500);
    assert.is(small.headers.connection, 'keep-alive');
  } finally {
    agent.destroy();
  }
});

test('control characters in a logged path are escaped, never written raw', async () => {
  await rawRequest(`${server.url}/api/summary/%00%1b%5b31m%7f%c2%9b%e2%80%a8`);
  const line = ctx.log.lines.find((l) => l.includes('/api/summary/'));
  assert.ok(line, 'the request was logged');
  assert.not.match(line, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
  assert.match(line, '\\u0000\\u001b[31m\\u007f\\u009b\\u2028');
  assert.is(escapeControls('calm\ttext\n'), 'calm\\u0009text\\u000a');
  assert.is(escapeControls('nothing to do'), 'nothing to do');
});

test.run();
