/**
 * The layering of issue 22, walked rather than trusted: every static import (type-only ones too)
 * of every .ts/.tsx under core/, api/, jobs/, site/, app/ and scripts/ is an edge. No circle
 * anywhere; nothing in api/ imports site/ or app/; nothing in core/ imports what is built on it.
 * And the API process, loaded for real in a child process, has neither Eleventy nor esbuild nor
 * compromise (the offline summary writer's tagger, imported only where a summary must be written)
 * in its module graph.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['core', 'api', 'jobs', 'site', 'app', 'scripts'];

/** Every source file of the folders, relative to the root with forward slashes. */
function sourceFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).includes('node_modules'))
      .map((f) => `${folder}/${f.split(path.sep).join('/')}`),
  );
}

/** The module specifiers a file imports or re-exports statically (`import type` included; `import()` is not static). */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      out.push(statement.moduleSpecifier.text);
    }
  }
  return out;
}

/** The repository file a relative specifier names, or null for a package or a file outside the walk. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(path.join(ROOT, c))) ?? null;
}

const files = sourceFiles();
const edges = new Map(files.map((file) => [file, specifiers(file).map((s) => resolve(file, s)).filter((t): t is string => t !== null)]));

/** One import circle as `a → b → … → a`, or null (depth-first, three colours). */
function findCircle(): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found !== null) return found;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    if (state.get(file) !== undefined) continue;
    const found = visit(file);
    if (found !== null) return found;
  }
  return null;
}

test('the walk sees the tree: hundreds of files, and the edges it must', () => {
  assert.ok(files.length > 200, `${files.length} files`);
  assert.ok(edges.get('api/server.ts')?.includes('api/app.ts'), 'api/server.ts → api/app.ts');
  assert.ok(edges.get('api/routes/saved.ts')?.includes('api/deps.ts'), 'a type-only import counts');
});

test('no import circle anywhere', () => {
  const circle = findCircle();
  assert.is(circle, null, `import circle: ${circle?.join(' → ')}`);
});

/** Every edge from a file under `from` into one of `into`, as `a → b` lines. */
function arrows(from: string, into: string[]): string[] {
  return [...edges].flatMap(([file, targets]) => (file.startsWith(`${from}/`) ? targets.filter((t) => into.some((f) => t.startsWith(`${f}/`))).map((t) => `${file} → ${t}`) : []));
}

test('no arrow from api/ into site/ or app/', () => {
  assert.equal(arrows('api', ['site', 'app']), []);
});

test('no arrow from core/ into api/, jobs/, site/, app/ or scripts/', () => {
  assert.equal(arrows('core', ['api', 'jobs', 'site', 'app', 'scripts']), []);
});

test('the API process loads neither Eleventy, esbuild nor compromise (its real module graph, in a child process)', () => {
  // Every module the API entry loads, as resolved by Node itself (bare package imports included).
  const script = `
    import { registerHooks } from 'node:module';
    const seen = new Set();
    registerHooks({ resolve(specifier, context, next) { const resolved = next(specifier, context); seen.add(resolved.url); return resolved; } });
    await import('./api/server.ts');
    await import('./api/app.ts');
    process.stdout.write(JSON.stringify([...seen]));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  const loaded = JSON.parse(out) as string[];
  assert.ok(loaded.some((url) => url.endsWith('/api/app.ts')), 'the graph holds the app');
  assert.ok(loaded.some((url) => url.includes('/node_modules/hono/')), 'package imports are seen too');
  assert.equal(loaded.filter((url) => /\/node_modules\/(@11ty\/eleventy|esbuild|compromise)\//.test(url)), []);
  assert.equal(loaded.filter((url) => /\/core\/domain\/(offline-summary|retell|retell-words)\.ts$/.test(url)), [], 'the offline writer loads on first need only');
});

test.run();
