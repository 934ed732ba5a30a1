import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FetchError, checkUrl, safeFetch } from '../../core/pipeline/fetcher.ts';
import { sharedFixtures } from '../helpers/shared-fixtures.ts';

// The hardening check against the shared SSRF corpus: without it, this file fails saying so.
const dir = sharedFixtures('ssrf', 'urls.txt');

if (dir) {
  const lines = (name: string) => readFileSync(new URL(name, dir), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  test('every URL of the shared SSRF corpus is refused when its names resolve to loopback (rebinding worst case)', async () => {
    const accepted: string[] = [];
    for (const url of lines('urls.txt')) {
      try {
        await safeFetch(url, { allowPrivate: false, resolver: async () => [{ address: '127.0.0.1', family: 4 }], totalTimeoutMs: 2000 });
        accepted.push(url);
      } catch (error) {
        if (!(error instanceof FetchError) || (error.kind !== 'refused' && error.kind !== 'network')) accepted.push(`${url} (${String(error)})`);
      }
    }
    assert.equal(accepted, []);
  });
  test('every URL the corpus says to allow passes the URL checks', () => {
    for (const url of lines('should-allow.txt')) checkUrl(url, false);
  });
}

test.run();
