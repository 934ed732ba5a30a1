/**
 * Small accessible charts as inline SVG (no chart library): each is a `role="img"` picture named by
 * its title and summed up in a description, followed by the same numbers as a table (in a
 * disclosure), so nothing is only visual. Series differ by line style as well as colour.
 */
import { barWidths, linePoints, niceTicks, pathOf, shortDay, type Box } from '../../lib/admin.ts';

/** One line of a line chart. */
export interface Series {
  name: string;
  values: number[];
  /** CSS class giving colour and dash (`series-a` solid, `series-b` dashed). */
  className: string;
}

const BOX: Box = { width: 640, height: 220, left: 40, right: 12, top: 12, bottom: 28 };

/**
 * A table's header row: one column header per name (the charts' tables, the sources table).
 * `roles`: the table roles spelled out, for a table whose layout changes its `display`.
 */
export function ColumnHeads({ columns, roles = false }: { columns: readonly string[]; roles?: boolean }) {
  return (
    <thead role={roles ? 'rowgroup' : undefined}>
      <tr role={roles ? 'row' : undefined}>
        {columns.map((column) => (
          <th key={column} scope="col" role={roles ? 'columnheader' : undefined}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A chart's numbers as a table in a disclosure: a header per column, a row header per row. */
function NumbersTable({ title, columns, rows }: { title: string; columns: string[]; rows: Array<{ label: string; values: number[] }> }) {
  return (
    <details>
      <summary>{title}: the numbers</summary>
      <table>
        <caption class="sr-only">{title}</caption>
        <ColumnHeads columns={columns} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, i) => (
                <td key={columns[i + 1] ?? i}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Daily figures as lines over the days, with a table alternative. */
export function LineChart({ id, title, days, series }: { id: string; title: string; days: string[]; series: Series[] }) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const plotH = BOX.height - BOX.top - BOX.bottom;
  const y = (v: number) => BOX.top + plotH - (plotH * v) / top;
  const labelEvery = Math.max(1, Math.ceil(days.length / 7));
  const first = linePoints(days.map(() => 0), top, BOX);
  const summary = series.map((s) => `${s.name}: ${s.values.reduce((a, b) => a + b, 0)} in all, at most ${Math.max(0, ...s.values)} a day`).join('; ');
  return (
    <figure class="chart" data-chart={id}>
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${days[0] ? shortDay(days[0]) : ''} to ${days.length ? shortDay(days[days.length - 1] ?? '') : ''}. ${summary}.`}</desc>
        {ticks.map((t) => (
          <g key={t} class="axis">
            <line x1={BOX.left} x2={BOX.width - BOX.right} y1={y(t)} y2={y(t)} />
            <text x={BOX.left - 6} y={y(t) + 4} text-anchor="end">
              {t}
            </text>
          </g>
        ))}
        {first.map(([x], i) =>
          i % labelEvery === 0 ? (
            <text key={days[i]} class="axis" x={x} y={BOX.height - 8} text-anchor="middle">
              {shortDay(days[i] ?? '')}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <path key={s.name} class={`line ${s.className}`} d={pathOf(linePoints(s.values, top, BOX))} fill="none" />
        ))}
      </svg>
      <figcaption>
        <ul class="legend">
          {series.map((s) => (
            <li key={s.name}>
              <svg width="28" height="10" aria-hidden="true">
                <line class={`line ${s.className}`} x1="0" x2="28" y1="5" y2="5" />
              </svg>{' '}
              {s.name}
            </li>
          ))}
        </ul>
        <NumbersTable title={title} columns={['Day', ...series.map((s) => s.name)]} rows={days.map((day, i) => ({ label: day, values: series.map((s) => s.values[i] ?? 0) }))} />
      </figcaption>
    </figure>
  );
}

/** Labelled amounts as horizontal bars, with a table alternative. */
export function BarChart({ id, title, rows, unit }: { id: string; title: string; rows: Array<{ label: string; value: number }>; unit: string }) {
  const rowH = 28;
  const labelW = 150;
  const width = 640;
  const widths = barWidths(rows.map((r) => r.value), width - labelW - 60);
  const height = Math.max(rowH, rows.length * rowH) + 8;
  const summary = rows.map((r) => `${r.label} ${r.value}`).join(', ');
  if (!rows.length) {
    return (
      <figure class="chart" data-chart={id}>
        <figcaption>{title}</figcaption>
        <p class="quiet">Nothing to show yet.</p>
      </figure>
    );
  }
  return (
    <figure class="chart" data-chart={id}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${summary} (${unit}).`}</desc>
        {rows.map((r, i) => (
          <g key={r.label} class="bar-row">
            <text x={labelW - 8} y={i * rowH + 19} text-anchor="end">
              {r.label}
            </text>
            <rect class="bar" x={labelW} y={i * rowH + 6} width={Math.max(1, widths[i] ?? 0)} height={rowH - 10} rx="3" />
            <text x={labelW + (widths[i] ?? 0) + 6} y={i * rowH + 19}>
              {r.value}
            </text>
          </g>
        ))}
      </svg>
      <NumbersTable title={title} columns={['Kind', unit]} rows={rows.map((r) => ({ label: r.label, values: [r.value] }))} />
    </figure>
  );
}
