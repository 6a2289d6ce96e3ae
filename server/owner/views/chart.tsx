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
// The labels' font is 14 units (console.css); a character is taken as 0.72 of that, wider than a
// digit of the site's font (0.65, measured in Chromium), so that a label placed by this estimate
// stays inside the viewBox (tests/e2e/owner-visits.test.ts measures each text's box in Chromium).
const CHAR_WIDTH = 14 * 0.72;
const MIN_LABEL_GAP = 8;

/** The estimated width of a label in chart units. */
export const labelWidth = (text: string): number => text.length * CHAR_WIDTH;

/** The x of a centred label at `x`, moved inwards so that none of it lies outside the chart. */
const inside = (x: number, text: string): number => {
  const half = labelWidth(text) / 2;
  return Math.min(WIDTH - half, Math.max(half, x));
};

/** Every how many days a date label stands: a week or a multiple of it where a week is too narrow, every day for short periods. */
function labelStep(slot: number): number {
  const needed = labelWidth('00.00.') + MIN_LABEL_GAP;
  if (slot >= needed) return 1;
  let step = 7;
  while (step * slot < needed) step += 7;
  return step;
}

export interface Series {
  label: string;
  className: 'bar' | 'bar-alt';
  values: readonly number[];
}

/** Stacked bars, one per day; labels ("24.11.") under the last day and every seventh before it (every day of a short period, every second or third week of a long one). */
export function DayChart({ label, days, series }: { label: string; days: readonly string[]; series: readonly Series[] }) {
  const totals = days.map((_day, index) => series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = WIDTH / Math.max(1, days.length);
  const scale = (value: number) => (value / max) * (HEIGHT - AXIS - 20);
  const step = labelStep(slot);
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
            {(days.length - 1 - index) % step === 0 && (
              <text x={inside(index * slot + slot / 2, `${date}.${month}.`)} y={HEIGHT - 4} textAnchor="middle">{`${date}.${month}.`}</text>
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
  // The names are cut to fit before the bars (the table below names each in full); the bars leave
  // room for the longest number after them.
  const nameChars = Math.floor((textWidth - MIN_LABEL_GAP) / CHAR_WIDTH);
  const barRoom = WIDTH - textWidth - 6 - Math.max(...rows.map((entry) => labelWidth(number(entry.value))), labelWidth('0'));
  return (
    <svg className="console-chart" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label}>
      {rows.map((entry, index) => (
        <g key={entry.name}>
          <text x="0" y={index * row + 17}>
            {entry.name.length > nameChars ? `${entry.name.slice(0, nameChars - 1)}…` : entry.name}
          </text>
          <rect className="bar" x={textWidth} y={index * row + 4} width={Math.max(1, (entry.value / max) * barRoom)} height={row - 8} />
          <text x={textWidth + (entry.value / max) * barRoom + 6} y={index * row + 17}>
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
