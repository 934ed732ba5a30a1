/** `npm run job -- <name>`: run one job once, with a progress bar on a terminal. */
import { errorText } from '../core/platform/errors.ts';
import { services } from '../core/platform/runtime.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { findJob, JOBS } from '../jobs/registry.ts';
import { runCommand } from './command.ts';
import { terminalProgress } from './progress.ts';

const name = process.argv[2];
const job = name ? findJob(name) : null;
if (!job) {
  process.stderr.write(`Usage: npm run job -- <name>   (one of: ${JOBS.map((j) => j.name).join(', ')})\n`);
  process.exit(2);
}
await runCommand(
  async (runtime) => {
    const progress = terminalProgress();
    let summary: unknown;
    try {
      await ensureSchema(runtime.database.db, runtime.log);
      summary = await job.run({ ...services(runtime), progress });
    } finally {
      // The bar's line ends before the summary or the failure is written.
      progress.end();
    }
    process.stdout.write(`${job.name}: ${JSON.stringify(summary)}\n`);
  },
  (error) => `${job.name} failed: ${errorText(error)}`,
);
