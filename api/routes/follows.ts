/**
 * The reader's follows (SPEC.md "Follow"): `kind` `source` (validated against `sources`) or `tag`
 * (validated against the taxonomy); unique per (user, kind, value). Follows of sources that no
 * longer exist are skipped in the list. They drive `GET /api/feed?following=true`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isValidId } from '../../core/domain/ids.ts';
import { displayName, isTag } from '../../core/domain/taxonomy.ts';
import { FOLLOW_KINDS, type FollowView } from '../../core/domain/user.ts';
import { ValidationError } from '../../core/platform/errors.ts';
import { sourcesCollection } from '../../core/store/collections.ts';
import { addFollow, listFollows, removeFollow } from '../../core/store/follows.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { requireUser, signedIn } from '../session.ts';
import { queryOrJsonBody } from '../validate.ts';

const Follow = z.object({ kind: z.enum(FOLLOW_KINDS), value: z.string().min(1).max(64) });

/** `?kind=&value=`, or the same as a JSON body. */
const follow = queryOrJsonBody(Follow, ['kind'], { maxBytes: 4 * 1024, code: 'invalid_follow' });

/** `/api/follows`: list, add, remove. */
export function followRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await requireUser(c);
    const follows = await listFollows(deps.db, user._id);
    const sourceIds = follows.filter((f) => f.kind === 'source').map((f) => f.value);
    const sources = await sourcesCollection(deps.db).find({ _id: { $in: sourceIds } }, { projection: { _id: 1, name: 1 } }).toArray();
    const names = new Map(sources.map((s) => [s._id, s.name]));
    const items: FollowView[] = [];
    for (const f of follows) {
      const name = f.kind === 'source' ? names.get(f.value) : displayName(f.value);
      if (name !== undefined) items.push({ kind: f.kind, value: f.value, name, created_at: f.created_at.toISOString() });
    }
    return c.json({ items });
  });

  app.post('/', signedIn, follow, async (c) => {
    const user = await requireUser(c);
    const { kind, value } = c.req.valid('json');
    if (kind === 'source') {
      const exists = isValidId(value) && (await sourcesCollection(deps.db).countDocuments({ _id: value }, { limit: 1 })) > 0;
      if (!exists) throw new ValidationError(`There is no source "${value}".`, 'unknown_source');
    } else if (!isTag(value)) {
      throw new ValidationError(`There is no tag "${value}".`, 'unknown_tag');
    }
    const created = await addFollow(deps.db, user._id, kind, value, deps.now());
    return c.json({ kind, value, following: true }, created ? 201 : 200);
  });

  app.delete('/', signedIn, follow, async (c) => {
    const user = await requireUser(c);
    const { kind, value } = c.req.valid('json');
    return c.json({ kind, value, following: false, removed: await removeFollow(deps.db, user._id, kind, value) });
  });

  return app;
}
