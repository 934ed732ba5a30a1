/**
 * The shared corpora in ../shared/fixtures (beside the repository: CI lays a copy there, as for
 * every session). A test that needs one and does not find it fails, naming what is missing: a
 * missing corpus must not pass as `assert.ok(true)`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';

/** The shared fixtures directory. */
const SHARED = new URL('../../../shared/fixtures/', import.meta.url);

/**
 * The URL of `../shared/fixtures/<name>/` when `<name>/<probe>` exists; otherwise registers a
 * failing test that says what is missing and returns null (register the corpus's tests only when
 * it is there).
 */
export function sharedFixtures(name: string, probe: string): URL | null {
  const dir = new URL(`${name}/`, SHARED);
  if (existsSync(new URL(probe, dir))) return dir;
  test(`the shared corpus ../shared/fixtures/${name} is present`, () => {
    throw new Error(
      `../shared/fixtures/${name}/${probe} is missing (looked in ${dir.pathname}): these tests need the shared fixtures beside the repository, as CI lays them. Copy or link shared/ next to the repository, or run without this file.`,
    );
  });
  return null;
}

/** Every real XML feed of the fixtures' `feeds/` directory `dir` by file name, its text without a byte order mark. */
export function xmlFeedTexts(dir: URL): Map<string, string> {
  const files = readdirSync(dir).filter((name) => /\.(xml|rss|atom|rdf)$/.test(name));
  return new Map(files.map((name) => [name, readFileSync(new URL(name, dir), 'utf8').replace(/^\uFEFF/, '')]));
}
