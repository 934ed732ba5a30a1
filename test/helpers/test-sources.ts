/** The code files of the test suite, for the checks that read the suite itself (test/foundation/no-sleeps.test.ts, test-files.test.ts). */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The code files under test/ (not fixtures), relative to the repository: those git knows, as in CI's
 * clone (someone's untracked scratch file in a shared work tree is not judged), or all of them
 * outside a git work tree.
 */
export function testSources(): string[] {
  const isCode = (file: string) => /\.(?:ts|tsx|mts|js|mjs)$/.test(file) && !file.includes('/fixtures/');
  try {
    return execFileSync('git', ['ls-files', '--cached', 'test'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(isCode);
  } catch {
    const walk = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir)).flatMap((name) => (statSync(path.join(ROOT, dir, name)).isDirectory() ? walk(`${dir}/${name}`) : [`${dir}/${name}`]));
    return walk('test').filter(isCode);
  }
}
