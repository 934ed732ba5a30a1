/**
 * The candidate queue: add a feed URL (the server refuses private addresses and fetches a preview),
 * the list newest first with each status and preview, re-preview, promote (paused, or active with
 * "activate now") and reject.
 */
import { useState } from 'preact/hooks';
import { isOpenCandidate } from '../../../core/domain/candidate.ts';
import { isRecord } from '../../../core/domain/guards.ts';
import { request } from '../../lib/http.ts';
import { useAdminItems } from './useAdminItems.ts';
import { failureText } from '../../lib/admin.ts';
import { readCandidate, type Candidate } from '../../lib/admin-answers.ts';
import { PreviewPanel } from './PreviewPanel.tsx';
import { ErrorLine, SubmitButton } from '../../components/Form/index.tsx';

function CandidateItem({ c, replace, say }: { c: Candidate; replace: (c: Candidate) => void; say: (t: string) => void }) {
  const [activate, setActivate] = useState(false);
  const [busy, setBusy] = useState(false);
  const base = `/api/admin/candidates/${encodeURIComponent(c.id)}`;
  const act = async (path: string, body: unknown, done: string) => {
    setBusy(true);
    const answer = await request(path, body === undefined ? { method: 'POST' } : { json: body });
    setBusy(false);
    const next = answer.ok && isRecord(answer.body) ? readCandidate(answer.body.candidate) : null;
    if (next) {
      replace(next);
      say(done);
    } else say(failureText(answer));
  };
  const open = isOpenCandidate(c.status);
  const headingId = `cand-${c.id}`;
  return (
    <li class="admin-box" data-id={c.id}>
      <article aria-labelledby={headingId}>
        <h4 id={headingId}>
          {c.name || c.url} <span class="badge">{c.status}</span>
        </h4>
        <p class="small quiet">{c.url}</p>
        {c.source_id && <p>Now the source <code>{c.source_id}</code>.</p>}
        <details>
          <summary>Preview</summary>
          <PreviewPanel preview={c.preview_json} label={`Preview of ${c.name || c.url}`} />
        </details>
        <div class="actions">
          <button type="button" class="button" disabled={busy} onClick={() => void act(`${base}/preview`, undefined, 'Preview refreshed.')}>
            Preview again
          </button>
          {open && (
            <>
              <label class="check">
                <input type="checkbox" checked={activate} onChange={(e) => setActivate(e.currentTarget.checked)} /> activate now
              </label>
              <button type="button" class="button primary" disabled={busy} onClick={() => void act(`${base}/promote`, { activate }, activate ? 'Promoted: the source is active.' : 'Promoted: the source is paused until you resume it.')}>
                Promote
              </button>
              <button type="button" class="button" disabled={busy} onClick={() => void act(`${base}/reject`, undefined, 'Candidate rejected.')}>
                Reject
              </button>
            </>
          )}
        </div>
      </article>
    </li>
  );
}

/** The candidates section. */
export function Candidates({ say }: { say: (t: string) => void }) {
  const { items, setItems, error, setError } = useAdminItems('/api/admin/candidates', readCandidate);
  const [url, setUrl] = useState('');
  const [adding, setAdding] = useState(false);
  const add = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!url.trim() || adding) return;
    setAdding(true);
    setError('');
    const answer = await request('/api/admin/candidates', { json: { url: url.trim() } });
    setAdding(false);
    const c = answer.ok && isRecord(answer.body) ? readCandidate(answer.body.candidate) : null;
    if (c) {
      setItems((list) => [c, ...(list ?? [])]);
      setUrl('');
      say(`Staged ${c.name || c.url} as ${c.status}.`);
    } else setError(failureText(answer));
  };
  return (
    <div>
      <form class="form" onSubmit={add}>
        <label for="cand-url">Feed address to review</label>
        <input id="cand-url" type="url" inputMode="url" value={url} onInput={(e) => setUrl(e.currentTarget.value)} placeholder="https://example.org/feed.xml" aria-describedby={error ? 'cand-error' : undefined} />
        <ErrorLine id="cand-error" text={error} />
        <SubmitButton busy={adding} busyLabel="Reading the feed…">
          Add and preview
        </SubmitButton>
      </form>
      {!items ? (
        <p class="quiet">Loading the queue…</p>
      ) : items.length === 0 ? (
        <p class="quiet">No candidates yet.</p>
      ) : (
        <ul class="plain-list">
          {items.map((c) => (
            <CandidateItem key={c.id} c={c} say={say} replace={(next) => setItems((list) => (list ?? []).map((x) => (x.id === next.id ? next : x)))} />
          ))}
        </ul>
      )}
    </div>
  );
}
