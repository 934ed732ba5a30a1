/**
 * "Import OPML": choose a subscription list (.opml) exported by another reader, choose whether the
 * new sources start paused (the default) or active, and read what happened: added, already present
 * and refused, each with its reason. A file refused whole (malformed, not OPML, over 5 MB) adds
 * nothing and the reason is shown; a file over 5 MB is refused here before it is sent.
 */
import { useRef, useState } from 'preact/hooks';
import { request } from '../../lib/http.ts';
import { OPML_MAX_BYTES } from '../../../core/domain/source.ts';
import { failureText, importSentence, readImportSummary, type ImportLine, type ImportView } from '../../lib/admin.ts';
import { ErrorLine, SubmitButton } from '../../components/Form/index.tsx';

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
  const [result, setResult] = useState<{ view: ImportView; sentence: string } | null>(null);
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
      setProblem(`${file.name} is larger than 5 MB; an OPML import takes at most that. Nothing was imported.`);
      return;
    }
    setBusy(true);
    const status = active ? 'active' : 'paused';
    const answer = await request(`/api/admin/import/sources.opml?status=${status}`, { method: 'POST', file });
    setBusy(false);
    const view = answer.ok ? readImportSummary(answer.body) : null;
    if (!view) {
      setProblem(failureText(answer));
      say(failureText(answer));
      return;
    }
    const sentence = importSentence(view, status);
    setResult({ view, sentence });
    say(sentence);
    if (view.added.length > 0) imported();
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
            <Lines title="Added" lines={result.view.added} />
            <Lines title="Already present" lines={result.view.present} />
            <Lines title="Refused" lines={result.view.refused} />
          </div>
        )}
      </div>
    </section>
  );
}
