/**
 * Ctrl-C on `npm start` with the embedded default (no MONGODB_URI): SIGINT to the process group
 * while the database is still being prepared, and right after the ready line, exits 0 within 5 s
 * and leaves neither a process of the group nor the embedded server (its own process group).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ctrlC, READY } from './ctrl-c.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-ctrl-c-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

test('the embedded default: SIGINT while the database is prepared, and right after ready, exits 0 and leaves no server', async () => {
  const env = { TIDINGS_DATA_DIR: path.join(dir, 'data'), TIDINGS_DIST_DIR: path.join(dir, 'dist') };
  const early = await ctrlC(env, { on: /embedded database.*pid=\d+/, afterMs: 0, label: 'embedded: while preparing' });
  assert.is(early.code, 0, early.output);
  assert.ok(early.stopMs < 5000, `stopped in ${early.stopMs} ms`);
  assert.not.match(early.output, READY, 'stopped before serving');
  const ready = await ctrlC(env, { on: READY, afterMs: 0, label: 'embedded: right after ready' });
  assert.is(ready.code, 0, ready.output);
  assert.ok(ready.stopMs < 5000, `stopped in ${ready.stopMs} ms`);
});

test.run();
