/**
 * The feedback inbox (SPEC.md admin endpoints, "Feedback read state", reply rules 1–14):
 * list with replies, read toggle, delete, and replies sent by mail. A reply is recorded, and its
 * feedback marked read, only after the mail server accepted it; no database call is in flight
 * while the mail is sent (rule 12), and a failed or slow send (over ~20 s) is a 502 with nothing
 * recorded, so the admin's editor keeps the draft.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { BadRequestError, NotFoundError, UpstreamError, ValidationError } from '../../../core/platform/errors.ts';
import { describeError } from '../../../core/platform/errors.ts';
import { randomId } from '../../../core/domain/ids.ts';
import { inboxItemView, replyMail, replyView, sanitizeReply, type FeedbackReplyDoc } from '../../../core/domain/reply.ts';
import { deleteFeedback, findFeedback, listFeedback, listReplies, recordReply, setFeedbackRead } from '../../../core/store/admin-feedback.ts';
import { adminUserId } from '../../admin-gate.ts';
import type { AppDeps, AppEnv } from '../../deps.ts';
import { jsonBody } from '../../validate.ts';
import { ADMIN_BODY, pathId } from './input.ts';

/** How long a reply may take to hand over to the mail server (SPEC.md "Limits": about 20 s). */
export const REPLY_SEND_BUDGET_MS = 20_000;

const readBody = z.object({ read: z.boolean() });
const replyBody = z.object({ html: z.string() });

/** Send within the budget; any failure or a timeout becomes a 502. */
async function sendWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The inbox sub-app, mounted at `/api/admin/feedback` behind the admin gate. */
export function adminFeedbackRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const items = await listFeedback(deps.db);
    const replies = await listReplies(deps.db, items.map((f) => f._id));
    const byFeedback = new Map<string, FeedbackReplyDoc[]>();
    for (const r of replies) byFeedback.set(r.feedback_id, [...(byFeedback.get(r.feedback_id) ?? []), r]);
    return c.json({ items: items.map((f) => inboxItemView(f, byFeedback.get(f._id) ?? [])), unread: items.filter((f) => f.read_at === null).length });
  });

  app.post('/:id/read', jsonBody(readBody, ADMIN_BODY), async (c) => {
    const id = pathId(c, 'feedback');
    const { read } = c.req.valid('json');
    const updated = await setFeedbackRead(deps.db, id, read, deps.now());
    if (!updated) throw new NotFoundError('No feedback with that id.');
    return c.json({ item: inboxItemView(updated, await listReplies(deps.db, [id])) });
  });

  app.delete('/:id', async (c) => {
    const id = pathId(c, 'feedback');
    if (!(await deleteFeedback(deps.db, id))) throw new NotFoundError('No feedback with that id.');
    return c.body(null, 204);
  });

  app.post('/:id/reply', jsonBody(replyBody, ADMIN_BODY), async (c) => {
    const id = pathId(c, 'feedback');
    const feedback = await findFeedback(deps.db, id);
    if (!feedback) throw new NotFoundError('No feedback with that id.');
    if (!feedback.contact_email) throw new BadRequestError('This feedback has no contact e-mail, so there is no one to reply to.', 'no_contact_email');
    const { html } = c.req.valid('json');
    const reply = sanitizeReply(html);
    if (reply.text === '') throw new ValidationError('html: the reply is empty once cleaned up.', 'empty_reply');
    const userId = await adminUserId(c);
    const mail = replyMail({ serviceName: deps.config.serviceName, reply, original: feedback });

    // Rule 12: from here to the end of the send, no database call is made or pending.
    try {
      await sendWithin(deps.mailer.send({ to: feedback.contact_email, subject: mail.subject, text: mail.text, html: mail.html }), REPLY_SEND_BUDGET_MS);
    } catch (error) {
      deps.log.warn('feedback reply not sent', { feedback_id: id, error: describeError(error) });
      throw new UpstreamError('The reply could not be sent. Nothing was recorded; please try again.', 'mail_failed', { cause: error });
    }

    const doc: FeedbackReplyDoc = {
      _id: randomId(),
      feedback_id: id,
      user_id: userId,
      message: reply.text,
      message_html: reply.html,
      sent_to: feedback.contact_email,
      sent_at: deps.now(),
    };
    await recordReply(deps.db, doc);
    return c.json({ reply: replyView(doc) }, 201);
  });

  return app;
}
