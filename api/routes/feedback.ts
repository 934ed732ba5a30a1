/**
 * `POST /api/feedback` (SPEC.md, CONTRACT.md "Feedback body"): anonymous feedback. Order matters:
 * honeypot (201, nothing stored, no mail) → validation (422) → flood cap (429) → store → 201 →
 * notify the admin. The mail is sent after the reply, off the request path: the feedback is already
 * stored, so a slow or refusing mail server can neither lose it nor fail or delay the request.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { RateLimitError, ValidationError, describeError } from '../../core/platform/errors.ts';
import { outlive } from '../../core/platform/outliving.ts';
import { FloodCap, feedbackNotification, parseFeedback, type FeedbackDoc } from '../../core/domain/feedback.ts';
import { randomId } from '../../core/domain/ids.ts';
import { insertFeedback } from '../../core/store/feedback.ts';
import { clientAddress } from '../client-address.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { jsonBody } from '../validate.ts';

/** Largest accepted body (a 5,000-character message in multi-byte script plus the other fields). */
export const FEEDBACK_BODY_MAX_BYTES = 32 * 1024;

/**
 * Any JSON object: its fields are judged by parseFeedback (core/domain/feedback.ts) after the
 * honeypot, which must answer a robot the same whatever else it sent.
 */
const FeedbackBody = z.record(z.string(), z.unknown(), { error: 'expected a JSON object like {"message":"…"}' });

/** The feedback sub-app, mounted at `/api/feedback`. The flood counter lives with the app instance. */
export function feedbackRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const flood = new FloodCap();

  /** Send the admin notification; failures are logged (without the sender's details) and dropped. */
  async function notifyAdmin(doc: FeedbackDoc): Promise<void> {
    const to = deps.config.adminNotifyEmail;
    if (!to) {
      deps.log.info('feedback stored; no ADMIN_NOTIFY_EMAIL or admin e-mail configured, so no notification', { feedback: doc._id });
      return;
    }
    const { subject, text } = feedbackNotification(doc, { name: deps.config.serviceName, baseUrl: deps.config.publicBaseUrl });
    try {
      await deps.mailer.send({ to, subject, text });
    } catch (error) {
      deps.log.warn('feedback stored, but the admin notification could not be sent', { feedback: doc._id, error: describeError(error) });
    }
  }

  app.post(
    '/',
    jsonBody(FeedbackBody, {
      maxBytes: FEEDBACK_BODY_MAX_BYTES,
      tooLarge: 'That feedback is too large; please keep the message under 5,000 characters.',
    }),
    async (c) => {
      const parsed = parseFeedback(c.req.valid('json'));
      // A filled honeypot gets the very same reply as a real submission, so a bot learns nothing.
      if (parsed.kind === 'honeypot') return c.json({ ok: true }, 201);
      if (parsed.kind === 'invalid') throw new ValidationError(parsed.message);

      const now = deps.now();
      const verdict = flood.take(clientAddress(c), now);
      if (verdict !== null) {
        throw new RateLimitError('We have received a lot of feedback today; please try again tomorrow.');
      }

      const doc: FeedbackDoc = { _id: randomId(), ...parsed.value, read_at: null, created_at: now };
      await insertFeedback(deps.db, doc);
      outlive(notifyAdmin(doc));
      return c.json({ ok: true }, 201);
    },
  );

  return app;
}
