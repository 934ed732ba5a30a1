/**
 * `POST /api/events` (SPEC.md "Events", CONTRACT.md): body `{"kind","article_id"?,"visitor"}` → 204.
 * Unknown kinds are dropped (still 204), so old clients never see errors for retired kinds.
 * `navigator.sendBeacon` posts strings as `text/plain`, so the body is parsed as JSON whatever its
 * content type. Nothing about the request itself (address, user agent, referrer, URL) is stored or
 * logged here; the visitor token is kept only as an HMAC.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError, ValidationError } from '../../core/platform/errors.ts';
import { eventRecord, isEventKind, isVisitorToken, visitorHash } from '../../core/domain/event.ts';
import { isValidId } from '../../core/domain/ids.ts';
import { recordEvent } from '../../core/store/events.ts';
import type { AppDeps, AppEnv } from '../deps.ts';

/** Largest accepted body: an event is under 300 bytes; 2 KiB leaves room and nothing more. */
export const EVENT_BODY_MAX_BYTES = 2048;

function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError('The body must be a JSON object like {"kind":"open","visitor":"…"}.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError('The body must be a JSON object like {"kind":"open","visitor":"…"}.');
  }
  return Object.fromEntries(Object.entries(value));
}

/** The events sub-app, mounted at `/api/events`. */
export function eventRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(
    '/',
    bodyLimit({
      maxSize: EVENT_BODY_MAX_BYTES,
      onError: () => {
        throw new AppError('payload_too_large', `An event body is at most ${EVENT_BODY_MAX_BYTES} bytes.`, 413);
      },
    }),
    async (c) => {
      const body = parseObject(await c.req.text());
      if (!isVisitorToken(body.visitor)) {
        throw new ValidationError('visitor: expected 16 to 128 characters of letters, digits, "_" or "-".');
      }
      if (typeof body.kind !== 'string') throw new ValidationError('kind: expected a string.');
      const articleId = body.article_id ?? null;
      if (articleId !== null && !isValidId(articleId)) {
        throw new ValidationError('article_id: expected an article id (1 to 64 letters, digits, "_" or "-") or null.');
      }
      // Rule 1: a kind outside the whitelist is not recorded, but the client is not told off.
      if (isEventKind(body.kind)) {
        const event = eventRecord({
          kind: body.kind,
          articleId,
          visitorHash: visitorHash(body.visitor, deps.config.sessionSecret),
          now: deps.now(),
        });
        await recordEvent(deps.db, event);
      }
      c.header('Cache-Control', 'no-store');
      return c.body(null, 204);
    },
  );

  return app;
}
