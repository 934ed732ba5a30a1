/**
 * How a one-shot command (`npm run build`, `job`, `seed`, `sources`) runs against the
 * database, the same for each: open the runtime (a startup failure says why and exits 1), say on
 * stderr where the embedded database keeps its data, run the command's work, close the mailer and
 * the database whatever happened, then exit 0, or 1 after the failure's one line on stderr.
 */
import { exitOnStartupError, openRuntime, type Runtime } from '../core/platform/runtime.ts';
import { embeddedNote } from '../core/store/db.ts';

/** Run `work` on a fresh runtime and exit: 0 when it resolves, 1 (with `failure(error)` on stderr) when it throws. */
export async function runCommand(work: (runtime: Runtime) => Promise<void>, failure: (error: unknown) => string): Promise<never> {
  const runtime = await openRuntime().catch(exitOnStartupError);
  const note = embeddedNote(runtime.database, runtime.config.dataDir);
  if (note) process.stderr.write(`${note}\n`);
  let code = 0;
  try {
    await work(runtime);
  } catch (error) {
    process.stderr.write(`${failure(error)}\n`);
    code = 1;
  } finally {
    runtime.mailer.close();
    await runtime.database.close();
  }
  process.exit(code);
}
