/** Input rules of the admin routes: path ids, the body limit and the stats window. */
import type { Context } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '../../../core/platform/errors.ts';
import { isValidId } from '../../../core/domain/ids.ts';
import { clampDays } from '../../../core/domain/stats.ts';
import type { AppEnv } from '../../deps.ts';
import type { BodyRules } from '../../validate.ts';

/** The `:id` path parameter; a malformed id cannot exist, so it is a 404 like an unknown one. */
export function pathId(c: Context<AppEnv>, what: string): string {
  const id = c.req.param('id');
  if (!isValidId(id)) throw new NotFoundError(`No ${what} with that id.`);
  return id;
}

/**
 * Every admin JSON body: a status, a flag or a reply of at most REPLY_RAW_MAX_CHARS (longer ones
 * are cut, not refused, so the limit leaves room for one written in a multi-byte script).
 */
export const ADMIN_BODY: BodyRules = { maxBytes: 256 * 1024 };

/** `?days=`: 7, 30 or 90 (core/domain/stats.ts clampDays; anything else is the nearest). */
export const StatsQuery = z.object({ days: z.string().optional().catch(undefined).transform(clampDays) });
