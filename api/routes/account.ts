/**
 * The account (SPEC.md `GET /api/account`, `/api/account/export`; CONTRACT.md sign out everywhere
 * `POST /api/account/logout-all`, delete `DELETE /api/account`), plus ending one session.
 */
import { Hono } from 'hono';
import { keyedHash } from '../../core/domain/auth.ts';
import { utcDay } from '../../core/domain/days.ts';
import { isValidId } from '../../core/domain/ids.ts';
import type { AccountView, IdentityDoc, IdentityView, SessionDoc, SessionView } from '../../core/domain/user.ts';
import { NotFoundError } from '../../core/platform/errors.ts';
import { listHistory } from '../../core/store/history.ts';
import { listFollows } from '../../core/store/follows.ts';
import { listIdentities } from '../../core/store/identities.ts';
import { forgetRateLimit } from '../../core/store/rate-limits.ts';
import { countSaved, listSaved } from '../../core/store/saved.ts';
import { deleteSession, deleteUserSessions, listUserSessions } from '../../core/store/sessions.ts';
import { deleteUserCascade } from '../../core/store/users.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { clearSessionCookie, requireSession } from '../session.ts';
import { userView } from './auth.ts';
import { storedPrefs } from './prefs.ts';

const identityView = (i: IdentityDoc): IdentityView => ({
  provider: i.provider,
  issuer: i.issuer,
  email: i.email,
  connected_at: i.created_at.toISOString(),
  last_used_at: i.last_used_at.toISOString(),
});

const sessionView = (s: SessionDoc, currentId: string): SessionView => ({
  id: s._id,
  current: s._id === currentId,
  created_at: s.created_at.toISOString(),
  last_used_at: s.last_used_at.toISOString(),
  expires_at: s.expires_at.toISOString(),
});

/** `/api/account`. */
export function accountRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const { user, session } = await requireSession(c);
    const [identities, savedCount, sessions] = await Promise.all([
      listIdentities(deps.db, user._id),
      countSaved(deps.db, user._id),
      listUserSessions(deps.db, user._id, deps.now()),
    ]);
    const body: AccountView = {
      ...userView(user, deps),
      identities: identities.map(identityView),
      saved_count: savedCount,
      sessions: sessions.map((s) => sessionView(s, session._id)),
    };
    return c.json(body);
  });

  app.get('/export', async (c) => {
    const { user, session } = await requireSession(c);
    const now = deps.now();
    const [identities, saved, history, follows, sessions] = await Promise.all([
      listIdentities(deps.db, user._id),
      listSaved(deps.db, user._id),
      listHistory(deps.db, user._id, 10_000),
      listFollows(deps.db, user._id),
      listUserSessions(deps.db, user._id, now),
    ]);
    const body = {
      exported_at: now.toISOString(),
      service: deps.config.serviceName,
      user: userView(user, deps),
      identities: identities.map(identityView),
      saved: saved.map((s) => ({ article_id: s.article_id, saved_at: s.saved_at.toISOString() })),
      history: history.map((h) => ({ article_id: h.article_id, event: h.event, at: h.at.toISOString() })),
      follows: follows.map((f) => ({ kind: f.kind, value: f.value, created_at: f.created_at.toISOString() })),
      prefs: storedPrefs(user.prefs),
      sessions: sessions.map((s) => sessionView(s, session._id)),
    };
    const day = utcDay(now);
    c.header('Content-Disposition', `attachment; filename="${deps.config.serviceName.replace(/[^A-Za-z0-9_-]/g, '') || 'account'}-export-${day}.json"`);
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  app.post('/logout-all', async (c) => {
    const { user } = await requireSession(c);
    const ended = await deleteUserSessions(deps.db, user._id);
    clearSessionCookie(c);
    return c.json({ sessions_ended: ended });
  });

  app.delete('/sessions/:id', async (c) => {
    const { user } = await requireSession(c);
    const id = c.req.param('id');
    if (!isValidId(id) || !(await deleteSession(deps.db, user._id, id))) throw new NotFoundError('No such session.');
    return c.body(null, 204);
  });

  app.delete('/', async (c) => {
    const { user } = await requireSession(c);
    await deleteUserCascade(deps.db, user);
    await forgetRateLimit(deps.db, 'magic_email', keyedHash(deps.config.sessionSecret, `email:${user.email}`));
    clearSessionCookie(c);
    return c.body(null, 204);
  });

  return app;
}
