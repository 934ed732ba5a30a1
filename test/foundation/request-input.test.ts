/**
 * Issue 22's one path for request input, checked in the source rather than trusted: a route reads
 * its query and body through api/validate.ts (`query`, `jsonBody`, `formBody`: `@hono/zod-validator`
 * with our schemas, one error shape), never straight off the request. The one body read as bytes
 * is the OPML import's file (not JSON or a form: its own charset, judged by `importOpml`), behind
 * `limitBody`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const API = path.resolve(import.meta.dirname, '../../api');
/** A request's input read without the validator. */
const RAW_READ = /\.req\.(json|query|queries|parseBody|formData|text|arrayBuffer|blob)\(/g;
/** Where a raw read is the validator itself, or the one body that is a file. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'validate.ts': ['query'],
  'routes/admin/sources.ts': ['arrayBuffer'],
};

test('api/ reads a query or a body only through the validator', () => {
  const files = readdirSync(API, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => f.split(path.sep).join('/'));
  assert.ok(files.length > 20, 'the walk sees the API');
  const found: string[] = [];
  for (const file of files) {
    for (const match of readFileSync(path.join(API, file), 'utf8').matchAll(RAW_READ)) {
      if (!(ALLOWED[file] ?? []).includes(match[1] ?? '')) found.push(`${file}: ${match[0]}`);
    }
  }
  assert.equal(found, []);
});

test.run();
