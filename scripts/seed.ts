/**
 * `npm run seed -- <file.json>`: load sources and classified articles from a JSON file (CONTRACT.md
 * "Seed file"). Invalid entries are listed by section and index and skipped; valid ones load.
 * Exit 0 when the file was read (even with skipped entries), 1 when it could not be, 2 on usage.
 */
import { readFileSync } from 'node:fs';
import { seed } from '../core/pipeline/seed.ts';
import { errorText } from '../core/platform/errors.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { runCommand } from './command.ts';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Usage: npm run seed -- <file.json>\n');
  process.exit(2);
}
let data: unknown;
try {
  data = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  process.stderr.write(`Cannot read ${file}: ${errorText(error)}\n`);
  process.exit(1);
}
await runCommand(
  async (runtime) => {
    await ensureSchema(runtime.database.db, runtime.log);
    const report = await seed(runtime.database.db, data, runtime.now());
    for (const issue of report.invalid) process.stdout.write(`skipped ${issue.section}[${issue.index}]: ${issue.message}\n`);
    process.stdout.write(
      `Seeded sources: ${report.sources.inserted} new, ${report.sources.updated} updated; ` +
        `articles: ${report.articles.inserted} new, ${report.articles.updated} updated; ${report.invalid.length} skipped.\n`,
    );
  },
  (error) => `Seed failed: ${errorText(error)}`,
);
