/** `npm run build`: one Eleventy build into `dist/` from the configured database. */
import { errorText } from '../core/platform/errors.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { buildSite } from '../site/build.ts';
import { runCommand } from './command.ts';

await runCommand(
  async (runtime) => {
    await ensureSchema(runtime.database.db, runtime.log);
    const result = await buildSite({ db: runtime.database.db, config: runtime.config, log: runtime.log, now: runtime.now() });
    process.stdout.write(`Built ${result.pages} files (${result.written} written, ${result.removed} removed) in ${result.ms} ms into ${runtime.config.distDir}\n`);
  },
  (error) => `Build failed: ${errorText(error)}`,
);
