/**
 * `ingest`: poll every due source once (every ~5 minutes in the worker; each source keeps its own
 * next-poll time). With the embedded in-memory database and no sources at all (a fresh
 * `npm run job -- ingest`), the bundled demo sources are loaded first so there is something to poll.
 */
import { ensureDemoSources } from '../core/demo/index.ts';
import { runIngest } from '../core/pipeline/ingest.ts';
import type { JobDefinition } from './context.ts';

export const ingestJob: JobDefinition = {
  name: 'ingest',
  every: '5 minutes',
  async run(ctx) {
    if (ctx.config.mongodbUri === null) await ensureDemoSources(ctx.db, ctx.now());
    const summary = await runIngest({ db: ctx.db, config: ctx.config, log: ctx.log, model: ctx.model, now: ctx.now, progress: ctx.progress });
    return { ...summary };
  },
};
