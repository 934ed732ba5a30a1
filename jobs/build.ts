/** `build`: rebuild the static site into `dist/` (see site/build.ts). */
import { buildSite } from '../site/build.ts';
import type { JobDefinition } from './context.ts';

export const buildJob: JobDefinition = {
  name: 'build',
  every: null,
  async run(ctx) {
    const result = await buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now: ctx.now() });
    return { pages: result.pages, ms: result.ms };
  },
};
