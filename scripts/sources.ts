/**
 * `npm run sources -- …`: bring sources in and out as OPML (docs/admin.md "Importing and exporting
 * sources").
 *
 *   npm run sources -- import <file.opml> [--active]   each feed outline becomes a source (paused
 *                                                      unless --active); prints added / already
 *                                                      present / refused with reasons
 *   npm run sources -- import --starter [--active]     the shipped starter set of good-news sources
 *   npm run sources -- export [<file.opml>]            every source, all statuses, to the file or stdout
 *
 * Exit 0 when the file was imported (even with refused outlines) or exported, 1 when the file was
 * refused whole (nothing imported) or could not be read or written, 2 on a usage error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { exportOpml, importOpml, starterOpml, summaryLines } from '../core/pipeline/opml.ts';
import { AppError, errorText } from '../core/platform/errors.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { runCommand } from './command.ts';

const USAGE = `Usage:
  npm run sources -- import <file.opml> [--active]
  npm run sources -- import --starter [--active]
  npm run sources -- export [<file.opml>]
`;

function usage(problem?: string): never {
  if (problem) process.stderr.write(`${problem}\n`);
  process.stderr.write(USAGE);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest.filter((a) => a.startsWith('--')));
const files = rest.filter((a) => !a.startsWith('--'));
for (const flag of flags) {
  if (!['--active', '--paused', '--starter'].includes(flag)) usage(`Unknown option ${flag}.`);
}
if (command !== 'import' && command !== 'export') usage(command ? `Unknown command "${command}".` : undefined);
if (command === 'import' && flags.has('--starter') === (files.length === 1)) usage('Give one OPML file, or --starter.');
if (files.length > 1) usage('Give one file.');
if (command === 'export' && flags.size > 0) usage('export takes no options.');
if (flags.has('--active') && flags.has('--paused')) usage('Choose --active or --paused, not both.');

let bytes: Buffer | null = null;
if (command === 'import') {
  try {
    bytes = flags.has('--starter') ? starterOpml() : readFileSync(files[0]!);
  } catch (error) {
    process.stderr.write(`Cannot read ${files[0] ?? 'the starter set'}: ${errorText(error)}\n`);
    process.exit(1);
  }
}

await runCommand(
  async (runtime) => {
    const { db } = runtime.database;
    if (bytes) {
      await ensureSchema(db, runtime.log);
      const summary = await importOpml(db, bytes, undefined, {
        status: flags.has('--active') ? 'active' : 'paused',
        allowPrivate: runtime.config.fetchAllowPrivate,
        now: runtime.now(),
      });
      process.stdout.write(`${summaryLines(summary).join('\n')}\n`);
      if (summary.added.length > 0 && !flags.has('--active')) {
        process.stdout.write('The new sources are paused: resume them in the admin (Sources) or import with --active.\n');
      }
    } else {
      const text = await exportOpml(db, runtime.config, runtime.now());
      if (files[0]) {
        writeFileSync(files[0], text);
        process.stderr.write(`Wrote ${files[0]}.\n`);
      } else {
        process.stdout.write(text);
      }
    }
  },
  (error) => (error instanceof AppError ? error.message : `sources ${command} failed: ${errorText(error)}`),
);
