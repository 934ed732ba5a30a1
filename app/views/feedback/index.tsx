/**
 * The feedback form (`POST /api/feedback`, CONTRACT.md body `{category?, email?, message, website}`).
 * `website` is the honeypot: off-screen, out of the tab order, hidden from assistive technology.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorMessage, request, UNREACHABLE } from '../../lib/http.ts';
import type { LazyViewProps } from '../types.ts';
import { View } from '../../components/View/index.tsx';
import { ErrorLine, SubmitButton } from '../../components/Form/index.tsx';

const CATEGORIES = [
  ['idea', 'An idea'],
  ['problem', 'Something is broken'],
  ['story', 'A story or source to suggest'],
  ['other', 'Something else'],
] as const;

/**
 * The form; the message is kept when sending fails. Once sent, the view itself says so (once: no
 * toast repeating it) and takes focus there, so a screen reader reads it where the form was.
 */
export default function FeedbackForm(_props: LazyViewProps) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');
  const [replyTo, setReplyTo] = useState('');
  const sentNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state === 'sent') sentNote.current?.focus();
  }, [state]);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!(e.currentTarget instanceof HTMLFormElement)) return;
    const data = new FormData(e.currentTarget);
    const text = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' ? v.trim() : '';
    };
    const body: Record<string, string> = { message: text('message'), website: text('website') };
    if (text('category')) body.category = text('category');
    if (text('email')) body.email = text('email');
    if (!body.message) return setError('Please write a message.');
    setState('sending');
    setError('');
    const res = await request('/api/feedback', { json: body });
    if (res.ok) {
      setReplyTo(body.email ?? '');
      setState('sent');
      return;
    }
    if (res.status === UNREACHABLE) setError('Tidings could not be reached. Your message is still here; please try again.');
    else setError(res.status === 429 ? 'Thank you for writing so much today. Please try again tomorrow.' : errorMessage(res.body) || 'That could not be sent. Please check the form.');
    setState('idle');
  };

  return (
    <View title="Send feedback">
      {state === 'sent' ? (
        <>
          <p class="sent-note" ref={sentNote} tabIndex={-1}>
            Thank you. Your message was sent{replyTo ? `; if there is a reply, it goes to ${replyTo}` : ''}.
          </p>
          <p>
            <button type="button" class="button" onClick={() => setState('idle')}>
              Write another
            </button>{' '}
            <a href="/">Back to the brief</a>
          </p>
        </>
      ) : (
        <form class="form" onSubmit={submit} noValidate>
          <label for="fb-category">What is it about? (optional)</label>
          <select id="fb-category" name="category">
            <option value="">Choose…</option>
            {CATEGORIES.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
          <label for="fb-email">Your e-mail, if you would like a reply (optional)</label>
          <input id="fb-email" name="email" type="email" autoComplete="email" maxLength={200} />
          <label for="fb-message">Message</label>
          <textarea id="fb-message" name="message" rows={6} maxLength={5000} required aria-describedby={error ? 'fb-error' : undefined} />
          <div class="honeypot" aria-hidden="true">
            <label for="fb-website">Leave this empty</label>
            <input id="fb-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <ErrorLine id="fb-error" text={error} />
          <SubmitButton busy={state === 'sending'} busyLabel="Sending…">
            Send
          </SubmitButton>
        </form>
      )}
    </View>
  );
}
