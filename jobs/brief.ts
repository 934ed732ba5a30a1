/**
 * `brief` (about every 15 minutes): compose the 7-item brief (diverse in topic and source, gentle
 * lead) from the recent public pool and store it; `generated_at` advances only when the selection
 * changes. Built from the database, not a read model, so hidden sources are left out "when building".
 */
import { composeStoredBrief } from '../core/pipeline/brief.ts';
import type { JobDefinition } from './context.ts';

export const briefJob: JobDefinition = {
  name: 'brief',
  every: '15 minutes',
  async run(ctx) {
    const { items, changed, brief, pool } = await composeStoredBrief(ctx.db, ctx.now());
    ctx.log.info('brief composed', { items, changed, pool });
    return { items, changed, generated_at: brief.generated_at.toISOString() };
  },
};
