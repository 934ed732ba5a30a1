import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildApp, COMPILE_HINT, READER_BUDGET_BYTES } from '../../app/build.ts';

test('the reader bundle stays under 50 KB gzipped, prints its size, and lazy views are separate chunks', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tidings-bundle-'));
  try {
    const lines: string[] = [];
    const result = await buildApp(dir, (line) => lines.push(line));
    assert.ok(result.readerGzipBytes > 1000, 'measured something');
    assert.ok(result.readerGzipBytes < READER_BUDGET_BYTES, `${result.readerGzipBytes} bytes over budget`);
    assert.match(lines.join('\n'), /reader bundle: \d+\.\d KB gzipped \(budget 50 KB\)/);
    assert.ok(result.files.includes('sw.js'));
    assert.ok(result.files.includes(path.join('app', 'reader.js')));
    const feedbackChunk = result.files.find((f) => /feedback-[A-Z0-9]+\.js$/.test(f));
    assert.ok(feedbackChunk, 'the feedback view is its own chunk');
    const reader = readFileSync(path.join(dir, 'app', 'reader.js'), 'utf8');
    assert.not.match(reader, /fb-message/, 'feedback code is not in the reader entry');
    assert.match(reader, /import\(/, 'lazy views load with dynamic import');
    // What loads at start is compiled while it streams in; a lazy view is compiled as it runs.
    assert.ok(reader.startsWith(COMPILE_HINT), 'the entry carries the compile hint');
    const imported = [...reader.matchAll(/from\s*"\.\/(chunks\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    assert.ok(imported.length > 0, 'the entry imports shared chunks statically');
    for (const chunk of imported) assert.ok(readFileSync(path.join(dir, 'app', chunk), 'utf8').startsWith(COMPILE_HINT), `${chunk} carries the hint`);
    assert.not.ok(readFileSync(path.join(dir, feedbackChunk), 'utf8').startsWith(COMPILE_HINT), 'a lazy view does not');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
