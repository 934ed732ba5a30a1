/**
 * Page weights from a built `dist`: an `/a` page and `/today` with the stylesheets they link, and the
 * JavaScript the home page loads (its module scripts, modulepreloads and their static imports;
 * lazy `import()` chunks are not counted). Gzip at zlib's default level, as a CDN sends it.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { measured, skipped, type Field, type Section } from './report.ts';

/** Attribute values of tags matching `tag` whose attribute list matches `test` (e.g. stylesheet links). */
export function linkedUrls(html: string, tag: 'link' | 'script', attr: 'href' | 'src', test: RegExp): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs = m[1] ?? '';
    if (!test.test(attrs)) continue;
    const value = new RegExp(`\\b${attr}\\s*=\\s*"([^"]*)"`, 'i').exec(attrs)?.[1];
    if (value) out.push(value.replace(/&amp;/g, '&'));
  }
  return out;
}

/** Static `import` specifiers of an ES module (minified or not); dynamic `import()` is left out. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) if (m[1]) out.push(m[1]);
  return out;
}

/** A site URL (`/assets/site.css?v=1`) as a path under `root`, or null for another origin. */
export function localPath(root: string, url: string, from = '/'): string | null {
  if (/^[a-z]+:|^\/\//i.test(url)) return null;
  const resolved = new URL(url, `http://site${from}`).pathname;
  return path.join(root, decodeURIComponent(resolved));
}

const gz = (data: Buffer | string) => gzipSync(data).length;

async function pageWeight(dist: string, htmlFile: string): Promise<{ bytes: number; css: string[] }> {
  const html = await readFile(htmlFile, 'utf8');
  let bytes = gz(html);
  const css: string[] = [];
  for (const href of linkedUrls(html, 'link', 'href', /rel\s*=\s*"?stylesheet/i)) {
    const file = localPath(dist, href);
    if (!file || !existsSync(file)) continue;
    bytes += gz(await readFile(file));
    css.push(href);
  }
  return { bytes, css };
}

/** The JavaScript closure of the home page under `jsRoot` (where `/app/...` lives). */
async function homeScripts(dist: string, jsRoot: string): Promise<{ bytes: number; files: string[] } | null> {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const entries = [
    ...linkedUrls(html, 'script', 'src', /type\s*=\s*"module"|src/i),
    ...linkedUrls(html, 'link', 'href', /rel\s*=\s*"?modulepreload/i),
  ];
  const seen = new Set<string>();
  let bytes = 0;
  const visit = async (url: string, from: string): Promise<boolean> => {
    const file = localPath(jsRoot, url, from);
    if (!file) return true;
    if (seen.has(file)) return true;
    if (!existsSync(file)) return false;
    seen.add(file);
    const code = await readFile(file);
    bytes += gz(code);
    const here = '/' + path.relative(jsRoot, file).split(path.sep).join('/');
    for (const spec of staticImports(code.toString('utf8'))) if (!(await visit(spec, here))) return false;
    return true;
  };
  for (const url of entries) if (!(await visit(url, '/'))) return null;
  return { bytes, files: [...seen].map((f) => path.relative(jsRoot, f)) };
}

/**
 * Measure page weights in `dist`. `appOut` is a directory holding `/app/...` built by
 * app/build.ts when `dist` does not carry the reader bundle itself.
 */
export async function benchPages(dist: string, appOut: string | null): Promise<Section> {
  const out: Section = {};
  const a = (await readdir(path.join(dist, 'a')).catch(() => [] as string[])).sort()[0];
  const target = { op: '<=' as const, limit: 20_480 };
  if (a && existsSync(path.join(dist, 'a', a, 'index.html'))) {
    const w = await pageWeight(dist, path.join(dist, 'a', a, 'index.html'));
    out.a_gz_bytes = measured(w.bytes, { unit: 'bytes', digits: 0, target, note: `/a/${a}/ with ${w.css.join(', ') || 'no stylesheet'}` });
  } else out.a_gz_bytes = skipped('the build produced no /a page', target);
  const today = path.join(dist, 'today', 'index.html');
  if (existsSync(today)) {
    const w = await pageWeight(dist, today);
    out.today_gz_bytes = measured(w.bytes, { unit: 'bytes', digits: 0, target, note: `/today/ with ${w.css.join(', ') || 'no stylesheet'}` });
  } else out.today_gz_bytes = skipped('the build produced no /today page', target);

  const jsTarget = { op: '<=' as const, limit: 51_200 };
  let js: Field = skipped('the home page’s scripts were not found in dist nor in the app bundle', jsTarget);
  if (existsSync(path.join(dist, 'index.html'))) {
    const fromDist = await homeScripts(dist, dist);
    const fromApp = fromDist ?? (appOut ? await homeScripts(dist, appOut) : null);
    if (fromApp) {
      const where = fromDist ? 'dist' : 'the app bundle built by app/build.ts (dist does not carry /app yet)';
      js = measured(fromApp.bytes, { unit: 'bytes', digits: 0, target: jsTarget, note: `${fromApp.files.join(', ')} from ${where}` });
    }
  }
  out.reader_js_gz_bytes = js;
  return out;
}
