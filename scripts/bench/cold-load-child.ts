/**
 * Child process of the bench's cold runs (issue 19): autocannon's API (its CLI sends one request
 * again and again) with request `n` of the run asking `<url>prefs=<coldPrefs(start + n)>`, so every
 * request carries prefs no earlier request sent. Prints autocannon's result as JSON with `used`:
 * how many prefs were drawn (the parent's next run starts after them).
 *
 * The requests are made before the run starts, as whole request bytes, and autocannon's request
 * iterator hands out the next one (its `setupRequest` path would rebuild every request with a
 * context deep-copy and a fresh id: measured 40-60 % slower than its CLI against a trivial server,
 * so the generator, not our server, would have set the pace). Written for autocannon 9.0.0.
 *
 * The prepared requests are one buffer and a table of offsets, each request handed out as a view
 * made when it is sent (young garbage), not a `Buffer` object each: the 300,000 objects of a run
 * kept this process's heap at 70-260 MB, and in 2 of 11 cold feed runs of one profile (4 of 12 in
 * another) its young-generation collections took 390-460 ms of the 3 seconds (PerformanceObserver
 * 'gc', 29 Nov 2026): the load generator then spent 32 µs of CPU a request instead of 19, our
 * server's event loop was busy 57 % of the round instead of 71 %, and the round read 24,000 req/s
 * instead of 33,000 for the same server CPU a request. Such a round measured the generator.
 *
 * usage: cold-load-child.ts <url ending in ? or &> <start> <connections> <seconds> [<headers JSON>]
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { COLD_RUN_MAX, coldPrefsParam } from './cold-prefs.ts';

const [url, startArg, connectionsArg, secondsArg, headersArg] = process.argv.slice(2);
if (!url || !startArg || !connectionsArg || !secondsArg) {
  process.stderr.write('usage: cold-load-child.ts <url> <start> <connections> <seconds> [<headers JSON>]\n');
  process.exit(2);
}
const target = new URL(url);
// From the text, not `target.search`: a URL ending in a bare `?` has an empty search.
const pathPrefix = url.slice(target.origin.length);
const start = Number(startArg);
const connections = Number(connectionsArg);
const seconds = Number(secondsArg);
const headers: Record<string, string> = headersArg ? (JSON.parse(headersArg) as Record<string, string>) : {};

// At most 100,000 requests a second, drawn before the run: a two-core machine's Node server does not
// answer a cold (filtered, composed) request that fast: on the fastest machine we ran on (28 Nov
// 2026) its bare floor did 65,000-80,000 and the cold routes 23,000-41,000. Building them costs
// ~1.8 µs each, before the clock starts.
const PER_SECOND = 100_000;
const ready = Math.max(0, Math.min(Math.ceil(seconds * PER_SECOND) + connections, COLD_RUN_MAX - start));
if (ready === 0) {
  process.stderr.write(`no cold prefs left: the bench has drawn ${start} of the ${COLD_RUN_MAX} proven distinct\n`);
  process.exit(1);
}
const head = `\r\nHost: ${target.host}\r\nConnection: keep-alive\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
const pathOf = (i: number): string => `${pathPrefix}${coldPrefsParam(start + i)}`;
const { bytes, offsets } = prepare(ready, (i) => `GET ${pathOf(i)} HTTP/1.1${head}`);

/** The `count` requests `text(i)` as UTF-8 in one buffer: request `i` is `bytes[offsets[i]..offsets[i + 1]]`. */
function prepare(count: number, text: (i: number) => string): { bytes: Buffer; offsets: Float64Array } {
  const offsets = new Float64Array(count + 1);
  let bytes = Buffer.allocUnsafeSlow(count * 256);
  let end = 0;
  for (let i = 0; i < count; i += 1) {
    const request = text(i);
    const length = Buffer.byteLength(request, 'utf8');
    if (end + length > bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, end + length));
      bytes.copy(grown, 0, 0, end);
      bytes = grown;
    }
    end += bytes.write(request, end, 'utf8');
    offsets[i + 1] = end;
  }
  return { bytes, offsets };
}
let used = 0;
/**
 * Requests asked for past the prepared ones. They repeat the last prefs (a throw here would be
 * thrown inside autocannon's response parser and kill the run with a stack trace but no reason);
 * the parent refuses a run that has any, so a repeat answered from memory never counts.
 */
let overflow = 0;
const draw = (): number => {
  if (used >= ready) {
    overflow += 1;
    return Math.max(0, ready - 1);
  }
  used += 1;
  return used - 1;
};

// Each connection's first request is built by autocannon (from `setupRequest`); every later one
// is the next prepared buffer.
const require = createRequire(import.meta.url);
const RequestIterator = require('autocannon/lib/requestIterator.js') as { prototype: { nextRequest(): unknown; currentRequest: unknown; resetted: boolean } };
RequestIterator.prototype.nextRequest = function nextRequest(this: { currentRequest: unknown; resetted: boolean }) {
  this.resetted = false;
  const i = draw();
  this.currentRequest = { requestBuffer: bytes.subarray(offsets[i], offsets[i + 1]) };
  return this.currentRequest;
};

const result = await autocannon({
  url: target.origin,
  connections,
  duration: seconds,
  headers,
  requests: [{
    method: 'GET',
    setupRequest: (request) => {
      request.path = pathOf(draw());
      return request;
    },
  }],
});
process.stdout.write(`${JSON.stringify({ ...result, used, overflow, ready })}\n`);
