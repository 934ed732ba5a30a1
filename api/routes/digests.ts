/**
 * The digest preference and the unsubscribe address (CONTRACT.md): `GET`/`PUT /api/digest` for the
 * signed-in reader; `GET /api/digest/unsubscribe?token=` serves a page whose button POSTs, and
 * `POST` (RFC 8058 one-click, no session needed) unsubscribes. Bad tokens get a calm error page.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { escapeHtml } from '../../core/domain/html.ts';
import { isTimeZone, verifyUnsubscribeToken, type DigestPrefView } from '../../core/domain/digest.ts';
import { getSubscription, saveSubscription } from '../../core/store/digests.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { calmPage } from '../pages.ts';
import { requireUser, signedIn } from '../session.ts';
import { jsonBody, limitBody, query } from '../validate.ts';

const DigestBody = z
  .object({
    enabled: z.boolean(),
    hour: z.number().int().min(0).max(23).optional(),
    time_zone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris').optional(),
  })
  .strict();

/** `?token=`: a missing or repeated one is no token, which the calm page explains. */
const UnsubscribeQuery = z.object({ token: z.string().catch('').default('') });

const view = (s: DigestPrefView): DigestPrefView => ({ enabled: s.enabled, hour: s.hour, time_zone: s.time_zone });

/** The digest sub-app, mounted at `/api/digest`. */
export function digestRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireUser(c);
    return c.json(view(await getSubscription(deps.db, user._id)));
  });

  app.put('/', signedIn, jsonBody(DigestBody, { maxBytes: 1024 }), async (c) => {
    const user = await requireUser(c);
    return c.json(view(await saveSubscription(deps.db, user._id, c.req.valid('json'), deps.now())));
  });

  const page = (c: Context<AppEnv>, title: string, body: string, status: 200 | 400) =>
    c.html(calmPage(title, body, deps.config.serviceName), status);

  app.get('/unsubscribe', query(UnsubscribeQuery), (c) => {
    const { token } = c.req.valid('query');
    if (!verifyUnsubscribeToken(token, deps.config.sessionSecret)) {
      return page(c, 'This link does not work', 'The unsubscribe link is incomplete or has been changed. Please use the link from your latest digest e-mail.', 400);
    }
    const html = calmPage('Unsubscribe from the daily digest', 'Press the button to stop the daily digest e-mail. You can turn it on again from your account.', deps.config.serviceName).replace(
      '</main>',
      `<form method="post" action="/api/digest/unsubscribe?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Unsubscribe</button></form></main>`,
    );
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(html, 200);
  });

  // The one-click body (`List-Unsubscribe=One-Click`, RFC 8058) says nothing more than the request.
  app.post('/unsubscribe', limitBody({ maxBytes: 1024 }), query(UnsubscribeQuery), async (c) => {
    const userId = verifyUnsubscribeToken(c.req.valid('query').token, deps.config.sessionSecret);
    if (!userId) {
      return page(c, 'This link does not work', 'The unsubscribe link is incomplete or has been changed. Nothing was changed.', 400);
    }
    await saveSubscription(deps.db, userId, { enabled: false }, deps.now());
    return page(c, 'You are unsubscribed', 'You will not receive the daily digest any more. You can turn it on again from your account.', 200);
  });

  return app;
}
