/**
 * `brief` (about every 15 minutes): compose the 7-item brief (diverse in topic and source, gentle
 * lead) from the recent public pool and store it; `generated_at` advances only when the selection
 * changes. Built from the database, not a read model, so hidden sources are left out "when building".
 */
import { composeBrief } from '../core/domain/brief.ts';
import { buildSnapshot } from '../core/readmodel/snapshot.ts';
import { saveBrief } from '../core/store/briefs.ts';
import { loadPool } from '../core/store/pool.ts';
import type { JobDefinition } from './context.ts';

export const briefJob: JobDefinition = {
  name: 'brief',
  every: '15 minutes',
  async run(ctx) {
    const now = ctx.now();
    const snapshot = buildSnapshot(await loadPool(ctx.db), 0, null, now.getTime());
    const items = composeBrief(snapshot.all.ranked, now);
    const { changed, brief } = await saveBrief(ctx.db, items.map((a) => a.id), now);
    ctx.log.info('brief composed', { items: items.length, changed, pool: snapshot.byId.size });
    return { items: items.length, changed, generated_at: brief.generated_at.toISOString() };
  },
};
