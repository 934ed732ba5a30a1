/**
 * `build`: rebuild the static site into `dist/` (see site/build.ts). The worker runs it every minute;
 * it builds only when the brief's `generated_at` or the pool version (`meta`, bumped on accepted
 * articles and visibility changes) moved since the last build, or when this process has not built
 * yet (so `npm run job -- build`, `npm start` and a restarted worker always build once). The
 * triggers read *before* a build are recorded after it, so a change made mid-build triggers the next.
 * When the pool version moved it first keeps the stored brief whole (`refillStoredBrief`): a pool change that took
 * brief items away refills the brief and advances `generated_at` first, so the site and `/api/brief`
 * show the same 7 items. The worker runs this job at once when the pool version moves (jobs/worker.ts).
 * site/build.ts (Eleventy, esbuild) is loaded at the first build, not by every process that lists the jobs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { refillStoredBrief } from '../core/pipeline/brief.ts';
import { readBuildTriggers, readLastBuild, recordBuild, type BuildTriggers } from '../core/store/site.ts';
import type { JobContext, JobDefinition } from './context.ts';

/** Output directories this process has built into (a fresh process always builds once). */
const builtHere = new Set<string>();

/** True when the site must be rebuilt. */
export function needsBuild(current: BuildTriggers, last: BuildTriggers | null, builtInThisProcess: boolean, distComplete: boolean): boolean {
  if (!builtInThisProcess || !distComplete || !last) return true;
  return current.brief_generated_at !== last.brief_generated_at || current.pool_version !== last.pool_version;
}

/** The build under way in this process: the scheduled run and the worker's pool follower take turns. */
let running: Promise<unknown> = Promise.resolve();

export const buildJob: JobDefinition = {
  name: 'build',
  every: '1 minute',
  run(ctx): Promise<Record<string, number | string | boolean>> {
    const turn = running.then(() => buildOnce(ctx));
    running = turn.catch(() => undefined);
    return turn;
  },
};

/** One build when something moved (the brief refilled first when the pool version moved). */
async function buildOnce(ctx: JobContext): Promise<Record<string, number | string | boolean>> {
  const dist = ctx.config.distDir;
  const [before, last] = await Promise.all([readBuildTriggers(ctx.db), readLastBuild(ctx.db)]);
  let current = before;
  if (!last || current.pool_version !== last.pool_version) {
    const refilled = await refillStoredBrief(ctx.db, ctx.now());
    if (refilled?.changed) {
      ctx.log.info('brief refilled after a pool change', { items: refilled.items, pool: refilled.pool });
      current = await readBuildTriggers(ctx.db);
    }
  }
  const complete = existsSync(path.join(dist, 'index.html')) && existsSync(path.join(dist, 'sitemap.xml'));
  if (!needsBuild(current, last, builtHere.has(dist), complete)) return { skipped: true };
  const { buildSite } = await import('../site/build.ts');
  const result = await buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now: ctx.now(), progress: ctx.progress });
  // The build's own retellings moved the pool version (site/_includes/outputs.ts): when nothing else
  // moved it since the triggers were read, the site shows that version and the next run skips.
  const shown = result.poolVersion === current.pool_version + 1 ? { ...current, pool_version: result.poolVersion } : current;
  await recordBuild(ctx.db, shown, ctx.now());
  builtHere.add(dist);
  return { pages: result.pages, written: result.written, removed: result.removed, rendered: result.rendered, ms: result.ms };
}
