/**
 * `digest`: sends the daily digests that are due (core/pipeline/digest.ts). Each reader's brief is the
 * stored brief under their synced prefs (avoid-terms, mutes, active pauses), refilled to 7 by the
 * same `briefFor` the API uses, from a freshly loaded read model.
 */
import { sendDueDigests } from '../core/pipeline/digest.ts';
import type { DigestItem } from '../core/domain/digest.ts';
import { activeBoundaries, parsePrefs } from '../core/domain/prefs.ts';
import type { UserDoc } from '../core/domain/user.ts';
import { briefFor } from '../core/readmodel/queries.ts';
import { readModelFor } from '../core/readmodel/readmodel.ts';
import type { Snapshot } from '../core/readmodel/snapshot.ts';
import type { JobDefinition } from './context.ts';

/** One reader's digest items from a snapshot. */
export function digestItemsFor(snapshot: Snapshot, user: Pick<UserDoc, 'prefs'>, now: Date): DigestItem[] {
  const filter = {
    boundaries: activeBoundaries(parsePrefs(user.prefs), now),
    tag: null,
    topic: null,
    mood: null,
    sourceId: null,
    exclude: new Set<string>(),
    following: null,
  };
  return briefFor(snapshot, filter, now).items.map((card) => ({
    id: card.id,
    title: card.title,
    summary: card.summary ?? card.why,
    source_name: card.source_name,
    url: card.url,
  }));
}

export const digestJob: JobDefinition = {
  name: 'digest',
  every: '10 minutes',
  async run(ctx) {
    const snapshot = await readModelFor(ctx.db, ctx.log).refresh();
    const result = await sendDueDigests({
      db: ctx.db,
      config: ctx.config,
      log: ctx.log,
      mailer: ctx.mailer,
      now: ctx.now(),
      itemsFor: (user, now) => digestItemsFor(snapshot, user, now),
    });
    return { ...result };
  },
};
