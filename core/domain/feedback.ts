/**
 * Feedback (SPEC.md "Feedback and replies", CONTRACT.md "Feedback body"): validation of the public
 * form, the honeypot, the in-memory flood cap and the admin notification text.
 *
 * Threat model: the endpoint is anonymous, so bots post to it. The honeypot (`website`, hidden from
 * people) answers bots exactly like a success so they learn nothing; the flood cap bounds what one
 * address, or everyone together, can make us store and mail per day. Addresses live only in memory.
 */
import { utcDay } from './days.ts';


/** A feedback item as stored in the `feedback` collection. */
export interface FeedbackDoc {
  _id: string;
  category: string | null;
  contact_email: string | null;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

/** Field limits (characters, after trimming). */
export const FEEDBACK_LIMITS = { message: 5000, category: 40, email: 254 } as const;

/** Per-day flood caps: per client address and in all (CONTRACT.md). */
export const FEEDBACK_CAPS = { perAddress: 10, total: 500 } as const;

/** The validated fields of one submission. */
export type FeedbackInput = Pick<FeedbackDoc, 'category' | 'contact_email' | 'message'>;

/** What a submission turned out to be. */
export type FeedbackParse =
  | { kind: 'valid'; value: FeedbackInput }
  | { kind: 'honeypot' }
  | { kind: 'invalid'; message: string };

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
// Control characters other than tab and newline never belong in a message or a mail.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u2028\u2029]/g;
const HAS_CONTROL = new RegExp(CONTROL.source);

function optionalText(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Validate a decoded JSON body. Unknown fields are ignored; messages name the field at fault. */
export function parseFeedback(body: unknown): FeedbackParse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { kind: 'invalid', message: 'The body must be a JSON object with at least a "message".' };
  }
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(body));
  // The honeypot first: anything in it (whatever its type) means a robot filled the form.
  const website = fields.website;
  if (website !== undefined && website !== null && website !== '' && !(typeof website === 'string' && website.trim() === '')) {
    return { kind: 'honeypot' };
  }

  if (typeof fields.message !== 'string') return { kind: 'invalid', message: 'message: please write a message.' };
  const message = fields.message.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim();
  if (message === '') return { kind: 'invalid', message: 'message: please write a message.' };
  if (message.length > FEEDBACK_LIMITS.message) {
    return { kind: 'invalid', message: `message: at most ${FEEDBACK_LIMITS.message} characters, please (it has ${message.length}).` };
  }

  const category = optionalText(fields.category);
  if (category === undefined) return { kind: 'invalid', message: 'category: expected a short text.' };
  if (category !== null && (category.length > FEEDBACK_LIMITS.category || /[\r\n]/.test(category) || HAS_CONTROL.test(category))) {
    return { kind: 'invalid', message: `category: expected one line of at most ${FEEDBACK_LIMITS.category} characters.` };
  }

  const email = optionalText(fields.email);
  if (email === undefined) return { kind: 'invalid', message: 'email: expected an e-mail address, or leave it empty.' };
  if (email !== null && (email.length > FEEDBACK_LIMITS.email || !EMAIL.test(email))) {
    return { kind: 'invalid', message: 'email: that does not look like an e-mail address (or leave it empty).' };
  }

  return { kind: 'valid', value: { category, contact_email: email === null ? null : email.toLowerCase(), message } };
}

/** Which cap a submission hit, or null when it may be stored. */
export type FloodVerdict = null | 'address' | 'total';

/**
 * Counts accepted submissions per client address and in all, for the current UTC day only.
 * State is in memory (never stored); it resets when the day changes, so memory stays bounded by
 * one day's distinct addresses.
 */
export class FloodCap {
  private day = '';
  private total = 0;
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly caps: { perAddress: number; total: number } = FEEDBACK_CAPS) {}

  /** Count one submission from `address` at `now` unless a cap is reached. */
  take(address: string, now: Date): FloodVerdict {
    const day = utcDay(now);
    if (day !== this.day) {
      this.day = day;
      this.total = 0;
      this.perAddress.clear();
    }
    const used = this.perAddress.get(address) ?? 0;
    if (used >= this.caps.perAddress) return 'address';
    if (this.total >= this.caps.total) return 'total';
    this.perAddress.set(address, used + 1);
    this.total += 1;
    return null;
  }
}

/** The admin notification for a new feedback item (plain text; no client address, ever). */
export function feedbackNotification(
  feedback: FeedbackInput & { _id: string },
  service: { name: string; baseUrl: string },
): { subject: string; text: string } {
  const subject = `New ${service.name} feedback${feedback.category ? `: ${feedback.category}` : ''}`;
  const text = [
    `Someone sent feedback to ${service.name}.`,
    '',
    `Category: ${feedback.category ?? '(none)'}`,
    `Contact: ${feedback.contact_email ?? '(anonymous, no reply possible)'}`,
    '',
    feedback.message,
    '',
    `Read and reply in the feedback inbox: ${service.baseUrl}/admin/`,
    `Feedback id: ${feedback._id}`,
  ].join('\n');
  return { subject, text };
}
