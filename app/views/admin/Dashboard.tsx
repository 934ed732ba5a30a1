/**
 * The dashboard (`GET /api/admin/stats?days=7|30|90`): headline figures as cards, daily visits and
 * opens as a line chart, the emotional mix as bars, then the lists and counts. Every figure is read
 * tolerantly (a missing one shows as 0) and rendered as text.
 */
import { useEffect, useState } from 'preact/hooks';
import { STATS_WINDOWS, type AdminStats, type StatsWindow } from '../../../core/domain/stats.ts';
import { request } from '../../lib/http.ts';
import { failureText } from '../../lib/admin.ts';
import { readStats } from '../../lib/admin-answers.ts';
import { BarChart, LineChart } from './charts.tsx';

/** A figures table's rows: its keys as words, each count (a `_rate` as a percentage). */
const rowsOf = (figures: Record<string, number>): Array<[string, number | string]> =>
  Object.entries(figures).map(([k, n]) => [k.replace(/_/g, ' '), k.endsWith('_rate') ? `${n}%` : n]);

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
function visitorRows(v: AdminStats['visitors'], days: StatsWindow): Array<[string, number]> {
  const rows: Array<[string, number]> = [['Today', v.today], ['Last 7 days', v.last_7_days], ['Last 30 days', v.last_30_days]];
  if (days !== 7 && days !== 30) rows.push([`Last ${days} days`, v.in_window]);
  return rows;
}

/** The dashboard; `days` is the chosen window (also used by the audience download). */
export function Dashboard({ days, setDays }: { days: StatsWindow; setDays: (d: StatsWindow) => void }) {
  const [stats, setStats] = useState<AdminStats | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    setError('');
    void request(`/api/admin/stats?days=${days}`).then((answer) => {
      if (!live) return;
      const read = answer.ok ? readStats(answer.body) : null;
      if (read) setStats(read);
      else setError(failureText(answer));
    });
    return () => {
      live = false;
    };
  }, [days]);

  return (
    <div class="dashboard">
      <fieldset class="row window">
        <legend>Window</legend>
        {STATS_WINDOWS.map((w) => (
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
            <Figures title="Visitors" rows={visitorRows(stats.visitors, days)} />
            <Figures title="Returning" rows={[['Returning', stats.returning.returning], ['One and done', stats.returning.one_and_done]]} />
            <Figures title="People" rows={[['Accounts', stats.accounts.total], ['New accounts', stats.accounts.new_in_window], ['Unread feedback', stats.feedback_unread]]} />
          </div>
          <LineChart
            id="chart-daily"
            title={`Daily visits and opens, last ${days} days`}
            days={stats.daily.map((d) => d.day)}
            series={[
              { name: 'Visits', values: stats.daily.map((d) => d.visits), className: 'series-a' },
              { name: 'Opens', values: stats.daily.map((d) => d.opens), className: 'series-b' },
            ]}
          />
          <BarChart id="chart-mix" title="Emotional mix of opened stories" unit="Opens" rows={stats.emotional_mix.flavors.map((f) => ({ label: f.name || f.flavor, value: f.opens }))} />
          <p>
            Average cortisol of what was opened: <strong>{stats.emotional_mix.avg_cortisol ?? '–'}</strong>; average ragebait:{' '}
            <strong>{stats.emotional_mix.avg_ragebait ?? '–'}</strong> (0–10).
          </p>
          <div class="cards-row">
            <Ranked title="Top opened stories" rows={stats.top_articles.map((a) => [a.title || a.id, a.opens])} />
            <Ranked title="Groupings" rows={stats.groupings.map((g) => [g.name || g.tag, g.opens])} />
            <Ranked title="Topics" rows={stats.topics.map((t) => [t.name || t.topic, t.opens])} />
          </div>
          <div class="cards-row">
            <Figures title="Reading funnel" rows={[['Opens', stats.funnel.opens], ['Summaries viewed', stats.funnel.summary_viewed], ['Source clicks', stats.funnel.source_click], ['Summary to source', `${stats.funnel.summary_to_source_rate}%`]]} />
            <Figures title="Shares" rows={[['Service link', stats.shares.share_svc], ['Source link', stats.shares.copy_source], ['Native share', stats.shares.native_share], ['In all', stats.shares.total]]} />
            <Figures title="Friction" rows={rowsOf(stats.friction)} />
            <Figures title="Paywall" rows={rowsOf(stats.paywall)} />
            <Figures title="Days seen per visitor" rows={stats.returning_buckets.map((b) => [b.label, b.visitors])} />
            <Figures title="Corpus (all time)" rows={rowsOf(stats.corpus)} />
            <Figures title="Source health (now)" rows={Object.entries(stats.source_health)} />
          </div>
        </>
      )}
    </div>
  );
}
