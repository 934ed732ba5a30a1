/** Identifiers: one pattern for every id that appears in a path or a query. */
import { hash, randomBytes } from 'node:crypto';

// The pattern lives with the other pure guards, so the reader app's bundle can share it without node:crypto.
export { isValidId } from './guards.ts';

/** A stable 16-character id derived from a key (same key → same id), e.g. an article's canonical URL. */
export function stableId(key: string): string {
  // One-shot `hash` (same digest as createHash().update().digest(), without the Hash object).
  return hash('sha256', key, 'base64url').slice(0, 16).replace(/[-_]/g, 'x');
}

/** A fresh random id of 16 url-safe characters. */
export function randomId(): string {
  return randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
}

/** A URL-safe slug for a source id derived from its name. */
export function slugId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug || stableId(name);
}
