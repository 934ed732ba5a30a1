/**
 * A feed's Preview result (docs/admin.md "Candidates", core/domain/preview.ts): sample size,
 * freshness, acceptance, average scores, accepted and skipped examples, topic and flavor mix and
 * the model's view. Everything is rendered as text.
 */
import { isRecord } from '../../../core/domain/guards.ts';
import { num, numOrNull, recs, str, type Rec } from '../../lib/admin.ts';

function Mix({ label, value }: { label: string; value: unknown }) {
  if (!isRecord(value)) return null;
  const entries = Object.entries(value).map(([k, n]) => [k, num(n)] as const).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return null;
  return (
    <p>
      {label}: {entries.map(([k, n]) => `${k.replace(/-/g, ' ')} ${n}`).join(', ')}
    </p>
  );
}

/** The preview, or a calm line when there is none. */
/** The gate's reject reasons as an admin reads them. */
const REASON_LABEL: Record<string, string> = {
  cortisol: 'distressing',
  ragebait: 'outrage or click bait',
  promotional: 'advertising',
  model: 'the classifier said no',
  offline_veto: 'the offline model overruled the language model',
};

export function PreviewPanel({ preview, label }: { preview: unknown; label: string }) {
  if (!isRecord(preview)) return <p class="quiet">No preview yet.</p>;
  const p: Rec = preview;
  const fresh = isRecord(p.freshness) ? p.freshness : {};
  const examples = isRecord(p.examples) ? p.examples : {};
  const accepted = Array.isArray(examples.accepted) ? examples.accepted.filter((t): t is string => typeof t === 'string') : [];
  const skipped = recs(examples.skipped);
  const model = isRecord(p.model_view) ? p.model_view : null;
  const age = numOrNull(fresh.newest_age_hours);
  return (
    <section class="preview" aria-label={label}>
      <dl class="figures">
        <div><dt>Feed title</dt><dd>{str(p.feed_title) || '–'}</dd></div>
        <div><dt>Sample</dt><dd>{num(p.sample_size)} items</dd></div>
        <div><dt>Newest item</dt><dd>{age === null ? '–' : `${age} hours old`}</dd></div>
        <div><dt>Last 7 days</dt><dd>{num(p.recent_7_days)}</dd></div>
        <div><dt>Would be accepted</dt><dd>{num(p.acceptance_rate)}%</dd></div>
        <div><dt>Cortisol / ragebait / promotional</dt><dd>{`${num(p.avg_cortisol)} / ${num(p.avg_ragebait)} / ${num(p.avg_promotional)}`}</dd></div>
        <div><dt>With images</dt><dd>{num(p.image_coverage)}%</dd></div>
        <div><dt>Paywalled</dt><dd>{p.paywalled === true ? 'yes' : 'no'}</dd></div>
        {model && <div><dt>Classifier view</dt><dd>{`${str(model.classified_by)}, accepts ${num(model.accept_rate)}%`}</dd></div>}
      </dl>
      <Mix label="Topics" value={p.topic_mix} />
      <Mix label="Flavors" value={p.flavor_mix} />
      {accepted.length > 0 && (
        <>
          <h5>Accepted examples</h5>
          <ul>{accepted.map((t, i) => <li key={i}>{t}</li>)}</ul>
        </>
      )}
      {skipped.length > 0 && (
        <>
          <h5>Skipped examples</h5>
          <ul>
            {skipped.map((s, i) => {
              const cues = Array.isArray(s.cues) ? s.cues.filter((c): c is string => typeof c === 'string') : [];
              return (
                <li key={i}>
                  {str(s.title)} <span class="quiet">({REASON_LABEL[str(s.reason)] ?? str(s.reason)}{cues.length > 0 ? `: ${cues.map((c) => `“${c}”`).join(', ')}` : ''})</span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
