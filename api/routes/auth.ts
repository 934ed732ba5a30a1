/**
 * Magic-link sign-in, the current user and sign-out (SPEC.md "Authentication" 2 and 4; CONTRACT.md
 * "Magic link"). Threat model: core/domain/auth.ts.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  isSecretToken,
  keyedHash,
  MAGIC_LINK_LIMIT_PER_CLIENT,
  MAGIC_LINK_LIMIT_PER_EMAIL,
  MAGIC_LINK_TTL_SECONDS,
  MAGIC_LINK_WINDOW_SECONDS,
  parseEmail,
} from '../../core/domain/auth.ts';
import { escapeHtml, mailDocument } from '../../core/domain/html.ts';
import { isAdmin, type UserDoc, type UserView } from '../../core/domain/user.ts';
import { BadRequestError, describeError } from '../../core/platform/errors.ts';
import { outlive } from '../../core/platform/outliving.ts';
import { createMagicLink, consumeMagicLink } from '../../core/store/magic-links.ts';
import { hitRateLimit } from '../../core/store/rate-limits.ts';
import { deleteSession } from '../../core/store/sessions.ts';
import { findOrCreateUserByEmail } from '../../core/store/users.ts';
import { recordIdentity } from '../../core/store/identities.ts';
import { assertSameOrigin } from '../csrf.ts';
import { clientAddress } from '../client-address.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clearSessionCookie, currentSession, currentUser, openSession, requireUser } from '../session.ts';
import { formBody, jsonBody, type BodyRules } from '../validate.ts';

/** The one reply every valid start gets, known address or not, limited or not (no enumeration). */
export const START_REPLY = { ok: true, message: 'If that address can receive mail, a sign-in link is on its way. It works once, for 15 minutes.' };

/** Sign-in bodies are an address or a token: 8 KiB is far more than either. */
const AUTH_BODY: BodyRules = { maxBytes: 8 * 1024 };

/** `{"email"}`, normalised (core/domain/auth.ts parseEmail). */
const StartBody = z.object({
  email: z.string().transform((value, ctx) => parseEmail(value) ?? (ctx.addIssue({ code: 'custom', message: 'not a valid e-mail address' }), z.NEVER)),
});

/** The token of a verify: a JSON `{"token"}`, or the form field of the no-script page. A missing one is an unknown link. */
const VerifyJson = z.object({ token: z.string().optional() });
const VerifyForm = z.object({ token: z.string().optional().catch(undefined) });

/** The public view of a user (`GET /api/auth/me`). */
export function userView(user: UserDoc, deps: AppDeps): UserView {
  return {
    id: user._id,
    email: user.email,
    avatar_url: user.avatar_url,
    is_admin: isAdmin(user, deps.config),
    created_at: user.created_at.toISOString(),
    needs_import: !user.imported_at,
  };
}

function magicLinkMail(deps: AppDeps, to: string, link: string) {
  const name = deps.config.serviceName;
  const minutes = MAGIC_LINK_TTL_SECONDS / 60;
  const subject = `Your ${name} sign-in link`;
  return {
    to,
    subject,
    text: `Hello,\n\nOpen this link to sign in to ${name}:\n\n${link}\n\nIt works once, within ${minutes} minutes. If you did not ask for it, you can ignore this mail.\n`,
    html: mailDocument(
      subject,
      `<p>Hello,</p><p><a href="${escapeHtml(link)}">Sign in to ${escapeHtml(name)}</a></p><p>Or paste this address into your browser:<br>${escapeHtml(link)}</p><p>It works once, within ${minutes} minutes. If you did not ask for it, you can ignore this mail.</p>`,
    ),
  };
}

/** `/api/auth`: providers, e-mail start and verify, me, logout. */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
    assertSameOrigin(c, deps.config.publicBaseUrl);
    await next();
  };

  app.get('/providers', (c) => c.json({ email: true, oidc: deps.config.oidc ? { name: deps.config.oidc.name, start: '/api/auth/oidc/start' } : null }));

  app.post('/email/start', jsonBody(StartBody, { ...AUTH_BODY, code: 'invalid_email' }), async (c) => {
    const { email } = c.req.valid('json');
    const now = deps.now();
    const secret = deps.config.sessionSecret;
    const allowed =
      (await hitRateLimit(deps.db, 'magic_client', keyedHash(secret, `client:${clientAddress(c)}`), MAGIC_LINK_LIMIT_PER_CLIENT, MAGIC_LINK_WINDOW_SECONDS, now)) &&
      (await hitRateLimit(deps.db, 'magic_email', keyedHash(secret, `email:${email}`), MAGIC_LINK_LIMIT_PER_EMAIL, MAGIC_LINK_WINDOW_SECONDS, now));
    if (allowed) {
      const token = await createMagicLink(deps.db, email, now);
      const link = `${deps.config.publicBaseUrl}/auth/verify?token=${token}`;
      if (!deps.config.smtpUrl && deps.config.nodeEnv !== 'production') deps.log.info('magic link (no SMTP_URL; development only)', { to: email, url: link });
      // Sent in the background: the reply must not wait on (or reveal anything about) delivery.
      outlive(
        deps.mailer.send(magicLinkMail(deps, email, link)).catch((error: unknown) => {
          deps.log.warn('magic link mail failed', { error: describeError(error) });
        }),
      );
    }
    return c.json(START_REPLY);
  });

  app.post('/email/verify', sameOrigin, formBody(VerifyForm, AUTH_BODY), jsonBody(VerifyJson, AUTH_BODY), async (c) => {
    const isForm = (c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
    const token = isForm ? c.req.valid('form').token : c.req.valid('json').token;
    const now = deps.now();
    const email = isSecretToken(token) ? await consumeMagicLink(deps.db, token, now) : null;
    if (!email) {
      if (isForm) return c.redirect('/auth/verify?error=invalid_link', 303);
      throw new BadRequestError('This sign-in link has already been used or has expired.', 'invalid_link');
    }
    const user = await findOrCreateUserByEmail(deps.db, email, now);
    await recordIdentity(deps.db, { user_id: user._id, provider: 'email', issuer: 'email', subject: email, email }, now);
    const bearer = await openSession(c, user._id);
    if (isForm) return c.redirect('/', 303);
    return c.json({ token: bearer, user: userView(user, deps) });
  });

  app.get('/me', async (c) => c.json(userView(await requireUser(c), deps)));

  // Who is signed in, as an answer rather than an error: the reader asks on every page, and an
  // anonymous visit must not log a failed request (issue 18, item 6). `/me` keeps its 401.
  app.get('/session', async (c) => {
    const user = await currentUser(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ user: user ? userView(user, deps) : null });
  });

  app.post('/logout', async (c) => {
    const resolved = await currentSession(c);
    if (resolved) await deleteSession(deps.db, resolved.user._id, resolved.session._id);
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  return app;
}
