// Charts the server draws as SVG, no script: bars per day, and bars per page. Each chart is an
// image with a label, and its numbers follow in a table, which screen readers, text browsers and
// copy and paste read.
import type { ReactNode } from 'react';
import { number } from './render.tsx';

// Drawn at 480 units wide; CSS scales it to the column (templates/styles/console.css), so 14-unit
// labels read at about 10 px on a phone and 17 px at most on a desktop.
const WIDTH = 480;
const HEIGHT = 160;
const AXIS = 20;

export interface Series {
  label: string;
  className: 'bar' | 'bar-alt';
  values: readonly number[];
}

/** A day's label is centred under its bar, but kept inside the chart at both ends (a label past the edge is cut). */
const labelAnchor = (x: number): 'start' | 'middle' | 'end' => (x < 24 ? 'start' : x > WIDTH - 24 ? 'end' : 'middle');

/** Stacked bars, one per day; labels under every seventh day ("24.11."). */
export function DayChart({ label, days, series }: { label: string; days: readonly string[]; series: readonly Series[] }) {
  const totals = days.map((_day, index) => series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = WIDTH / Math.max(1, days.length);
  const scale = (value: number) => (value / max) * (HEIGHT - AXIS - 20);
  return (
    <svg className="console-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <text x="0" y="13">{number(max)}</text>
      {series.length > 1 &&
        series.map((one, index) => (
          <g key={one.label}>
            <rect className={one.className} x={60 + index * 210} y="2" width="12" height="12" />
            <text x={76 + index * 210} y="13">{one.label}</text>
          </g>
        ))}
      <line x1="0" y1={HEIGHT - AXIS} x2={WIDTH} y2={HEIGHT - AXIS} stroke="currentColor" strokeWidth="1" opacity="0.3" />
      {days.map((day, index) => {
        let base = HEIGHT - AXIS;
        const bars: ReactNode[] = series.map((one) => {
          const height = scale(one.values[index] ?? 0);
          base -= height;
          return height > 0 ? <rect key={one.label} className={one.className} x={index * slot + 2} y={base} width={slot - 4} height={height} /> : null;
        });
        const [, month, date] = day.split('-');
        return (
          <g key={day}>
            {bars}
            {(days.length - 1 - index) % 7 === 0 && (
              <text x={index * slot + slot / 2} y={HEIGHT - 4} textAnchor={labelAnchor(index * slot + slot / 2)}>{`${date}.${month}.`}</text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Horizontal bars, one per row, longest first. */
export function RankChart({ label, rows }: { label: string; rows: readonly { name: string; value: number }[] }) {
  const max = Math.max(1, ...rows.map((row) => row.value));
  const row = 24;
  const height = Math.max(row, rows.length * row);
  const textWidth = 230;
  // Room right of the longest bar for its number ("1.234.567" at 14 units), which would be cut past the edge.
  const barSpace = WIDTH - textWidth - 72;
  return (
    <svg className="console-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label}>
      {rows.map((entry, index) => (
        <g key={entry.name}>
          <text x="0" y={index * row + 17}>
            {entry.name.length > 30 ? `${entry.name.slice(0, 29)}…` : entry.name}
          </text>
          <rect className="bar" x={textWidth} y={index * row + 4} width={Math.max(1, (entry.value / max) * barSpace)} height={row - 8} />
          <text x={textWidth + (entry.value / max) * barSpace + 6} y={index * row + 17}>
            {number(entry.value)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** A table of numbers with a caption; number columns right-aligned, an optional sum row. */
export function NumberTable({ caption, head, rows, sum }: { caption: string; head: readonly string[]; rows: readonly (readonly (string | number | ReactNode)[])[]; sum?: readonly (string | number)[] }) {
  const cell = (value: string | number | ReactNode, index: number) =>
    typeof value === 'number' ? (
      <td key={index} className="number">
        {number(value)}
      </td>
    ) : (
      <td key={index}>{value}</td>
    );
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((label, index) => (
              <th key={label} scope="col" className={index > 0 ? 'number' : undefined}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>{row.map(cell)}</tr>
          ))}
        </tbody>
        {sum && (
          <tfoot>
            <tr>
              {sum.map((value, index) => (index === 0 ? <th key={index} scope="row">{value}</th> : cell(value, index)))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
