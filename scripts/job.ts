/** `npm run job -- <name>`: run one job once, with a progress bar on a terminal. */
import { exitOnStartupError, openRuntime, services } from '../core/platform/runtime.ts';
import { embeddedNote } from '../core/store/db.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { findJob, JOBS } from '../jobs/registry.ts';
import { terminalProgress } from './progress.ts';

const name = process.argv[2];
const job = name ? findJob(name) : null;
if (!job) {
  process.stderr.write(`Usage: npm run job -- <name>   (one of: ${JOBS.map((j) => j.name).join(', ')})\n`);
  process.exit(2);
}
const runtime = await openRuntime().catch(exitOnStartupError);
const note = embeddedNote(runtime.database, runtime.config.dataDir);
if (note) process.stderr.write(`${note}\n`);
const progress = terminalProgress();
let code = 0;
try {
  await ensureSchema(runtime.database.db, runtime.log);
  const summary = await job.run({ ...services(runtime), progress });
  progress.end();
  process.stdout.write(`${job.name}: ${JSON.stringify(summary)}\n`);
} catch (error) {
  progress.end();
  process.stderr.write(`${job.name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  code = 1;
} finally {
  runtime.mailer.close();
  await runtime.database.close();
}
process.exit(code);
