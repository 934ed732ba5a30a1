/**
 * Which file of the built site a request path names, whether it is there, and what type it is: the rules shared by the
 * server's answers (api/static-files.ts) and the Netlify headers the build writes.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { getMimeType } from 'hono/utils/mime';

/** Types Hono's table lacks or names differently (issue 18: feeds, OPML, the web app manifest). */
const TYPES: Readonly<Record<string, string>> = {
  '.atom': 'application/atom+xml; charset=utf-8',
  '.opml': 'text/x-opml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** The Content-Type of a site file: JSON under `/feeds/` is a JSON Feed. */
export function contentTypeOf(rel: string): string {
  const ext = path.posix.extname(rel).toLowerCase();
  if (ext === '.json' && rel.startsWith('feeds/')) return 'application/feed+json; charset=utf-8';
  return TYPES[ext] ?? getMimeType(rel) ?? 'application/octet-stream';
}

/** The file a site path names, relative to the root (`/today` → `today/index.html`), or null when it cannot name one. */
export function filePathOf(rawPath: string): string | null {
  if (rawPath.length > 2048 || !rawPath.startsWith('/') || rawPath.startsWith('/api/') || rawPath === '/api') return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  // No NUL, no backslash, no empty, `.` or `..` segments, and no dot-files (the build's `.tmp` names).
  if (/[\0\\]/.test(decoded) || /\/\//.test(decoded) || /\/\./.test(decoded)) return null;
  let rel = decoded.slice(1);
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  else if (!/\.[a-zA-Z0-9_-]+$/.test(rel)) rel += '/index.html';
  return rel;
}

/** Whether the site under `root` has a file at `rawPath` (percent-encoded, no query); nothing is read. */
export function isSiteFile(root: string, rawPath: string): boolean {
  const rel = filePathOf(rawPath);
  return rel !== null && statSync(path.join(root, rel), { throwIfNoEntry: false })?.isFile() === true;
}
