/**
 * "Import OPML": choose a subscription list (.opml) exported by another reader, choose whether the
 * new sources start paused (the default) or active, and read what happened: added, already present
 * and refused, each with its reason. A file refused whole (malformed, not OPML, over
 * OPML_MAX_BYTES) adds nothing and the reason is shown; a file over the limit is refused here before
 * it is sent.
 */
import { useRef, useState } from 'preact/hooks';
import { request } from '../../lib/http.ts';
import type { ImportSummary } from '../../../core/domain/opml.ts';
import { OPML_MAX_BYTES, type ImportStatus } from '../../../core/domain/source.ts';
import { failureText, importSentence } from '../../lib/admin.ts';
import { readImportSummary } from '../../lib/admin-answers.ts';
import { ErrorLine, SubmitButton } from '../../components/Form/index.tsx';

/** One line of an import's summary: the outline's name and address, and its status or reason. */
interface ImportLine {
  name: string;
  url: string;
  note: string;
}

/** A file's limit as people say it. */
const LIMIT = `${OPML_MAX_BYTES / 1024 / 1024} MB`;

function Lines({ title, lines }: { title: string; lines: ImportLine[] }) {
  if (lines.length === 0) return null;
  return (
    <details open={title === 'Refused'}>
      <summary>
        {title} ({lines.length})
      </summary>
      <ul class="small">
        {lines.map((l, i) => (
          <li key={i}>
            {l.name || <span class="quiet">(no name)</span>} {l.url && <span class="quiet">{l.url}</span>} {l.note && <>— {l.note}</>}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The import form and the last import's summary; `imported` reloads the sources table. */
export function ImportOpml({ say, imported }: { say: (t: string) => void; imported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [active, setActive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ summary: ImportSummary; sentence: string } | null>(null);
  const [problem, setProblem] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const submit = async (e: Event) => {
    e.preventDefault();
    setResult(null);
    setProblem('');
    if (!file) {
      setProblem('Choose an OPML file first.');
      input.current?.focus();
      return;
    }
    if (file.size > OPML_MAX_BYTES) {
      setProblem(`${file.name} is larger than ${LIMIT}; an OPML import takes at most that. Nothing was imported.`);
      return;
    }
    setBusy(true);
    const status: ImportStatus = active ? 'active' : 'paused';
    const answer = await request(`/api/admin/import/sources.opml?status=${status}`, { method: 'POST', file });
    setBusy(false);
    const summary = answer.ok ? readImportSummary(answer.body) : null;
    if (!summary) {
      setProblem(failureText(answer));
      say(failureText(answer));
      return;
    }
    const sentence = importSentence(summary, status);
    setResult({ summary, sentence });
    say(sentence);
    if (summary.added.length > 0) imported();
  };

  return (
    <section class="admin-box" aria-labelledby="opml-import-title">
      <h4 id="opml-import-title">Import OPML</h4>
      <p class="small quiet">
        Each feed in the file becomes a source; feeds already here are left as they are; folders and categories are kept as topic hints.
      </p>
      <form class="inline-form" onSubmit={(e) => void submit(e)}>
        <label for="opml-file">OPML file</label>
        <input
          ref={input}
          id="opml-file"
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        <label class="check">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} /> start them active (polled at once)
        </label>
        <SubmitButton busy={busy} busyLabel="Importing…">
          Import
        </SubmitButton>
      </form>
      <div aria-live="polite">
        <ErrorLine text={problem} />
        {result && (
          <div class="import-summary">
            <p>{result.sentence}</p>
            <Lines title="Added" lines={result.summary.added.map((a) => ({ name: a.name, url: a.feed_url, note: a.status }))} />
            <Lines title="Already present" lines={result.summary.present.map((p) => ({ name: p.name, url: p.feed_url, note: p.reason }))} />
            <Lines title="Refused" lines={result.summary.refused.map((r) => ({ name: r.name, url: r.url, note: r.reason }))} />
          </div>
        )}
      </div>
    </section>
  );
}
