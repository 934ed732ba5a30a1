/** Input helpers of the admin routes: path ids and JSON bodies, validated with zod. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../../../core/platform/errors.ts';
import { isValidId } from '../../../core/domain/ids.ts';
import type { AppEnv } from '../../deps.ts';

/** The `:id` path parameter; a malformed id cannot exist, so it is a 404 like an unknown one. */
export function pathId(c: Context<AppEnv>, what: string): string {
  const id = c.req.param('id');
  if (!isValidId(id)) throw new NotFoundError(`No ${what} with that id.`);
  return id;
}

/** The JSON body parsed with `schema`; a body that is not JSON or fails the schema is a 422 naming the field. */
export async function jsonBody<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ValidationError('The body must be JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join('.') : 'body';
    throw new ValidationError(`${field}: ${issue?.message ?? 'invalid value'}`);
  }
  return parsed.data;
}
