/**
 * `POST /api/events` (SPEC.md "Events", CONTRACT.md): body `{"kind","article_id"?,"visitor"}` → 204.
 * Unknown kinds are dropped (still 204), so old clients never see errors for retired kinds.
 * `navigator.sendBeacon` posts strings as `text/plain`, so the body is parsed as JSON whatever its
 * content type. Nothing about the request itself (address, user agent, referrer, URL) is stored or
 * logged here; the visitor token is kept only as an HMAC.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { eventRecord, isEventKind, visitorHash } from '../../core/domain/event.ts';
import { isVisitorToken } from '../../core/domain/guards.ts';
import { isValidId } from '../../core/domain/ids.ts';
import { recordEvent } from '../../core/store/events.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { declaredJson, jsonBody } from '../validate.ts';

/** Largest accepted body: an event is under 300 bytes; 2 KiB leaves room and nothing more. */
export const EVENT_BODY_MAX_BYTES = 2048;

/** `{"kind","article_id"?,"visitor"}`; any kind is accepted here and an unknown one dropped below. */
const EventBody = z.object(
  {
    kind: z.string(),
    article_id: z.string().refine(isValidId, 'expected an article id (1 to 64 letters, digits, "_" or "-") or null').nullable().default(null),
    visitor: z.string().refine(isVisitorToken, 'expected 16 to 128 characters of letters, digits, "_" or "-"'),
  },
  { error: 'expected a JSON object like {"kind":"open","visitor":"…"}' },
);

/** The events sub-app, mounted at `/api/events`. */
export function eventRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(
    '/',
    declaredJson,
    jsonBody(EventBody, { maxBytes: EVENT_BODY_MAX_BYTES, tooLarge: `An event body is at most ${EVENT_BODY_MAX_BYTES} bytes.` }),
    async (c) => {
      const body = c.req.valid('json');
      // Rule 1: a kind outside the whitelist is not recorded, but the client is not told off.
      if (isEventKind(body.kind)) {
        const event = eventRecord({
          kind: body.kind,
          articleId: body.article_id,
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
