/** `npm run build`: one Eleventy build into `dist/` from the configured database. */
import { errorText } from '../core/platform/errors.ts';
import { exitOnStartupError, openRuntime } from '../core/platform/runtime.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { buildSite } from '../site/build.ts';

const runtime = await openRuntime().catch(exitOnStartupError);
let code = 0;
try {
  await ensureSchema(runtime.database.db, runtime.log);
  const result = await buildSite({ db: runtime.database.db, config: runtime.config, log: runtime.log, now: runtime.now() });
  process.stdout.write(`Built ${result.pages} files (${result.written} written, ${result.removed} removed) in ${result.ms} ms into ${runtime.config.distDir}\n`);
} catch (error) {
  process.stderr.write(`Build failed: ${errorText(error)}\n`);
  code = 1;
} finally {
  await runtime.database.close();
}
process.exit(code);
