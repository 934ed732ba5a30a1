/**
 * The dashboard (`GET /api/admin/stats?days=7|30|90`): headline figures as cards, daily visits and
 * opens as a line chart, the emotional mix as bars, then the lists and counts. Every figure is read
 * tolerantly (a missing one shows as 0) and rendered as text.
 */
import { useEffect, useState } from 'preact/hooks';
import { isRecord } from '../../../core/domain/guards.ts';
import { request } from '../../lib/http.ts';
import { failureText, num, numOrNull, recs, str, type Rec } from '../../lib/admin.ts';
import { BarChart, LineChart } from './charts.tsx';

const WINDOWS = [7, 30, 90] as const;

const rec = (v: unknown): Rec => (isRecord(v) ? v : {});

function Figures({ title, rows }: { title: string; rows: Array<[string, number | string]> }) {
  return (
    <section class="admin-box" aria-label={title}>
      <h4>{title}</h4>
      <dl class="figures">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Ranked({ title, rows }: { title: string; rows: Array<[string, number]> }) {
  return (
    <section class="admin-box" aria-label={title}>
      <h4>{title}</h4>
      {rows.length ? (
        <ol class="ranked">
          {rows.map(([label, n], i) => (
            <li key={`${label}-${i}`}>
              {label} <span class="quiet">({n})</span>
            </li>
          ))}
        </ol>
      ) : (
        <p class="quiet">Nothing yet.</p>
      )}
    </section>
  );
}

/**
 * The visitor counts: today, 7 and 30 days, and the chosen window's own count only when it is
 * neither (with 7 or 30 it is the same number, which read as a fourth figure).
 */
function visitorRows(v: Record<string, unknown>, days: number): Array<[string, number]> {
  const rows: Array<[string, number]> = [['Today', num(v.today)], ['Last 7 days', num(v.last_7_days)], ['Last 30 days', num(v.last_30_days)]];
  if (days !== 7 && days !== 30) rows.push([`Last ${days} days`, num(v.in_window)]);
  return rows;
}

/** The dashboard; `days` is the chosen window (also used by the audience download). */
export function Dashboard({ days, setDays }: { days: number; setDays: (d: number) => void }) {
  const [stats, setStats] = useState<Rec | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    setError('');
    void request(`/api/admin/stats?days=${days}`).then((answer) => {
      if (!live) return;
      if (answer.ok && isRecord(answer.body)) setStats(answer.body);
      else setError(failureText(answer));
    });
    return () => {
      live = false;
    };
  }, [days]);

  const v = rec(stats?.visitors);
  const daily = recs(stats?.daily);
  const mix = rec(stats?.emotional_mix);
  const funnel = rec(stats?.funnel);
  return (
    <div class="dashboard">
      <fieldset class="row window">
        <legend>Window</legend>
        {WINDOWS.map((w) => (
          <label key={w} class="check">
            <input type="radio" name="stats-days" value={w} checked={days === w} onChange={() => setDays(w)} /> {w} days
          </label>
        ))}
      </fieldset>
      {error && <p class="error" role="alert">{error}</p>}
      {!stats && !error && <p class="quiet">Loading the figures…</p>}
      {stats && (
        <>
          <div class="cards-row">
            <Figures title="Visitors" rows={visitorRows(v, days)} />
            <Figures title="Returning" rows={[['Returning', num(rec(stats.returning).returning)], ['One and done', num(rec(stats.returning).one_and_done)]]} />
            <Figures title="People" rows={[['Accounts', num(rec(stats.accounts).total)], ['New accounts', num(rec(stats.accounts).new_in_window)], ['Unread feedback', num(stats.feedback_unread)]]} />
          </div>
          <LineChart
            id="chart-daily"
            title={`Daily visits and opens, last ${days} days`}
            days={daily.map((d) => str(d.day))}
            series={[
              { name: 'Visits', values: daily.map((d) => num(d.visits)), className: 'series-a' },
              { name: 'Opens', values: daily.map((d) => num(d.opens)), className: 'series-b' },
            ]}
          />
          <BarChart id="chart-mix" title="Emotional mix of opened stories" unit="Opens" rows={recs(mix.flavors).map((f) => ({ label: str(f.name) || str(f.flavor), value: num(f.opens) }))} />
          <p>
            Average cortisol of what was opened: <strong>{numOrNull(mix.avg_cortisol) ?? '–'}</strong>; average ragebait:{' '}
            <strong>{numOrNull(mix.avg_ragebait) ?? '–'}</strong> (0–10).
          </p>
          <div class="cards-row">
            <Ranked title="Top opened stories" rows={recs(stats.top_articles).map((a) => [str(a.title) || str(a.id), num(a.opens)])} />
            <Ranked title="Groupings" rows={recs(stats.groupings).map((g) => [str(g.name) || str(g.tag), num(g.opens)])} />
            <Ranked title="Topics" rows={recs(stats.topics).map((t) => [str(t.name) || str(t.topic), num(t.opens)])} />
          </div>
          <div class="cards-row">
            <Figures title="Reading funnel" rows={[['Opens', num(funnel.opens)], ['Summaries viewed', num(funnel.summary_viewed)], ['Source clicks', num(funnel.source_click)], ['Summary to source', `${num(funnel.summary_to_source_rate)}%`]]} />
            <Figures title="Shares" rows={[['Service link', num(rec(stats.shares).share_svc)], ['Source link', num(rec(stats.shares).copy_source)], ['Native share', num(rec(stats.shares).native_share)], ['In all', num(rec(stats.shares).total)]]} />
            <Figures title="Friction" rows={Object.entries(rec(stats.friction)).map(([k, n]) => [k.replace(/_/g, ' '), num(n)])} />
            <Figures title="Paywall" rows={Object.entries(rec(stats.paywall)).map(([k, n]) => [k.replace(/_/g, ' '), num(n)])} />
            <Figures title="Days seen per visitor" rows={recs(stats.returning_buckets).map((b) => [str(b.label), num(b.visitors)])} />
            <Figures title="Corpus (all time)" rows={Object.entries(rec(stats.corpus)).map(([k, n]) => [k.replace(/_/g, ' '), k.endsWith('_rate') ? `${num(n)}%` : num(n)])} />
            <Figures title="Source health (now)" rows={Object.entries(rec(stats.source_health)).map(([k, n]) => [k, num(n)])} />
          </div>
        </>
      )}
    </div>
  );
}
