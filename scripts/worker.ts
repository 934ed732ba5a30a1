/** `npm run worker`: the Agenda worker alone (production process). Creates indexes and migrates first. */
import { exitOnStartupError, onShutdown, openRuntime, services } from '../core/platform/runtime.ts';
import { ensureSchema } from '../core/store/schema.ts';
import { startWorker } from '../jobs/worker.ts';

const runtime = await openRuntime().catch(exitOnStartupError);
await ensureSchema(runtime.database.db, runtime.log);
const worker = await startWorker(services(runtime));
runtime.log.info('worker started');
onShutdown(runtime.log, async () => {
  await worker.stop();
  await runtime.database.close();
});
