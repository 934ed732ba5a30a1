/**
 * The one way a route reads its input: `@hono/zod-validator` with our zod schemas, behind a body
 * limit. Every route with a body uses `jsonBody` (or `formBody`), every route with a query `query`:
 * - a body over the route's limit is a 413 `payload_too_large`, refused before it is read;
 * - a body that is not JSON, or input that fails its schema, is a 422 (`invalid_input` unless the
 *   route names its own code) whose message says which field is wrong and why;
 * - both through the root `onError`, so the answer is the contract's `{"error":{"code","message"}}`.
 * The handler then reads `c.req.valid('json' | 'form' | 'query')`: typed, and nothing else.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import type { BoundedCache } from '../core/platform/cache.ts';
import { AppError, invalidInput, ValidationError } from '../core/platform/errors.ts';
import type { AppEnv } from './deps.ts';

/** Options of a body: its largest size in bytes, the 422's code, the 413's message. */
export interface BodyRules {
  maxBytes: number;
  code?: string;
  tooLarge?: string;
}

type Validated<Target extends 'json' | 'form' | 'query', S extends z.ZodType> = MiddlewareHandler<
  AppEnv,
  string,
  { in: { [K in Target]: z.input<S> }; out: { [K in Target]: z.output<S> } }
>;

/** A validator hook that turns a failed schema into the 422. */
function refuse(code: string) {
  return (result: { success: true } | { success: false; error: z.core.$ZodError }): void => {
    if (!result.success) throw invalidInput(result.error, code);
  };
}

/**
 * 413 before reading more than `rules.maxBytes` of a body (declared or streamed). Every middleware
 * here that lets a route read a body is a function named `readsBody`: the bodies test finds the
 * routes by that name (test/hardening/bodies.test.ts).
 */
export function limitBody(rules: BodyRules): MiddlewareHandler<AppEnv> {
  const message = rules.tooLarge ?? `The request body is larger than ${rules.maxBytes} bytes.`;
  const limit = bodyLimit({
    maxSize: rules.maxBytes,
    onError: () => {
      throw new AppError('payload_too_large', message, 413);
    },
  });
  return function readsBody(c, next) {
    return limit(c, next);
  };
}

/** Run `validator` inside the body limit; the adapter's "not JSON" (a 400) becomes our 422. */
function limited<M extends MiddlewareHandler<AppEnv>>(validator: M, rules: BodyRules, notParsed: string): M {
  const limit = limitBody(rules);
  const code = rules.code ?? 'invalid_input';
  const validate = async (c: Context<AppEnv>, next: Next): Promise<void> => {
    let passed = false;
    try {
      await validator(c, async () => {
        passed = true;
        await next();
      });
    } catch (error) {
      if (!passed && error instanceof HTTPException && error.status === 400) throw new ValidationError(notParsed, code);
      throw error;
    }
  };
  // A second validator of the same request (a route taking a form or JSON) finds the body read
  // already, within the first one's limit.
  return function readsBody(c: Context<AppEnv>, next: Next) {
    return c.req.raw.bodyUsed ? validate(c, next) : limit(c, () => validate(c, next));
  } as unknown as M;
}

/**
 * The JSON body, validated with `schema`, within `rules.maxBytes`. A request that does not declare
 * a JSON content type has no JSON body: the schema sees `{}` (so a required field is "missing").
 */
export function jsonBody<S extends z.ZodType>(schema: S, rules: BodyRules): Validated<'json', S> {
  return limited(zValidator('json', schema, refuse(rules.code ?? 'invalid_input')), rules, 'The body must be JSON.') as Validated<'json', S>;
}

/** A form body (`application/x-www-form-urlencoded` or multipart), validated with `schema`. */
export function formBody<S extends z.ZodType>(schema: S, rules: BodyRules): Validated<'form', S> {
  return limited(zValidator('form', schema, refuse(rules.code ?? 'invalid_input')), rules, 'The body must be a form.') as Validated<'form', S>;
}

/** What a failed query answers instead of its 422, given the raw values (undefined: the 422). */
export type QueryFallback = (raw: Record<string, string | string[]>, c: Context) => Response | undefined;

/**
 * The query string, validated with `schema` (a repeated parameter arrives as an array). With
 * `fallback`, a query that fails its schema may be answered otherwise (`/api/since`: an unusable
 * `ts` is an empty answer, whatever the other parameters say).
 */
export function query<S extends z.ZodType>(schema: S, code = 'invalid_input', fallback?: QueryFallback): Validated<'query', S> {
  const refuseAs = refuse(code);
  return zValidator('query', schema, (result, c) => {
    if (!result.success && fallback !== undefined) {
      const answer = fallback(result.data as Record<string, string | string[]>, c);
      if (answer !== undefined) return answer;
    }
    refuseAs(result);
  }) as unknown as Validated<'query', S>;
}

/** Longer query strings are validated every time, never remembered. */
export const MAX_REMEMBERED_QUERY_CHARS = 4096;

/**
 * `query(schema)` remembered by the raw query string, for a schema whose output is a pure function
 * of the query string and is never changed (it is shared): a repeated query skips URL parsing and
 * the schema, one look-up in `cache` instead (the warm reading path, docs/benchmarks.md). A query
 * that fails is never remembered (it fails again, the same way).
 */
export function rememberedQuery<S extends z.ZodType>(schema: S, cache: BoundedCache<string, NonNullable<z.output<S>>>): Validated<'query', S> {
  const validate = query(schema);
  return (c, next) => {
    const url = c.req.url;
    const at = url.indexOf('?');
    const search = at < 0 ? '' : url.slice(at + 1);
    const known = cache.get(search);
    if (known !== undefined) {
      c.req.addValidatedData('query', known);
      return next();
    }
    return validate(c, () => {
      if (search.length <= MAX_REMEMBERED_QUERY_CHARS) cache.set(search, c.req.valid('query' as never) as NonNullable<z.output<S>>);
      return next();
    });
  };
}

/**
 * For a beacon: `navigator.sendBeacon` posts a string as `text/plain`, so this route's body is
 * JSON whatever its declared type. Goes before `jsonBody`.
 */
export const declaredJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('content-type')?.toLowerCase().startsWith('application/json') !== true) {
    c.req.raw.headers.set('content-type', 'application/json');
  }
  await next();
};

/**
 * The same input from the query string when it names any of the schema's fields, else from the
 * JSON body (`DELETE /api/saved?article_id=`, or the same as a body); read as `c.req.valid('json')`.
 */
export function queryOrJsonBody<S extends z.ZodType>(schema: S, fields: readonly string[], rules: BodyRules): Validated<'json', S> {
  const fromBody = jsonBody(schema, rules);
  const fromQuery = query(schema, rules.code);
  return function readsBody(c: Context<AppEnv>, next: Next) {
    if (!fields.some((name) => c.req.query(name) !== undefined)) return fromBody(c, next);
    return fromQuery(c, async () => {
      c.req.addValidatedData('json', c.req.valid('query' as never));
      await next();
    });
  } as unknown as Validated<'json', S>;
}
