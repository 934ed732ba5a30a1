/**
 * Sends the daily digests that are due: for each enabled subscription whose local hour has come,
 * claim the reader's day in the ledger (so a second worker or a re-run never sends it twice),
 * compose the reader's brief (their synced prefs honoured, refilled to 7), send, and record the
 * outcome. A failed send is released for a retry with backoff and never marks the day as sent.
 * A worker that crashes between handing the mail over and recording it leaves the day claimed:
 * we choose at most one digest per day over at least one (see docs/digest.md).
 */
import type { Db } from 'mongodb';
import type { Config } from '../platform/config.ts';
import { composeDigest, dueDay, unsubscribeToken, type DigestItem } from '../domain/digest.ts';
import type { UserDoc } from '../domain/user.ts';
import { describeError } from '../platform/errors.ts';
import type { Logger } from '../platform/log.ts';
import type { Mailer } from '../platform/mail.ts';
import { claimSend, enabledSubscriptions, markFailed, markSent } from '../store/digests.ts';

/** What a digest run needs; `itemsFor` composes one reader's brief. */
export interface DigestRun {
  db: Db;
  config: Pick<Config, 'serviceName' | 'publicBaseUrl' | 'mailFrom' | 'sessionSecret'>;
  log: Logger;
  mailer: Mailer;
  now: Date;
  itemsFor(user: UserDoc, now: Date): DigestItem[] | Promise<DigestItem[]>;
}

/** Counts of one run. */
export interface DigestRunResult {
  due: number;
  sent: number;
  failed: number;
}

/** The unsubscribe address of a user (CONTRACT.md). */
export function unsubscribeUrl(config: DigestRun['config'], userId: string): string {
  return `${config.publicBaseUrl}/api/digest/unsubscribe?token=${encodeURIComponent(unsubscribeToken(userId, config.sessionSecret))}`;
}

/** Send every digest due at `now`. */
export async function sendDueDigests(run: DigestRun): Promise<DigestRunResult> {
  const { db, config, log, mailer, now } = run;
  const result: DigestRunResult = { due: 0, sent: 0, failed: 0 };
  for (const sub of await enabledSubscriptions(db)) {
    const day = dueDay(sub, now);
    if (!day) continue;
    if (!(await claimSend(db, sub._id, day, now))) continue;
    result.due += 1;
    try {
      const user = await db.collection<UserDoc>('users').findOne({ _id: sub._id });
      if (!user) throw new Error('the user no longer exists');
      const items = await run.itemsFor(user, now);
      if (items.length === 0) throw new Error('no stories to send yet');
      const message = composeDigest({
        serviceName: config.serviceName,
        baseUrl: config.publicBaseUrl,
        mailFrom: config.mailFrom,
        day,
        items,
        unsubscribeUrl: unsubscribeUrl(config, user._id),
      });
      await mailer.send({ to: user.email, ...message });
      await markSent(db, user._id, day, now);
      result.sent += 1;
    } catch (error) {
      const reason = describeError(error);
      await markFailed(db, sub._id, day, now, reason);
      log.warn('digest not sent; will retry', { day, error: reason });
      result.failed += 1;
    }
  }
  return result;
}
