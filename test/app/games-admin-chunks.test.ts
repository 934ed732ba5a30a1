import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp } from '../../app/build.ts';

/** The reader's first load: the entry and every chunk reachable through static imports. */
function firstLoad(appDir: string): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (rel: string) => {
    if (seen.has(rel)) return;
    const code = readFileSync(path.join(appDir, rel), 'utf8');
    seen.set(rel, code);
    for (const m of code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)) visit(path.posix.join(path.posix.dirname(rel), m[1] ?? ''));
  };
  visit('reader.js');
  return seen;
}

test('games and admin code are lazy chunks: none of it loads with the reader, and the admin panel is a chunk of its own behind the gate', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-chunks-'));
  try {
    const { files } = await buildApp(dir);
    const appDir = path.join(dir, 'app');
    const first = [...firstLoad(appDir).values()].join('\n');
    for (const marker of ['tg-board', 'tg-grid', 'admin-nav', '/api/admin/', '/api/puzzle/', 'Reply to ', 'Daily visits and opens']) {
      assert.not.ok(first.includes(marker), `${marker} is not in the reader's first load`);
    }
    const chunk = (re: RegExp) => {
      const file = files.find((f) => re.test(f));
      assert.ok(file, `a chunk matching ${re}`);
      return readFileSync(path.join(dir, file), 'utf8');
    };
    assert.ok(chunk(/games-[A-Z0-9]+\.js$/).includes('/api/puzzle/words'), 'the games chunk holds the games');
    const gate = chunk(/admin-[A-Z0-9]+\.js$/);
    assert.ok(first.includes('/api/auth/session'), 'the admin gate asks who is signed in (with the reader’s own session call)');
    assert.not.ok(gate.includes('/api/admin/'), 'the gate holds no admin calls');
    assert.ok(chunk(/(?:^|\/)Panel-[A-Z0-9]+\.js$/).includes('/api/admin/'), 'the panel chunk holds them');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
