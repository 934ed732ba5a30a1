/** Shared steps of the static-site tests: seed a small pool and a brief, build into the context's dist. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ArticleDoc } from '../../core/domain/article.ts';
import type { BriefDoc } from '../../core/domain/brief.ts';
import { buildSite, type BuildResult } from '../../site/build.ts';
import type { TestContext } from '../helpers/context.ts';

/** Build the site into `ctx.config.distDir`. */
export function build(ctx: TestContext, now = new Date('2026-11-21T08:00:00Z')): Promise<BuildResult> {
  return buildSite({ db: ctx.db, config: ctx.config, log: ctx.log, now });
}

/** A file of the built site as text, or null when it does not exist. */
export function distFile(ctx: TestContext, rel: string): Promise<string | null> {
  return readFile(path.join(ctx.config.distDir, rel), 'utf8').catch(() => null);
}

/** Store `_id: 'current'` with these items. */
export async function storeBrief(ctx: TestContext, ids: string[], generatedAt = new Date('2026-11-21T06:00:00Z')): Promise<void> {
  const brief: BriefDoc = { _id: 'current', item_ids: ids, generated_at: generatedAt, checked_at: generatedAt };
  await ctx.db.collection<BriefDoc>('briefs').replaceOne({ _id: 'current' }, brief, { upsert: true });
}

/** A complete cached summary. */
export function summaryOf(text: string): NonNullable<ArticleDoc['summary']> {
  return {
    summary: text,
    what_happened: 'A town opened a new library.',
    why_matters: 'Everyone gets a quiet place to read.',
    why_belongs: 'It is calm, local and constructive.',
    generated_by: 'seed',
    generated_at: new Date('2026-11-20T13:00:00Z'),
  };
}
