/**
 * A feed's Preview result (docs/admin.md "Candidates", core/domain/preview.ts): sample size,
 * freshness, acceptance, average scores, accepted and skipped examples, topic and flavor mix and
 * the model's view, as read by admin-answers.ts `readPreview`. Everything is rendered as text.
 */
import type { PreviewResult } from '../../../core/domain/preview.ts';

function Mix({ label, value }: { label: string; value: Record<string, number> | undefined }) {
  const entries = Object.entries(value ?? {}).sort((a, b) => b[1] - a[1]);
  if (!entries.length) return null;
  return (
    <p>
      {label}: {entries.map(([k, n]) => `${k.replace(/-/g, ' ')} ${n}`).join(', ')}
    </p>
  );
}

/** The gate's reject reasons as an admin reads them. */
const REASON_LABEL: Record<string, string> = {
  cortisol: 'distressing',
  ragebait: 'outrage or click bait',
  promotional: 'advertising',
  model: 'the classifier said no',
  offline_veto: 'the offline model overruled the language model',
};

/** The preview, or a calm line when there is none. */
export function PreviewPanel({ preview: p, label }: { preview: PreviewResult | null; label: string }) {
  if (!p) return <p class="quiet">No preview yet.</p>;
  const age = p.freshness.newest_age_hours;
  const model = p.model_view;
  const { accepted, skipped } = p.examples;
  return (
    <section class="preview" aria-label={label}>
      <dl class="figures">
        <div><dt>Feed title</dt><dd>{p.feed_title || '–'}</dd></div>
        <div><dt>Sample</dt><dd>{p.sample_size} items</dd></div>
        <div><dt>Newest item</dt><dd>{age === null ? '–' : `${age} hours old`}</dd></div>
        <div><dt>Last 7 days</dt><dd>{p.recent_7_days}</dd></div>
        <div><dt>Would be accepted</dt><dd>{p.acceptance_rate}%</dd></div>
        <div><dt>Cortisol / ragebait / promotional</dt><dd>{`${p.avg_cortisol} / ${p.avg_ragebait} / ${p.avg_promotional}`}</dd></div>
        <div><dt>With images</dt><dd>{p.image_coverage}%</dd></div>
        <div><dt>Paywalled</dt><dd>{p.paywalled ? 'yes' : 'no'}</dd></div>
        {model && <div><dt>Classifier view</dt><dd>{`${model.classified_by}, accepts ${model.accept_rate}%`}</dd></div>}
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
            {skipped.map((s, i) => (
              <li key={i}>
                {s.title} <span class="quiet">({REASON_LABEL[s.reason] ?? s.reason}{s.cues.length > 0 ? `: ${s.cues.map((c) => `“${c}”`).join(', ')}` : ''})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
