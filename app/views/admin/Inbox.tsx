/**
 * The feedback inbox: newest first, unread emphasised, with read toggle, delete (after a
 * confirmation) and the reply editor. A reply that the server did not accept (502 and any other
 * non-2xx) leaves the draft in the editor and says nothing was recorded; an accepted one is shown
 * under the message at once.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatWhen } from '../../../core/domain/dates.ts';
import { isRecord } from '../../../core/domain/guards.ts';
import { request } from '../../lib/http.ts';
import { useAdminItems } from './useAdminItems.ts';
import { failureText, hasReplyText } from '../../lib/admin.ts';
import { readInboxItem, readReply, type InboxItem } from '../../lib/admin-answers.ts';
import { ReplyEditor, type EditorHandle } from './ReplyEditor.tsx';
import { SafeReply } from './SafeHtml.tsx';
import { ErrorLine, SubmitButton } from '../../components/Form/index.tsx';

const when = (iso: string) => (iso ? (formatWhen(iso, new Date())?.text ?? '') : '');

function FeedbackItem({ item, update, remove, say }: { item: InboxItem; update: (i: InboxItem) => void; remove: () => void; say: (t: string) => void }) {
  const editor = useRef<EditorHandle | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const title = `${item.category ?? 'Feedback'} from ${item.contact_email ?? 'an anonymous reader'}`;

  const toggleRead = async () => {
    const answer = await request(`/api/admin/feedback/${encodeURIComponent(item.id)}/read`, { json: { read: item.read_at === null } });
    const next = answer.ok && isRecord(answer.body) ? readInboxItem(answer.body.item) : null;
    if (next) {
      update(next);
      say(item.read_at === null ? 'Marked as read.' : 'Marked as unread.');
    } else say(failureText(answer));
  };
  const del = async () => {
    const answer = await request(`/api/admin/feedback/${encodeURIComponent(item.id)}`, { method: 'DELETE' });
    if (answer.ok) {
      remove();
      say('Feedback deleted.');
    } else say(failureText(answer));
  };
  const send = async (e: SubmitEvent) => {
    e.preventDefault();
    const ed = editor.current;
    if (!ed || sending) return;
    if (!hasReplyText(ed.text())) return setError('Please write a reply first.');
    setSending(true);
    setError('');
    const answer = await request(`/api/admin/feedback/${encodeURIComponent(item.id)}/reply`, { json: { html: ed.html() } });
    setSending(false);
    const reply = answer.ok && isRecord(answer.body) ? readReply(answer.body.reply) : null;
    if (reply) {
      ed.clear();
      update({ ...item, read_at: item.read_at ?? reply.sent_at, replies: [...item.replies, reply] });
      say(`Reply sent to ${reply.sent_to}.`);
      return;
    }
    const text =
      answer.status === 502
        ? 'Not sent: the mail server did not accept it. Nothing was recorded, and your draft is still here.'
        : `${failureText(answer)} Your draft is still here.`;
    setError(text);
  };

  const headingId = `fb-${item.id}`;
  return (
    <li class={`admin-box feedback-item${item.read_at ? '' : ' unread'}`} data-id={item.id}>
      <article aria-labelledby={headingId}>
        <h4 id={headingId}>
          {!item.read_at && <span class="badge">New</span>} {title}
        </h4>
        <p class="quiet">{when(item.created_at)}</p>
        <p class="message">{item.message}</p>
        {item.replies.length > 0 && (
          <section aria-label="Replies sent" class="replies">
            {item.replies.map((r) => (
              <div key={r.id} class="reply">
                <p class="quiet">
                  Replied to {r.sent_to}, {when(r.sent_at)}
                </p>
                <SafeReply html={r.message_html} />
              </div>
            ))}
          </section>
        )}
        <div class="actions">
          <button type="button" class="button" onClick={toggleRead}>
            {item.read_at ? 'Mark as unread' : 'Mark as read'}
          </button>
          {confirming ? (
            <span role="group" aria-label="Confirm deletion" class="confirm">
              Delete this feedback and its replies?{' '}
              <button ref={confirmRef} type="button" class="button danger" onClick={del}>
                Delete
              </button>{' '}
              <button type="button" class="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </span>
          ) : (
            <button type="button" class="button" onClick={() => setConfirming(true)}>
              Delete…
            </button>
          )}
        </div>
        {item.contact_email ? (
          <form class="reply-form" onSubmit={send}>
            <ReplyEditor id={`reply-${item.id}`} label={`Reply to ${item.contact_email}`} disabled={sending} onReady={(h) => (editor.current = h)} />
            <ErrorLine text={error} />
            <SubmitButton busy={sending} busyLabel="Sending…">
              Send reply
            </SubmitButton>
          </form>
        ) : (
          <p class="quiet">No contact e-mail was given, so there is no one to reply to.</p>
        )}
      </article>
    </li>
  );
}

/** The inbox section. */
export function Inbox({ say }: { say: (t: string) => void }) {
  const { items, setItems, error } = useAdminItems('/api/admin/feedback', readInboxItem);
  if (error) return <p class="error" role="alert">{error}</p>;
  if (!items) return <p class="quiet">Loading the inbox…</p>;
  const unread = items.filter((i) => !i.read_at).length;
  return (
    <div>
      <p>
        {items.length} message{items.length === 1 ? '' : 's'}, {unread} unread.
      </p>
      <ul class="plain-list">
        {items.map((item) => (
          <FeedbackItem
            key={item.id}
            item={item}
            say={say}
            update={(next) => setItems((list) => (list ?? []).map((i) => (i.id === next.id ? next : i)))}
            remove={() => setItems((list) => (list ?? []).filter((i) => i.id !== item.id))}
          />
        ))}
      </ul>
    </div>
  );
}
