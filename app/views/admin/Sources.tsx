/**
 * The sources table: health, filters (status, visibility, flagged, failing) and actions: pause,
 * resume, retire, restore; hide (after a confirmation step, since readers lose its articles at
 * once) and show; flag with a reason and clear; a live preview (read-only) in a panel below.
 * Above the table, "Import OPML" (ImportOpml.tsx) adds sources from another reader's list.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { formatWhen } from '../../../core/domain/dates.ts';
import { isFailingSource } from '../../../core/domain/source.ts';
import { isRecord } from '../../../core/domain/guards.ts';
import { request } from '../../lib/http.ts';
import { useAdminItems } from './useAdminItems.ts';
import {
  failureText,
  filterSources,
  statusActions,
  type SourceFilter,
} from '../../lib/admin.ts';
import type { PreviewResult } from '../../../core/domain/preview.ts';
import { readPreview, readSource, sourceStatus, type AdminSource } from '../../lib/admin-answers.ts';
import { ColumnHeads } from './charts.tsx';
import { ImportOpml } from './ImportOpml.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';

const when = (iso: string | null) => (iso ? (formatWhen(iso, new Date())?.text ?? 'never') : 'never');

/** The table's columns (a phone's cards name their values by them: `data-label`). */
const COLUMNS = ['Source', 'Status', 'Readers', 'Health', 'Articles', 'Review', 'Actions'] as const;

/**
 * One source as a table row. On a phone the table is laid out as one card per source
 * (admin.css): each cell then shows its column's name (`data-label`), and the explicit table roles
 * keep it a table for assistive technology, which a changed `display` would otherwise drop.
 */
function Row({ s, act, preview }: { s: AdminSource; act: (path: string, body: unknown, done: string) => Promise<boolean>; preview: () => void }) {
  const [mode, setMode] = useState<'' | 'hide' | 'flag'>('');
  const [reason, setReason] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (mode === 'hide') confirmRef.current?.focus();
    if (mode === 'flag') reasonRef.current?.focus();
  }, [mode]);
  const base = `/api/admin/sources/${encodeURIComponent(s.id)}`;
  return (
    <tr data-id={s.id} role="row">
      <th scope="row" role="rowheader">
        {s.name}
        <br />
        <span class="quiet small">{s.feed_url}</span>
      </th>
      <td role="cell" data-label={COLUMNS[1]}>{s.status}</td>
      <td role="cell" data-label={COLUMNS[2]}>{s.content_visible ? 'visible' : 'hidden'}</td>
      <td role="cell" data-label={COLUMNS[3]}>
        {isFailingSource(s) ? <strong>failing</strong> : 'ok'}
        <br />
        <span class="small">last success {when(s.last_success_at)}; failures {s.failures}</span>
        {s.last_error && <span class="small quiet"><br />{s.last_error}</span>}
      </td>
      <td role="cell" data-label={COLUMNS[4]}>
        {s.served} served
        <br />
        <span class="small">{s.acceptance_rate}% accepted</span>
      </td>
      <td role="cell" data-label={COLUMNS[5]}>{s.review_reason ?? <span class="quiet">–</span>}</td>
      <td role="cell">
        <div class="row-actions">
        {statusActions(s.status).map((a) => (
          <button key={a.to} type="button" class="button" onClick={() => void act(`${base}/status`, { status: a.to }, `${s.name}: ${a.label.toLowerCase()}d.`)} aria-label={`${a.label} ${s.name}`}>
            {a.label}
          </button>
        ))}
        {s.content_visible ? (
          mode === 'hide' ? (
            <span role="group" aria-label={`Confirm hiding ${s.name}`} class="confirm">
              Hide its articles from every reader now?{' '}
              <button ref={confirmRef} type="button" class="button danger" onClick={() => void act(`${base}/visibility`, { visibility: 'hidden' }, `${s.name} is hidden from readers.`).then(() => setMode(''))}>
                Yes, hide
              </button>{' '}
              <button type="button" class="button" onClick={() => setMode('')}>
                Cancel
              </button>
            </span>
          ) : (
            <button type="button" class="button" onClick={() => setMode('hide')} aria-label={`Hide ${s.name}…`}>
              Hide…
            </button>
          )
        ) : (
          <button type="button" class="button" onClick={() => void act(`${base}/visibility`, { visibility: 'visible' }, `${s.name} is shown to readers again.`)} aria-label={`Show ${s.name}`}>
            Show
          </button>
        )}
        {s.review_reason !== null ? (
          <button type="button" class="button" onClick={() => void act(`${base}/review`, { action: 'clear' }, `${s.name}: flag cleared.`)} aria-label={`Clear the flag on ${s.name}`}>
            Clear flag
          </button>
        ) : mode === 'flag' ? (
          <form
            class="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim()) void act(`${base}/review`, { action: 'flag', reason: reason.trim() }, `${s.name} is flagged for review.`).then((ok) => ok && setMode(''));
            }}
          >
            <label for={`flag-${s.id}`}>Reason</label>{' '}
            <input ref={reasonRef} id={`flag-${s.id}`} maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} required />{' '}
            <button type="submit" class="button">Flag</button>{' '}
            <button type="button" class="button" onClick={() => setMode('')}>Cancel</button>
          </form>
        ) : (
          <button type="button" class="button" onClick={() => setMode('flag')} aria-label={`Flag ${s.name}…`}>
            Flag…
          </button>
        )}
        <button type="button" class="button" onClick={preview} aria-label={`Live preview of ${s.name}`}>
          Preview
        </button>
        </div>
      </td>
    </tr>
  );
}

/** The sources section. */
export function Sources({ say }: { say: (t: string) => void }) {
  const { items, setItems, error, load } = useAdminItems('/api/admin/sources', readSource);
  const [filter, setFilter] = useState<SourceFilter>({ status: '', visibility: '', flagged: false, failing: false });
  const [preview, setPreview] = useState<{ name: string; body: PreviewResult | null; loading: boolean } | null>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => previewHeading.current?.focus(), [preview?.name]);

  const act = async (path: string, body: unknown, done: string): Promise<boolean> => {
    const answer = await request(path, { json: body });
    const next = answer.ok && isRecord(answer.body) ? readSource(answer.body.source) : null;
    if (!next) {
      say(failureText(answer));
      return false;
    }
    setItems((list) => (list ?? []).map((s) => (s.id === next.id ? next : s)));
    say(done);
    return true;
  };
  const runPreview = async (s: AdminSource) => {
    setPreview({ name: s.name, body: null, loading: true });
    const answer = await request(`/api/admin/sources/${encodeURIComponent(s.id)}/preview`, { method: 'POST' });
    if (answer.ok && isRecord(answer.body)) setPreview({ name: s.name, body: readPreview(answer.body.preview), loading: false });
    else {
      setPreview(null);
      say(failureText(answer));
    }
  };

  if (error) return <p class="error" role="alert">{error}</p>;
  if (!items) return <p class="quiet">Loading the sources…</p>;
  const shown = filterSources(items, filter);
  const set = (patch: Partial<SourceFilter>) => setFilter({ ...filter, ...patch });
  return (
    <div>
      <ImportOpml say={say} imported={load} />
      <fieldset class="row filters-row">
        <legend>Filter</legend>
        <label for="src-status">Status</label>
        <select id="src-status" value={filter.status} onChange={(e) => set({ status: sourceStatus(e.currentTarget.value) })}>
          <option value="">any</option>
          <option value="active">active</option>
          <option value="paused">paused</option>
          <option value="retired">retired</option>
        </select>
        <label for="src-vis">Visibility</label>
        <select id="src-vis" value={filter.visibility} onChange={(e) => set({ visibility: e.currentTarget.value === 'visible' ? 'visible' : e.currentTarget.value === 'hidden' ? 'hidden' : '' })}>
          <option value="">any</option>
          <option value="visible">visible</option>
          <option value="hidden">hidden</option>
        </select>
        <label class="check"><input type="checkbox" checked={filter.flagged} onChange={(e) => set({ flagged: e.currentTarget.checked })} /> flagged</label>
        <label class="check"><input type="checkbox" checked={filter.failing} onChange={(e) => set({ failing: e.currentTarget.checked })} /> failing</label>
      </fieldset>
      <p aria-live="polite">{shown.length} of {items.length} sources shown.</p>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Sources table">
        <table class="admin-table sources-table" role="table">
          <ColumnHeads columns={COLUMNS} roles />
          <tbody role="rowgroup">
            {shown.map((s) => (
              <Row key={s.id} s={s} act={act} preview={() => void runPreview(s)} />
            ))}
          </tbody>
        </table>
      </div>
      {preview && (
        <section class="admin-box" aria-labelledby="src-preview-title">
          <h4 id="src-preview-title" ref={previewHeading} tabIndex={-1}>
            Live preview: {preview.name}
          </h4>
          {preview.loading ? <p class="quiet">Reading the feed…</p> : <PreviewPanel preview={preview.body} label={`Preview of ${preview.name}`} />}
          <button type="button" class="button" onClick={() => setPreview(null)}>Close preview</button>
        </section>
      )}
    </div>
  );
}
