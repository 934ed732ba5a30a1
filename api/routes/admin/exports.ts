/**
 * CSV exports (SPEC.md `sources.csv`, `audience.csv`, "CSV rules"): `text/csv; charset=utf-8` with
 * an attachment disposition; string cells formula-escaped, numbers untouched (core/domain/csv.ts).
 * `sources.opml`: every source as OPML (core/pipeline/opml.ts), for another reader or another Tidings.
 */
import { Hono, type Context } from 'hono';
import { csvDocument, type CsvCell } from '../../../core/domain/csv.ts';
import { sourceRates } from '../../../core/domain/source.ts';
import type { AdminStats } from '../../../core/domain/stats.ts';
import { loadAdminStats } from '../../../core/store/admin-stats.ts';
import { exportOpml } from '../../../core/pipeline/opml.ts';
import { listAllSources } from '../../../core/store/admin-sources.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { query } from '../../validate.ts';
import { StatsQuery } from './input.ts';

/** Header row of `sources.csv`, in SPEC.md's order. */
export const SOURCES_CSV_HEADER = [
  'name', 'feed_url', 'homepage', 'status', 'visible', 'served', 'accepted_total', 'total_articles',
  'acceptance_rate', 'duplicate_rate', 'accepted_duplicate_rate', 'image_coverage', 'paywalled',
  'last_success_at', 'last_error', 'retry_after', 'review_reason',
] as const;

function csvResponse(c: Context<AppEnv>, filename: string, rows: CsvCell[][]): Response {
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  return c.body(csvDocument(rows));
}

/** `audience.csv` rows: the summary block, one blank line, then the daily series. */
export function audienceRows(stats: AdminStats): CsvCell[][] {
  return [
    ['metric', 'value'],
    ['window_days', stats.days],
    ['from', stats.from],
    ['to', stats.to],
    ['visitors_today', stats.visitors.today],
    ['visitors_7d', stats.visitors.last_7_days],
    ['visitors_30d', stats.visitors.last_30_days],
    ['visitors_in_window', stats.visitors.in_window],
    ['returning_visitors', stats.returning.returning],
    ['one_and_done_visitors', stats.returning.one_and_done],
    ['accounts_total', stats.accounts.total],
    ['accounts_new', stats.accounts.new_in_window],
    ['feedback_total', stats.feedback_total],
    ['feedback_unread', stats.feedback_unread],
    ['shares_total', stats.shares.total],
    ['shares_service_link', stats.shares.share_svc],
    ['shares_source_link', stats.shares.copy_source],
    ['shares_native', stats.shares.native_share],
    [],
    ['day', 'visits', 'opens'],
    ...stats.daily.map((d) => [d.day, d.visits, d.opens]),
  ];
}

/** The exports sub-app, mounted at `/api/admin/export` behind the admin gate. */
export function adminExportRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/sources.csv', async (c) => {
    const sources = await listAllSources(deps.db);
    const rows: CsvCell[][] = [[...SOURCES_CSV_HEADER]];
    for (const s of sources) {
      const rates = sourceRates(s);
      rows.push([
        s.name, s.feed_url, s.homepage, s.status, s.content_visible, s.served, s.accepted_total, s.total_articles,
        rates.acceptance_rate, rates.duplicate_rate, rates.accepted_duplicate_rate, rates.image_coverage, s.paywalled,
        s.last_success_at, s.last_error, s.retry_after, s.review_reason,
      ]);
    }
    return csvResponse(c, 'sources.csv', rows);
  });

  // Every source, all statuses, with its status: reads back through the OPML import.
  app.get('/sources.opml', async (c) => {
    c.header('Content-Type', 'text/x-opml; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="sources.opml"');
    return c.body(await exportOpml(deps.db, deps.config, deps.now()));
  });

  app.get('/audience.csv', query(StatsQuery), async (c) => {
    const stats = await loadAdminStats(deps.db, deps.now(), c.req.valid('query').days);
    return csvResponse(c, 'audience.csv', audienceRows(stats));
  });

  return app;
}
