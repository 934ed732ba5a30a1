/**
 * `metrics`: recompute every source's stored metrics from its articles (docs/ingestion.md "Source
 * metrics"). Ingest, seed, import and visibility changes refresh the sources they touch; this job is
 * the backstop for every other way articles change (a duplicate re-pointed, an article removed, a
 * hand edit), so the admin list and sources.csv are never more than one interval behind.
 */
import { refreshMetricsOf } from '../core/store/sources.ts';
import type { JobDefinition } from './context.ts';

export const metricsJob: JobDefinition = {
  name: 'metrics',
  every: '30 minutes',
  async run(ctx) {
    return refreshMetricsOf(ctx.db, 'all', ctx.now());
  },
};
